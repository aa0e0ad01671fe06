import "server-only";
import { badRequest } from "@/lib/errors";

/**
 * Keyset paging over (createdAt desc, id desc), shared by every list that pages: stable
 * while new rows arrive, and no OFFSET, so a deep page costs what the first one does.
 */
type Keyed = { createdAt: Date; id: string };
/** A row as read: its time a Date, or the ISO text in the JSON a statement built. */
type Row = { createdAt: Date | string; id: string };

export function encodeCursor(row: Row): string {
  return Buffer.from(`${new Date(row.createdAt).toISOString()}|${row.id}`).toString("base64url");
}

export function decodeCursor(cursor: string): Keyed {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (!id || Number.isNaN(createdAt.getTime())) throw badRequest("Invalid cursor");
  return { createdAt, id };
}

/**
 * Prisma filter for the rows after `cursor`. The redundant `createdAt <= cursor` becomes an
 * index condition, so a deep page starts right at the cursor instead of filtering its way
 * down from the newest row.
 */
export function afterCursor(cursor: string | undefined) {
  if (!cursor) return {};
  const { createdAt, id } = decodeCursor(cursor);
  return { createdAt: { lte: createdAt }, OR: [{ createdAt: { lt: createdAt } }, { id: { lt: id } }] };
}

/** The page of `limit` rows out of `limit + 1` fetched, and the cursor of the next page. */
export function pageOf<T extends Row>(rows: T[], limit: number): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null };
}

/**
 * A page of a list read newest first and shown oldest first (a conversation, a ticket's history):
 * the newest `limit` of the `limit + 1` rows fetched, oldest first, and where the earlier ones start.
 */
export function oldestFirstPageOf<T extends Row>(newestFirst: T[], limit: number) {
  const { page, nextCursor } = pageOf(newestFirst, limit);
  return { page: page.reverse(), nextCursor };
}
