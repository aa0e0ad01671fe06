// Where a closed-loop run's CPU went, per request: the whole machine, the server's processes, this
// process (the load generator) and, when it runs on this machine, the database server's processes.
// When the cores are saturated, requests per second is the machine's CPU divided by this, so a
// change that saves CPU shows here even when run-to-run noise hides it in req/s. Linux /proc only.
import { readFileSync } from "node:fs";
import { processTree, statFields } from "./process-tree.mjs";

// /proc reports CPU time in USER_HZ ticks, 100 a second on every Linux architecture.
const TICK_MS = 10;

/**
 * The machine's CPU time so far (/proc/stat, in ticks): busy, in all, and stolen (the part the
 * hypervisor gave to other machines), or null off Linux.
 */
export function machineCpu() {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    // idle and iowait
    return { busy: total - fields[3] - (fields[4] ?? 0), total, steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/** @typedef {ReturnType<typeof machineCpu>} MachineCpu */

/**
 * Every core's busy share (percent) between two readings of machineCpu, or null off Linux.
 * @param {MachineCpu} before
 * @param {MachineCpu} after
 */
export function busyPercent(before, after) {
  return before && after
    ? Math.round((100 * (after.busy - before.busy)) / Math.max(1, after.total - before.total))
    : null;
}

/**
 * CPU milliseconds `pid` has used so far, user and system.
 * @param {number} pid
 */
export function processCpuMs(pid) {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/**
 * CPU milliseconds used so far by each process of the tree under `rootPid`.
 * @param {number} rootPid
 */
function treeCpuMs(rootPid) {
  /** @type {Map<number, number>} */
  const used = new Map();
  for (const pid of processTree(rootPid)) {
    try {
      used.set(pid, processCpuMs(pid));
    } catch {
      // exited meanwhile
    }
  }
  return used;
}

/**
 * What the tree under `rootPid` used between `before` (treeCpuMs) and now.
 * @param {number} rootPid
 * @param {Map<number, number>} before
 */
function treeCpuSince(rootPid, before) {
  let used = 0;
  // A process that started meanwhile (a restarted worker, a new database connection) counts from zero.
  for (const [pid, ms] of treeCpuMs(rootPid)) used += ms - (before.get(pid) ?? 0);
  return used;
}

/**
 * Starts counting; stop(requests) returns CPU milliseconds per request (null off Linux): the
 * machine's, the server's, the load generator's and, given the database server's main process
 * (`databasePid`, see bench/lib/database.mjs), the database's: its connections, autovacuum and WAL
 * writer (a process that ended meanwhile, such as a finished autovacuum worker, is not counted).
 * `rest` is what none of them used (another program on the machine, the kernel's own work).
 * @param {number | null | undefined} serverPid
 * @param {number | null} [databasePid]
 */
export function watchCpu(serverPid, databasePid = null) {
  const machineBefore = machineCpu();
  const serverBefore = serverPid ? treeCpuMs(serverPid) : new Map();
  const databaseBefore = databasePid ? { pid: databasePid, used: treeCpuMs(databasePid) } : null;
  const clientBefore = process.cpuUsage();
  return {
    /** @param {number} requests */
    stop(requests) {
      const machineAfter = machineCpu();
      if (!machineBefore || !machineAfter || requests === 0) return null;
      const serverMs = serverPid ? treeCpuSince(serverPid, serverBefore) : 0;
      const databaseMs = databaseBefore ? treeCpuSince(databaseBefore.pid, databaseBefore.used) : null;
      const client = process.cpuUsage(clientBefore);
      /** @param {number} ms */
      const round = (ms) => Math.round(100 * ms) / 100;
      /** @param {number} ms */
      const perRequest = (ms) => round(ms / requests);
      const machine = perRequest((machineAfter.busy - machineBefore.busy) * TICK_MS);
      const server = perRequest(serverMs);
      const loadGenerator = perRequest((client.user + client.system) / 1000);
      const database = databaseMs === null ? null : perRequest(databaseMs);
      const databaseAndRest = round(machine - server - loadGenerator);
      return {
        machine,
        server,
        loadGenerator,
        database,
        databaseAndRest,
        rest: database === null ? null : round(databaseAndRest - database),
        machineBusyPercent: busyPercent(machineBefore, machineAfter),
      };
    },
  };
}
