// How fast the machine was while a run measured it. Shares of the raw limit compare within one
// run, but the figures themselves move with the machine: on the small shared machines these runs
// use, one build's raw list and even the landing page (which reads nothing from the database)
// cost the server clearly more in some runs than in others. So a run times a fixed piece of work at its start and at its end, and says how much
// of the cores' time the hypervisor took for other machines (steal).
import { createHash } from "node:crypto";

const BLOCK = Buffer.alloc(64 * 1024, 7);
const ROWS = Array.from({ length: 50 }, (_, i) => ({
  id: `0192f0c1-7a8b-7c3d-9e4f-${String(i).padStart(12, "0")}`,
  subject: `Benchmark ticket ${i} about an invoice`,
  status: "open",
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
}));

/** The work: hashing 8 MB and 200 JSON round trips of a page of tickets. */
function fixedWork() {
  const hash = createHash("sha256");
  for (let i = 0; i < 128; i++) hash.update(BLOCK);
  let length = 0;
  for (let i = 0; i < 200; i++) length += JSON.parse(JSON.stringify(ROWS)).length;
  return hash.digest("hex").length + length;
}

/**
 * CPU milliseconds one core took for the fixed work, the least of `tries` (the others lost time
 * to whatever else ran): lower is faster. Timed in this process's CPU time, not the clock, so a
 * moment off the core does not count.
 */
export function fixedWorkMs(tries = 5) {
  let best = Infinity;
  for (let i = 0; i < tries; i++) {
    const before = process.cpuUsage();
    fixedWork();
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return Math.round(100 * best) / 100;
}

/**
 * The percentage of the cores' time stolen between two readings of machineCpu (process-cpu.mjs), or null.
 * @param {{ total: number, steal: number } | null | undefined} before
 * @param {{ total: number, steal: number } | null | undefined} after
 */
export function stealPercent(before, after) {
  if (!before || !after || after.total === before.total) return null;
  return Math.round((1000 * (after.steal - before.steal)) / (after.total - before.total)) / 10;
}
