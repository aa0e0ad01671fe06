import "server-only";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { ApiTokenCaller } from "@/lib/services/api-tokens/authenticate";
import { take, type Limit } from "@/lib/services/rate-limit";
import { wholeNumberSetting } from "@/lib/server/whole-number-setting.mjs";

/** Who calls the public API: an API token, acting as its organisation. */
export type ApiCaller = ApiTokenCaller & {
  /**
   * The token as the staff services see a caller: an agent of the organisation, so it reads every
   * ticket, tag and group and changes them under an agent's permissions, with nobody's own queue
   * (a token has no tickets of its own). It has no account: what it writes names the token
   * (`apiToken`, see staffAuthor in lib/services/actor.ts).
   */
  staff: SessionUser;
};

export function apiCaller(token: ApiTokenCaller): ApiCaller {
  return {
    ...token,
    staff: {
      id: `api_token:${token.tokenId}`,
      organizationId: token.organizationId,
      role: "agent",
      email: "",
      fullName: token.name,
      username: "",
      avatar: null,
      isActive: true,
      availability: "away",
      sessionVersion: 0,
      apiToken: { id: token.tokenId, name: token.name },
    },
  };
}

/** A token's requests in the current window, as the RateLimit headers tell them. */
export type RequestBudget = {
  allowed: boolean;
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
};

const DEFAULT_REQUESTS_PER_MINUTE = 600;

/**
 * A token's budget: API_REQUESTS_PER_MINUTE requests a minute (600 unless set), enough for a
 * sync job paging through every ticket, not a flood that slows the team down.
 */
export function apiRequestLimit(): Limit {
  const perMinute = wholeNumberSetting(process.env, "API_REQUESTS_PER_MINUTE", {
    unit: "requests",
    least: 1,
    unset: `${DEFAULT_REQUESTS_PER_MINUTE} a minute`,
  });
  return { limit: perMinute ?? DEFAULT_REQUESTS_PER_MINUTE, windowMs: 60_000 };
}

/** A token's requests this process has counted and not yet added to the shared count. */
type LocalCount = { unsynced: number; shared: number; resetAt: number; syncedAt: number };
const localCounts = new Map<string, LocalCount>();
/** The longest a process keeps a token's requests to itself before adding them to the shared count. */
const SYNC_EVERY_MS = 1_000;

/**
 * Counts this request against the token's budget. The count lives in PostgreSQL, so a token's
 * budget is one across every server process; but a process adds its requests to it in batches
 * (every twentieth of the budget, and at least once a second), not one write per request: every
 * request of a busy integration writing the same row queued them behind each other's lock. So a
 * token calling several processes at once may pass its budget by a few requests per process.
 */
export async function spendRequest(tokenId: string, now = Date.now()): Promise<RequestBudget> {
  const budget = apiRequestLimit();
  const { limit, windowMs } = budget;
  let local = localCounts.get(tokenId);
  if (local && now >= local.resetAt) local = undefined;
  if (!local || local.unsynced + 1 >= Math.max(1, Math.floor(limit / 20)) || now - local.syncedAt >= SYNC_EVERY_MS) {
    const hits = (local?.unsynced ?? 0) + 1;
    const { count, retryAfter } = await take(`api_token:${tokenId}`, budget, hits);
    local = { unsynced: 0, shared: count, resetAt: now + retryAfter * 1000, syncedAt: now };
  } else local.unsynced += 1;
  localCounts.set(tokenId, local);
  const used = local.shared + local.unsynced;
  return {
    allowed: used <= limit,
    limit,
    windowSeconds: windowMs / 1000,
    remaining: Math.max(0, limit - used),
    resetSeconds: Math.max(1, Math.ceil((local.resetAt - now) / 1000)),
  };
}
