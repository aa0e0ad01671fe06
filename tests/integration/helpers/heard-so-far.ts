import type pg from "pg";
import { LIVE_CHANNEL } from "@/lib/live/channel";
import type { HeardCache } from "@/lib/live/heard-cache";
import { until } from "./session-users";

/**
 * Resolves once the process of `cache` has heard every notification committed before: they
 * arrive in commit order, so a fence notified now (through `other`, a connection of its own) is
 * heard after them. (Waiting for a key to be missing proves nothing when it was never kept: a
 * creation could still be heard after the read.)
 */
export async function heardSoFar<V>(cache: HeardCache<V>, other: pg.Client) {
  cache.keep(cache.begin(), "fence", {} as V);
  await other.query(`SELECT pg_notify($1, '{"k":"removed","o":"fence"}')`, [LIVE_CHANNEL]);
  await until(() => !cache.has("fence"), "the fence is heard");
}
