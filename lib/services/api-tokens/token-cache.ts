import type { Plan } from "@/generated/prisma/enums";
import { HeardCache } from "@/lib/live/heard-cache";
import type { ApiTokenScope } from "@/lib/schemas/api-tokens";

/** A live token as a call needs it; `lastUsedAt` is this process's latest note of its use. */
export type KnownToken = {
  id: string;
  organizationId: string;
  name: string;
  scopes: readonly ApiTokenScope[];
  expiresAt: Date | null;
  plan: Plan;
  lastUsedAt: Date | null;
};

/**
 * What one process knows of the API's callers, so that a busy integration's calls read nothing
 * from the database to be let in: the live tokens it has seen (by secret hash) and the client
 * addresses that had no failures refusing them when last read. Both are kept true by the
 * notifications the LISTEN connection hears (lib/live/listener.ts): a token revoked, changed or
 * deleted, any plan change, and every failed call's address.
 */
export type ApiCallerCaches = { tokens: HeardCache<KnownToken>; addresses: HeardCache<true> };

/** Entries kept of each: a few MB at most; API_TOKEN_CACHE_SIZE=0 turns both off. */
export function apiCallerCaches(size = Number(process.env.API_TOKEN_CACHE_SIZE ?? 10_000)): ApiCallerCaches {
  return { tokens: new HeardCache<KnownToken>(size), addresses: new HeardCache<true>(size) };
}

const globalForApiCallers = globalThis as unknown as { ticketryApiCallers?: ApiCallerCaches };

/** This process's caches (kept across hot reloads in development). */
export const apiCallers = (globalForApiCallers.ticketryApiCallers ??= apiCallerCaches());

/** Called by the process that revoked a token, once committed: its own next call is refused without waiting for the notification. */
export function forgetApiToken(secretHash: string) {
  apiCallers.tokens.forget(secretHash);
}
