// The production server's memory settings, given by the two programs that start it
// (scripts/start.mjs, bench/lib/server.mjs) and inherited by the worker processes it forks.
//
// The heap cap: `--max-old-space-size` on the server's own command line
// (scripts/start.mjs, bench/lib/server.mjs), never in NODE_OPTIONS, so `next build` and the
// tools keep Node's default. Without a cap V8 lets the heap grow towards a share of the
// machine's memory before collecting hard, so each server process would hold far more than it
// needs; with it the process collects sooner and stays small. Worker processes the server forks
// inherit the flag (cluster copies its execArgv), so the cap holds per process.
//   SERVER_MAX_HEAP_MB (default 256): old-space size in MB, at least 64
// The young generation, where each request's short-lived objects go, is capped at 8 MB per
// semi-space instead of Node's 16: through the bench a worker then peaks lower while serving as
// many requests per second, whereas a smaller cap collects so often that it serves fewer.
import { wholeNumberSetting } from "../../lib/server/whole-number-setting.mjs";

export const DEFAULT_SERVER_MAX_HEAP_MB = 256;
const MIN_MB = 64;

/**
 * Node's command-line flags for a server process: the heap cap from SERVER_MAX_HEAP_MB and the
 * young generation's.
 * @param {Record<string, string | undefined>} [env]
 * @returns {string[]}
 */
export function serverHeapArgs(env = process.env) {
  const rule = { unit: "megabytes", least: MIN_MB, unset: `the default of ${DEFAULT_SERVER_MAX_HEAP_MB}` };
  const mb = wholeNumberSetting(env, "SERVER_MAX_HEAP_MB", rule) ?? DEFAULT_SERVER_MAX_HEAP_MB;
  return [`--max-old-space-size=${mb}`, "--max-semi-space-size=8"];
}

/**
 * glibc's allocator, told to give freed memory back: by default every thread that allocates
 * (V8's compiler and collector threads, libuv's pool) gets an arena of its own, up to eight per
 * core, and after large blocks are freed the allocator raises the size it serves from the arenas,
 * so the temporary memory of compiling and rendering stays held. With two arenas and a fixed
 * 128 KB threshold for mapping and trimming, freed memory goes back to the system, so a worker
 * peaks lower through the bench at the same requests per second. Other C libraries ignore these
 * names.
 */
const SERVER_MALLOC_ENV = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
  MALLOC_TRIM_THRESHOLD_: "131072",
};

/**
 * The environment of a server process: the allocator settings above unless `env` sets them itself.
 * @template {Record<string, string | undefined>} E
 * @param {E} env
 * @returns {typeof SERVER_MALLOC_ENV & E}
 */
export function serverProcessEnv(env) {
  return { ...SERVER_MALLOC_ENV, ...env };
}
