import type { SessionUserCache } from "@/lib/auth/session-user-cache";
import { sessionUsers } from "@/lib/auth/session-users";

/**
 * Resolves once `cache` no longer holds the user (or the session: `cache.sessions`): a change written straight to the database
 * (as another process would) reaches this process by the trigger's NOTIFY, a moment after the
 * commit. Waits for that condition, never for a fixed time.
 */
export async function untilForgotten(
  id: string,
  cache: Pick<SessionUserCache, "has"> = sessionUsers,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (cache.has(id)) {
    if (Date.now() > deadline) throw new Error(`user ${id} was never forgotten: no notification arrived`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Resolves once `check()` is true, checked on every turn of the event loop. */
export async function until(check: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
