import { db } from "../helpers/db";

// Deleting a user, a ticket or an organisation makes PostgreSQL find every row that points at
// it (to cascade or to set null). Without an index that starts with the pointing columns,
// each of those checks reads its whole table, so removing one agent from a desk with a million
// tickets would take minutes and hold locks all the while. Every foreign key needs one: whole, or
// over the rows whose key is set (a row without one points at nothing, so the checks never look
// for it, and rows written by rules and the system skip the entry).

type Unindexed = { table: string; constraint: string; columns: string };

it("every foreign key has an index whose leading columns are its own", async () => {
  const unindexed = await db.$queryRaw<Unindexed[]>`
    SELECT c.conrelid::regclass::text AS "table", c.conname AS "constraint",
           (SELECT string_agg(a.attname, ', ' ORDER BY k.ord)
              FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS "columns"
      FROM pg_constraint c
     WHERE c.contype = 'f'
       AND c.connamespace = 'public'::regnamespace
       AND NOT EXISTS (
         SELECT 1 FROM pg_index i
          WHERE i.indrelid = c.conrelid
            AND (i.indpred IS NULL
              OR (cardinality(c.conkey) = 1 AND pg_get_expr(i.indpred, i.indrelid) = format('(%I IS NOT NULL)',
                (SELECT a.attname FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attnum = c.conkey[1]))))
            AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
            AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)
     ORDER BY 1, 2`;
  expect(unindexed).toEqual([]);
});
