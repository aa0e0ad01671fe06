import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { hashToken } from "@/lib/auth/tokens";
import { tooManyRequests, unauthorized } from "@/lib/errors";
import { API_TOKEN_PATTERN, type ApiTokenScope } from "@/lib/schemas/api-tokens";
import type { Listener } from "@/lib/live/listener";
import { TOKEN_CHANNEL } from "@/lib/live/channel";
import { db, queryRows } from "@/lib/server/db";
import { listener } from "@/lib/server/live-listener";
import { LIMITS, take } from "@/lib/services/rate-limit";
import { assertPlanHasApi } from "./tokens";
import { apiCallers, type ApiCallerCaches, type KnownToken } from "./token-cache";

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

const failureKey = (address: string) => `api-token:ip:${address}`;

/**
 * The token with this hash (if any) and the failures counted against the caller's address, in one
 * read: every call this process cannot let in from its memory pays for it.
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

/**
 * Counts a failed call against the address and refuses it: 401, or 429 once the address has failed
 * too often. Every process hears of the failure, so none lets the address in from its cache
 * without reading its failures again.
 */
async function refuse(address: string): Promise<never> {
  const { allowed, retryAfter } = await take(failureKey(address), LIMITS.apiTokenFailuresPerAddress);
  await db.$executeRaw`SELECT pg_notify(${TOKEN_CHANNEL}, ${`a:${address}`})`;
  throw allowed ? unauthorized(INVALID_API_TOKEN) : tooManyRequests(retryAfter, API_TOKEN_THROTTLED);
}

/** Notes the call's time and address when the last note is a minute old or more (one process wins a race). */
async function recordUse(token: KnownToken, ip: string | null, now: Date) {
  if (token.lastUsedAt && now.getTime() - token.lastUsedAt.getTime() < LAST_USE_PRECISION_MS) return;
  token.lastUsedAt = now;
  await db.apiToken.updateMany({
    where: {
      id: token.id,
      OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: new Date(now.getTime() - LAST_USE_PRECISION_MS) } }],
    },
    data: { lastUsedAt: now, lastUsedIp: ip },
  });
}

const usable = (token: KnownToken, now: Date) => token.expiresAt === null || token.expiresAt > now;

function callerOf(token: KnownToken, ip: string | null, now: Date): Promise<ApiTokenCaller> {
  assertPlanHasApi(token.plan);
  return recordUse(token, ip, now).then(() => ({
    tokenId: token.id,
    organizationId: token.organizationId,
    name: token.name,
    scopes: [...token.scopes],
  }));
}

type Listening = Pick<Listener, "connected" | "ensure">;

/**
 * The API's authentication over given caches and listening connection: one of each per process
 * (`authenticateApiToken`); the tests build a second pair to stand for another process.
 *
 * A malformed, unknown, revoked or expired token is a 401 that says no more. Each such failure
 * counts against the caller's address: the secrets are far too long to guess, but without a limit
 * a caller could try as fast as the server answers, and after a few failures the address is
 * refused (429) before any token it sends is even looked at, a right one included. A token of an
 * organisation whose plan no longer has the API is a 403 `plan_required`.
 *
 * A call is let in from this process's memory only when both its token and its address are
 * known there: the token live, the address without failures that refuse it. Everything else reads
 * the token and the address's failures together, in one statement. What is kept is forgotten the
 * moment a revocation, a change of the token or of any plan, or a failure from the address is
 * heard, and all of it while the process does not listen; so a revocation holds from the next
 * request on every process, as when every call read the database.
 */
export function apiTokenChecker({ tokens, addresses }: ApiCallerCaches, listening: Listening) {
  return async (secret: string, ip: string | null, now = new Date()): Promise<ApiTokenCaller> => {
    const secretHash = API_TOKEN_PATTERN.test(secret) ? hashToken(secret) : null;
    const address = ip ?? "unknown";
    const known = secretHash ? tokens.get(secretHash) : undefined;
    if (known && usable(known, now) && addresses.get(address)) return callerOf(known, ip, now);

    if (!listening.connected) void listening.ensure().catch(() => {});
    const tokenTicket = tokens.begin();
    const addressTicket = addresses.begin();
    const found = await lookUp(secretHash, failureKey(address));
    if ((found.failures ?? 0) >= LIMITS.apiTokenFailuresPerAddress.limit)
      throw tooManyRequests((found.failuresResetAt!.getTime() - now.getTime()) / 1000, API_TOKEN_THROTTLED);
    addresses.keep(addressTicket, address, true);
    const { id, organizationId, name, scopes, plan } = found;
    if (!secretHash || !id || !organizationId || !name || !scopes || !plan || found.revokedAt !== null)
      return refuse(address);
    const token: KnownToken = {
      id,
      organizationId,
      name,
      scopes: Object.freeze(scopes as ApiTokenScope[]),
      expiresAt: found.expiresAt,
      plan,
      lastUsedAt: found.lastUsedAt,
    };
    if (!usable(token, now)) return refuse(address);
    tokens.keep(tokenTicket, secretHash, token);
    return callerOf(token, ip, now);
  };
}

/** The caller behind an API token's secret, through this process's caches and LISTEN connection. */
export const authenticateApiToken = apiTokenChecker(apiCallers, listener);
