import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SessionRecord } from "@/lib/schemas/session-record";
import { queryRows } from "@/lib/server/db";

/** How often a session's "last seen" is written: the list shows minutes, and a write per request would cost every request. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

type Row = Omit<SessionRecord, "lastSeenAt" | "expiresAt"> & { lastSeenAt: Date; expiresAt: Date };

const toRecord = (row: Row): SessionRecord => ({
  ...row,
  lastSeenAt: row.lastSeenAt.getTime(),
  expiresAt: row.expiresAt.getTime(),
});

/** The session as the session check needs it, when it is live (not ended); read when this process has not kept it. */
export async function readLiveSession(id: string): Promise<SessionRecord | null> {
  const rows = await queryRows<Row>(
    Prisma.sql`SELECT "id", "userId", "sessionVersion", "twoFactorPending", "lastSeenAt", "expiresAt"
      FROM "UserSession" WHERE "id" = ${id} AND "endedAt" IS NULL`,
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Writes "last seen" when the kept value is older than LAST_SEEN_EVERY_MS; the condition makes
 * it once per period however many processes serve the session. Announces nothing (the trigger
 * ignores this column), so no cache is emptied by it.
 */
export async function touchSession(id: string, now: Date): Promise<void> {
  await queryRows(
    Prisma.sql`UPDATE "UserSession" SET "lastSeenAt" = ${now}
      WHERE "id" = ${id} AND "lastSeenAt" < ${new Date(now.getTime() - LAST_SEEN_EVERY_MS)}`,
  );
}
