-- Staff searches find a ticket by the values of its custom fields too (an agent types an order
-- number in the search box): text, long text, number, decimal, date, a dropdown option and each
-- option of a multi-select, as the ticket holds them. Checkboxes hold only yes or no and are left
-- out. The values join the search text after the customer name, each after a U+001F as the other
-- fields are, so that a term never spans two values and every search index (trigrams, token keys)
-- and every way of looking a term up finds them with no change. A ticket without values keeps the
-- text it had. Customers search only the fields shown to them (lib/services/tickets/list.ts).
-- (No apostrophe or semicolon in these comments: the migration runner reads them as the start
-- of a string or the end of a statement.)

-- The values of a ticket as searched, in the order of their keys, or null when it holds none.
CREATE FUNCTION ticket_field_search_text(fields jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS '
  SELECT string_agg(e.value #>> ''{}'', E''\x1f'' ORDER BY f.key, e.n)
  FROM jsonb_each(CASE WHEN jsonb_typeof(fields) = ''object'' THEN fields ELSE ''{}''::jsonb END) AS f
    CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(f.value) = ''array'' THEN f.value ELSE jsonb_build_array(f.value) END)
      WITH ORDINALITY AS e(value, n)
  WHERE jsonb_typeof(e.value) IN (''string'', ''number'')';

-- The search text of a ticket, lowercased: the column below, and what a customer search tests
-- with only the values of the fields shown to customers.
CREATE FUNCTION ticket_search_text(subject text, description text, email text, name text, fields jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS '
  SELECT lower(subject || E''\x1f'' || description || E''\x1f'' || email || E''\x1f'' || name
    || coalesce(E''\x1f'' || ticket_field_search_text(fields), ''''))';

-- Rewrites the table and rebuilds its indexes, holding writes to tickets while it runs.
ALTER TABLE "Ticket" ALTER COLUMN "searchText" SET EXPRESSION AS (
  ticket_search_text("subject", "description", "customerEmail", "customerName", "customFields")
);

-- The indexes on the column are built again from their definitions, which leave out that no
-- statistics are kept of the search keys (migration ticket_search_keys_statistics): no plan reads
-- them, and computing them was most of every ANALYZE of the tickets.
ALTER INDEX "Ticket_search_keys_idx" ALTER COLUMN 1 SET STATISTICS 0;
