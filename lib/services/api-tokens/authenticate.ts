import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { hashToken } from "@/lib/auth/tokens";
import { tooManyRequests, unauthorized } from "@/lib/errors";
import { API_TOKEN_PATTERN, type ApiTokenScope } from "@/lib/schemas/api-tokens";
import { db, queryRows } from "@/lib/server/db";
import { LIMITS, take } from "@/lib/services/rate-limit";
import { assertPlanHasApi } from "./tokens";

/** Who calls the API with a token: the organisation, within the token's scopes, under the token's name. */
export type ApiTokenCaller = { tokenId: string; organizationId: string; name: string; scopes: ApiTokenScope[] };

export const INVALID_API_TOKEN = "Invalid API token";
export const API_TOKEN_THROTTLED = "Too many failed API token attempts from this address. Please try again later.";
/** Last use is written at most this often per token, so a busy integration does not write on every call. */
export const LAST_USE_PRECISION_MS = 60_000;

type Found = {
  id: string | null;
  organizationId: string | null;
  name: string | null;
  scopes: string[] | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  plan: Plan | null;
  failures: number | null;
  failuresResetAt: Date | null;
};

const failureKey = (ip: string | null) => `api-token:ip:${ip ?? "unknown"}`;

/**
 * The token with this hash (if any) and the failures counted against the caller's address, in one
 * read: every call pays for it, so it is the hot path of the whole API.
 */
async function lookUp(secretHash: string | null, key: string): Promise<Found> {
  const rows = await queryRows<Found>(Prisma.sql`
    SELECT t."id", t."organizationId", t."name", t."scopes", t."expiresAt", t."revokedAt", t."lastUsedAt",
           o."plan"::text AS "plan", b."count" AS "failures", b."resetAt" AS "failuresResetAt"
      FROM (SELECT 1) AS one
      LEFT JOIN "ApiToken" t ON t."secretHash" = ${secretHash}
      LEFT JOIN "Organization" o ON o."id" = t."organizationId"
      LEFT JOIN "RateLimitBucket" b ON b."key" = ${key} AND b."resetAt" > now()`);
  return rows[0]!;
}

/** Counts a failed call against the address and refuses it: 401, or 429 once the address has failed too often. */
async function refuse(key: string): Promise<never> {
  const { allowed, retryAfter } = await take(key, LIMITS.apiTokenFailuresPerAddress);
  throw allowed ? unauthorized(INVALID_API_TOKEN) : tooManyRequests(retryAfter, API_TOKEN_THROTTLED);
}

/** Notes the call's time and address when the last note is a minute old or more (one process wins a race). */
async function recordUse(tokenId: string, ip: string | null, now: Date) {
  await db.apiToken.updateMany({
    where: {
      id: tokenId,
      OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: new Date(now.getTime() - LAST_USE_PRECISION_MS) } }],
    },
    data: { lastUsedAt: now, lastUsedIp: ip },
  });
}

/**
 * The caller behind an API token's secret, looked up by its hash on every call, so a revocation
 * holds from the next request on every server process. A malformed, unknown, revoked or expired
 * token is a 401 that says no more. Each such failure counts against the caller's address: the
 * secrets are far too long to guess, but without a limit a caller could try as fast as the
 * server answers, and after a few failures the address is refused (429) before any token it
 * sends is even looked at, a right one included. A token of an organisation whose plan no
 * longer has the API is a 403 `plan_required`.
 */
export async function authenticateApiToken(
  secret: string,
  ip: string | null,
  now = new Date(),
): Promise<ApiTokenCaller> {
  const key = failureKey(ip);
  const found = await lookUp(API_TOKEN_PATTERN.test(secret) ? hashToken(secret) : null, key);
  if ((found.failures ?? 0) >= LIMITS.apiTokenFailuresPerAddress.limit)
    throw tooManyRequests((found.failuresResetAt!.getTime() - now.getTime()) / 1000, API_TOKEN_THROTTLED);
  const { id, organizationId, name, scopes, plan } = found;
  const usable = found.revokedAt === null && (found.expiresAt === null || found.expiresAt > now);
  if (!id || !organizationId || !name || !scopes || !plan || !usable) return refuse(key);
  assertPlanHasApi(plan);
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USE_PRECISION_MS)
    await recordUse(id, ip, now);
  return { tokenId: id, organizationId, name, scopes: scopes as ApiTokenScope[] };
}
