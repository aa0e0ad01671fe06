// The production server's heap cap: `--max-old-space-size` on the server's own command line
// (scripts/start.mjs, bench/lib/server.mjs), never in NODE_OPTIONS, so `next build` and the
// tools keep Node's default. Without a cap V8 lets the heap grow towards a share of the
// machine's memory before collecting hard, so each server process would hold far more than it
// needs; with it the process collects sooner and stays small. Worker processes the server forks
// inherit the flag (cluster copies its execArgv), so the cap holds per process.
//   SERVER_MAX_HEAP_MB (default 256): old-space size in MB, at least 64
export const DEFAULT_SERVER_MAX_HEAP_MB = 256;
const MIN_MB = 64;

/**
 * Node's command-line flags for a server process, from SERVER_MAX_HEAP_MB.
 * @param {Record<string, string | undefined>} [env]
 * @returns {string[]}
 */
export function serverHeapArgs(env = process.env) {
  const setting = env.SERVER_MAX_HEAP_MB?.trim();
  const mb = setting ? Number(setting) : DEFAULT_SERVER_MAX_HEAP_MB;
  if (!Number.isInteger(mb) || mb < MIN_MB)
    throw new Error(
      `SERVER_MAX_HEAP_MB must be a whole number of megabytes, at least ${MIN_MB} (it is "${setting}"). ` +
        `Unset it for the default of ${DEFAULT_SERVER_MAX_HEAP_MB}.`,
    );
  return [`--max-old-space-size=${mb}`];
}
