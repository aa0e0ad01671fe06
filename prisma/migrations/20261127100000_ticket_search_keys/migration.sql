-- A rare whole token of a search term is found by keys that hold the organisation as well as the
-- token: the index then gives the tenant tickets that hold the token straight from one short
-- list, where the index this replaces intersected that list with the organisation list (0.10 ms
-- at a million tickets against 0.03 ms here, and 0.02 ms at ten thousand either way).
-- A key is a 64-bit hash of the token seeded by the organisation: two pairs that share a key only
-- add a candidate, which the search drops by its organisation and whole-term tests.
-- lib/services/ticket-sql.ts computes the keys of the term with this same function.
CREATE FUNCTION ticket_search_keys(organization text, search text) RETURNS bigint[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT ARRAY(SELECT hashtextextended(token, hashtext(organization)) FROM unnest(regexp_split_to_array(search, '[^a-z0-9]+')) AS token WHERE token <> '') $$;

-- The pending list is kept as short as in the trigram index, for the same reason: every search reads all of it.
CREATE INDEX "Ticket_search_keys_idx" ON "Ticket" USING gin (ticket_search_keys("organizationId", "searchText")) WITH (gin_pending_list_limit = 256);

DROP INDEX "Ticket_search_tokens_idx";
