import type { RequestBudget } from "@/lib/services/api/caller";

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): the policy (quota `q`
 * in a window of `w` seconds) and where the caller stands in it (`r` requests remaining, `t`
 * seconds until the window resets), so an integration can slow down before it is refused.
 */
export function setRateLimitHeaders(headers: Headers, budget: RequestBudget) {
  headers.set("RateLimit-Policy", `"per-token";q=${budget.limit};w=${budget.windowSeconds}`);
  headers.set("RateLimit", `"per-token";r=${budget.remaining};t=${budget.resetSeconds}`);
}
