// How many server processes serve requests: one per core the machine gives this process, since
// one Node process uses one core for JavaScript. WEB_CONCURRENCY overrides it (1 keeps a single
// process, as before). Shared by the production server (scripts/serve.mjs) and the benchmark's
// raw server (bench/raw-server.mjs), so the two always compare equal process counts.
//   WEB_CONCURRENCY (default: the number of available cores)
import { availableParallelism } from "node:os";

/**
 * The number of server processes, from WEB_CONCURRENCY or the machine.
 * @param {Record<string, string | undefined>} [env]
 * @param {number} [cores]
 * @returns {number}
 */
export function webConcurrency(env = process.env, cores = availableParallelism()) {
  const setting = env.WEB_CONCURRENCY?.trim();
  if (!setting) return Math.max(1, cores);
  const count = Number(setting);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(
      `WEB_CONCURRENCY must be a whole number of server processes, at least 1 (it is "${setting}"). ` +
        `Unset it for one per core (${cores} here).`,
    );
  return count;
}
