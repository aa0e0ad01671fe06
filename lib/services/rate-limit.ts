import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db, queryRows } from "@/lib/server/db";
import { tooManyRequests } from "@/lib/errors";

export type Limit = { limit: number; windowMs: number };

/** Throttles used across the app: per account and per client address. */
export const LIMITS = {
  // Sign-in: see lib/services/users/login-throttle.ts for how the three fit together.
  loginPerAccountAndAddress: { limit: 10, windowMs: 15 * 60_000 },
  loginPerAddress: { limit: 50, windowMs: 15 * 60_000 },
  loginPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  registerPerAddress: { limit: 10, windowMs: 60 * 60_000 },
  // Sign-up answers whether an address is taken (it signs the new owner in at once): per email, few tries.
  registerPerEmail: { limit: 5, windowMs: 60 * 60_000 },
  emailChangePerUser: { limit: 5, windowMs: 60 * 60_000 },
  forgotPerAccount: { limit: 5, windowMs: 60 * 60_000 },
  forgotPerAddress: { limit: 20, windowMs: 60 * 60_000 },
  waitlistPerAddress: { limit: 10, windowMs: 60 * 60_000 },
  // Each of these may cost a password hash: a handful an hour is all a real user needs.
  resetPerAddress: { limit: 10, windowMs: 15 * 60_000 },
  acceptInvitePerAddress: { limit: 10, windowMs: 15 * 60_000 },
  passwordChangePerAccount: { limit: 5, windowMs: 15 * 60_000 },
  // A confirmation link lands in someone's inbox: a few an hour per support address.
  supportEmailVerifyPerAddress: { limit: 3, windowMs: 60 * 60_000 },
  supportEmailVerifyPerClient: { limit: 20, windowMs: 15 * 60_000 },
  // Saving mailbox settings resolves the host name: an admin needs a handful, not thousands.
  imapSettingsPerUser: { limit: 30, windowMs: 60 * 60_000 },
  // Satisfaction links: opening the page and saving a rating each look a token up, so a
  // customer needs a handful; guessing 256-bit tokens needs far more than this allows.
  ratingLinkPerAddress: { limit: 60, windowMs: 15 * 60_000 },
  // The reply box's Preview renders on the server: a click per look, far below this.
  replyPreviewPerUser: { limit: 60, windowMs: 60_000 },
  // API tokens: a program with a good token never fails, so only a few mistakes an address
  // are allowed before every call from it is refused; guessing a 238-bit secret needs far more.
  apiTokenFailuresPerAddress: { limit: 20, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * The statement that counts `hits` (one unless given) against each key `keys` yields (a query of
 * one text column) in a fixed window of `windowMs`, returning each key's count and when its
 * window resets. Every throttle counts through it, so a caller can count within a statement of its own.
 */
export function countHits(keys: Prisma.Sql, windowMs: number, hits = 1): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "RateLimitBucket" ("key", "count", "resetAt")
    SELECT hit."key", ${hits}::int, now() + ${windowMs} * interval '1 millisecond' FROM (${keys}) AS hit("key")
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimitBucket"."resetAt" <= now() THEN EXCLUDED."count" ELSE "RateLimitBucket"."count" + EXCLUDED."count" END,
      "resetAt" = CASE WHEN "RateLimitBucket"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimitBucket"."resetAt" END
    RETURNING "count", "resetAt"`;
}

/**
 * Counts one hit (or `hits`) against `key` in a fixed window and says whether it is still within the limit,
 * with the seconds until the window resets. The counter lives in PostgreSQL, so every server
 * process shares it.
 */
export async function take(
  key: string,
  { limit, windowMs }: Limit,
  hits = 1,
): Promise<{ allowed: boolean; count: number; retryAfter: number }> {
  const rows = await queryRows<{ count: number; resetAt: Date }>(
    countHits(Prisma.sql`SELECT ${key}::text`, windowMs, hits),
  );
  const row = rows[0]!;
  return { allowed: row.count <= limit, count: row.count, retryAfter: (row.resetAt.getTime() - Date.now()) / 1000 };
}

/** Counts one hit against `key` and throws 429 (with Retry-After) past the limit. */
export async function hit(key: string, limit: Limit, message?: string): Promise<void> {
  const { allowed, retryAfter } = await take(key, limit);
  if (!allowed) throw tooManyRequests(retryAfter, message);
}

/** Gives one hit back (a check that turned out right is not a failure). */
export async function refund(key: string): Promise<void> {
  await db.$executeRaw`UPDATE "RateLimitBucket" SET "count" = GREATEST("count" - 1, 0) WHERE "key" = ${key}`;
}

/** Notes that `key` happened; `seen` answers yes until `ttlMs` has passed (kept in the same table). */
export async function remember(key: string, ttlMs: number): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "RateLimitBucket" ("key", "count", "resetAt")
    VALUES (${key}, 0, now() + ${ttlMs} * interval '1 millisecond')
    ON CONFLICT ("key") DO UPDATE SET "count" = 0, "resetAt" = EXCLUDED."resetAt"`;
}

export async function seen(key: string): Promise<boolean> {
  return (await db.rateLimitBucket.count({ where: { key, resetAt: { gt: new Date() } } })) > 0;
}

/** Forgets the counter (a successful sign-in clears the account's failures). */
export async function clear(key: string): Promise<void> {
  await db.rateLimitBucket.deleteMany({ where: { key } });
}
