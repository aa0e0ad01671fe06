import "server-only";
import { db } from "@/lib/server/db";
import { tooManyRequests } from "@/lib/errors";

export type Limit = { limit: number; windowMs: number };

/** Throttles used across the app: per account and per client address. */
export const LIMITS = {
  loginPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  loginPerAddress: { limit: 50, windowMs: 15 * 60_000 },
  registerPerAddress: { limit: 10, windowMs: 60 * 60_000 },
  // Sign-up answers whether an address is taken (it signs the new owner in at once): per email, few tries.
  registerPerEmail: { limit: 5, windowMs: 60 * 60_000 },
  emailChangePerUser: { limit: 5, windowMs: 60 * 60_000 },
  forgotPerAccount: { limit: 5, windowMs: 60 * 60_000 },
  forgotPerAddress: { limit: 20, windowMs: 60 * 60_000 },
  waitlistPerAddress: { limit: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * Counts one hit against `key` in a fixed window and throws 429 (with Retry-After) past the
 * limit. The counter lives in PostgreSQL, so every server process shares it.
 */
export async function hit(key: string, { limit, windowMs }: Limit): Promise<void> {
  const rows = await db.$queryRaw<{ count: number; resetAt: Date }[]>`
    INSERT INTO "RateLimitBucket" ("key", "count", "resetAt")
    VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimitBucket"."resetAt" <= now() THEN 1 ELSE "RateLimitBucket"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimitBucket"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimitBucket"."resetAt" END
    RETURNING "count", "resetAt"`;
  const row = rows[0]!;
  if (row.count > limit) throw tooManyRequests((row.resetAt.getTime() - Date.now()) / 1000);
}

/** Forgets the counter (a successful sign-in clears the account's failures). */
export async function clear(key: string): Promise<void> {
  await db.rateLimitBucket.deleteMany({ where: { key } });
}
