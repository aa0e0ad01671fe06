// How many server processes serve requests: one per core the machine gives this process, since
// one Node process uses one core for JavaScript. WEB_CONCURRENCY overrides it (1 keeps a single
// process, as before). Shared by the production server (scripts/serve.mjs) and the benchmark's
// raw server (bench/raw-server.mjs), so the two always compare equal process counts.
//   WEB_CONCURRENCY (default: the number of available cores)
import { availableParallelism } from "node:os";
import { wholeNumberSetting } from "../../lib/server/whole-number-setting.mjs";

/**
 * The number of server processes, from WEB_CONCURRENCY or the machine.
 * @param {Record<string, string | undefined>} [env]
 * @param {number} [cores]
 * @returns {number}
 */
export function webConcurrency(env = process.env, cores = availableParallelism()) {
  const rule = { unit: "server processes", least: 1, unset: `one per core (${cores} here)` };
  return wholeNumberSetting(env, "WEB_CONCURRENCY", rule) ?? Math.max(1, cores);
}
