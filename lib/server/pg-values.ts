import pg from "pg";

// How raw SQL (queryRows in lib/server/db.ts), which skips Prisma, reads and sends
// values the way Prisma does. Prisma keeps every timestamp column in UTC without a zone;
// node-postgres would read such a value in the process's own time zone, and send a Date in it.

const TIMESTAMP_OID = 1114;
const BIGINT_OID = 20;
const NUMERIC_OID = 1700;

/** A `timestamp` value as PostgreSQL writes it ("2026-01-02 03:04:05.678"), read as UTC. */
export function timestampAsUtc(text: string): Date {
  return new Date(`${text.replace(" ", "T")}Z`);
}

/**
 * node-postgres's readers, but timestamps read as UTC, and bigint (every count(*) and sum) and
 * numeric (averages) as numbers: the figures the app reads are counts and ratios, far inside a
 * double's exact range, so the rows come back as the API writes them.
 */
export const readTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === TIMESTAMP_OID) return timestampAsUtc;
    if (oid === BIGINT_OID || oid === NUMERIC_OID) return Number;
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** A parameter as Prisma sends it: a Date as its UTC instant (PostgreSQL ignores the zone when it reads a timestamp), a bigint as its digits. */
export function toParameter(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  return value;
}
