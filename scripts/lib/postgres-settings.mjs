// PostgreSQL settings sized from the machine, passed as `-c name=value` when the embedded
// server starts, so that `npm start` and the benchmarks run the same database on every machine
// of a kind without anyone tuning it by hand. Stock PostgreSQL is sized for a small shared box
// (128 MB of buffers, no parallel workers to speak of, an I/O cost model for spinning disks).
//   product: the embedded database of `npm start`, which shares the machine with the app server
//   bench:   the benchmarks' database, which may take the larger share of memory
// Durability is never traded for speed: fsync and synchronous_commit stay on everywhere, since
// an acknowledged write must survive a crash.
import os from "node:os";

const MB = 1024 * 1024;
/** @type {(value: number, low: number, high: number) => number} */
const clamp = (value, low, high) => Math.min(high, Math.max(low, value));
/** @param {number} bytes */
const mb = (bytes) => `${Math.floor(bytes / MB)}MB`;

/**
 * The settings for `purpose` on a machine with `memoryBytes` of RAM and `cores` cores.
 * @param {"product" | "bench"} [purpose]
 * @param {{ memoryBytes?: number, cores?: number }} [machine]
 * @returns {Record<string, string>}
 */
export function postgresSettings(
  purpose = "product",
  { memoryBytes = os.totalmem(), cores = os.availableParallelism() } = {},
) {
  // The database's share of memory: a quarter of it when it has the machine to itself (the
  // usual advice for a dedicated server), less beside the app.
  const share = purpose === "bench" ? 0.25 : 0.125;
  const sharedBuffers = clamp(memoryBytes * share, 128 * MB, 8192 * MB);
  return {
    shared_buffers: mb(sharedBuffers),
    // What the planner may assume the OS caches besides: most of the rest of memory.
    effective_cache_size: mb(clamp(memoryBytes * (purpose === "bench" ? 0.6 : 0.4), 256 * MB, 65536 * MB)),
    // Per sort or hash node: enough for a page of tickets ordered in memory, small enough for 200 connections.
    work_mem: mb(clamp(memoryBytes / 400, 4 * MB, 64 * MB)),
    maintenance_work_mem: mb(clamp(memoryBytes / 20, 64 * MB, 1024 * MB)),
    // Local SSD or NVMe: random reads cost about what sequential ones do.
    random_page_cost: "1.1",
    effective_io_concurrency: "200",
    max_worker_processes: String(Math.max(8, cores)),
    max_parallel_workers: String(cores),
    max_parallel_workers_per_gather: String(Math.max(1, Math.floor(cores / 2))),
    // Short queries only: compiling them costs more than it saves.
    jit: "off",
    // Fewer, larger checkpoints under a burst of writes.
    max_wal_size: "2GB",
    checkpoint_completion_target: "0.9",
    // Tickets change all day: vacuum and re-analyse after 5 % / 2 % of a table changed rather
    // than 20 % / 10 %, so plans keep up with a growing queue.
    autovacuum_vacuum_scale_factor: "0.05",
    autovacuum_analyze_scale_factor: "0.02",
    autovacuum_vacuum_cost_limit: "1000",
    default_statistics_target: "200",
    max_connections: "200",
  };
}

/**
 * The settings as postgres command-line arguments.
 * @param {Record<string, string>} settings
 */
export function settingsArgs(settings) {
  return Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
}

/**
 * The values a running server actually uses for these names (for reports).
 * @param {import("pg").ClientBase} client
 * @param {string[]} [names]
 * @returns {Promise<Record<string, string>>}
 */
export async function currentSettings(client, names = Object.keys(postgresSettings())) {
  /** @type {import("pg").QueryResult<{ name: string, value: string }>} */
  const { rows } = await client.query(
    "SELECT name, current_setting(name) AS value FROM pg_settings WHERE name = ANY($1::text[]) ORDER BY name",
    [names],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}
