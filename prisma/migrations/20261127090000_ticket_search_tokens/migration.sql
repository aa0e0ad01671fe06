-- The whole tokens of a search term ("43326" in "reference 43326.", "nguyen106" in an address) are found
-- in the list of the organisation tickets that hold the token, which is as long as its matches;
-- the trigram index ("Ticket_search_trgm_idx") finds them from lists that grow with all of the
-- organisation text. At a million tickets a rare address took 0.98 ms there and 0.18 ms here.
-- The expression is the one lib/services/ticket-sql.ts tests. The pending list is kept as short as
-- in the trigram index, for the same reason: every search reads all of it.
CREATE INDEX "Ticket_search_tokens_idx" ON "Ticket" USING gin ("organizationId", (regexp_split_to_array("searchText", '[^a-z0-9]+'))) WITH (gin_pending_list_limit = 256);
