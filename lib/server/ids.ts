import { randomUUID } from "node:crypto";

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. The same kind
 * of id Prisma's `@default(uuid(7))` makes, for rows inserted with hand-written SQL; made here
 * rather than by Postgres, whose uuidv7() only exists from version 18.
 *
 * The random part is a version 4 UUID's after its version digit (same variant): Node draws
 * those from a buffer it refills in batches, where asking for 16 random bytes for each id took
 * six times as long (a new ticket takes five ids).
 */
export function uuidv7(now = Date.now()): string {
  const time = now.toString(16).padStart(12, "0");
  // "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx": from the three random digits after the "4" on.
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
}
