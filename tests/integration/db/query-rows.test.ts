import { Prisma } from "@/generated/prisma/client";
import { db, queryRows } from "@/lib/server/db";
import { isForeignKeyViolation } from "@/lib/server/db-errors";

// Raw SQL skips Prisma (lib/server/db.ts queryRows) but must read and write values as it
// does (the time zone rules are tests/unit/lib/pg-values.test.ts).

describe("queryRows", () => {
  it("reads a stored time back as the instant Prisma wrote", async () => {
    const at = new Date("2026-06-30T23:59:59.123Z");
    const [row] = await queryRows<{ at: Date; text: string }>(
      Prisma.sql`SELECT ${at}::timestamp(3) AS "at", ${at}::timestamp(3)::text AS "text"`,
    );
    const [viaPrisma] = await db.$queryRaw<{ at: Date; text: string }[]>`
      SELECT ${at}::timestamp(3) AS "at", ${at}::timestamp(3)::text AS "text"`;
    expect(row).toEqual({ at, text: "2026-06-30 23:59:59.123" });
    expect(viaPrisma).toEqual(row);
  });

  it("reads counts, sums and averages as numbers, and booleans, arrays and JSON as node-postgres does", async () => {
    const [row] = await queryRows<Record<string, unknown>>(
      Prisma.sql`SELECT count(*) AS "count", sum(x) AS "sum", avg(x) AS "average", 7::int AS "int", true AS "yes",
        ARRAY['a','b']::text[] AS "list", json_build_object('k', 1) AS "json", ${"it's"}::text AS "quoted"
        FROM (VALUES (2), (3)) AS v(x)`,
    );
    expect(row).toEqual({
      count: 2,
      sum: 5,
      average: 2.5,
      int: 7,
      yes: true,
      list: ["a", "b"],
      json: { k: 1 },
      quoted: "it's",
    });
  });

  it("runs a statement given as text and values, and fails as a query fails", async () => {
    expect(await queryRows<{ n: number }>({ text: "SELECT $1::int + 1 AS n", values: [41] })).toEqual([{ n: 42 }]);
    await expect(queryRows({ text: "SELECT * FROM no_such_table", values: [] })).rejects.toMatchObject({
      code: "42P01",
    });
  });

  it("fails a write naming a row that is gone as a foreign-key violation, as Prisma's does", async () => {
    const write = Prisma.sql`INSERT INTO "TicketMessageId" ("organizationId", "ticketId", "messageId")
      VALUES ('no-organization', 'no-ticket', '<gone@example.test>') RETURNING "messageId"`;
    const failures = await Promise.all([
      queryRows(write).catch((error: unknown) => error),
      db.$queryRaw(write).catch((error: unknown) => error),
    ]);
    expect(failures.map(isForeignKeyViolation)).toEqual([true, true]);
  });
});
