// Where a closed-loop run's CPU went, per request: the whole machine, the server's processes and
// this process (the load generator); what is left is the database and anything else running.
// When the cores are saturated, requests per second is the machine's CPU divided by this, so a
// change that saves CPU shows here even when run-to-run noise hides it in req/s. Linux /proc only.
import { readFileSync } from "node:fs";
import { processTree, statFields } from "./process-tree.mjs";

// /proc reports CPU time in USER_HZ ticks, 100 a second on every Linux architecture.
const TICK_MS = 10;

/** The machine's CPU time so far, busy and in all (/proc/stat, in ticks), or null off Linux. */
export function machineCpu() {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    // idle and iowait
    return { busy: total - fields[3] - (fields[4] ?? 0), total };
  } catch {
    return null;
  }
}

/** Every core's busy share (percent) between two readings of machineCpu, or null off Linux. */
export function busyPercent(before, after) {
  return before && after
    ? Math.round((100 * (after.busy - before.busy)) / Math.max(1, after.total - before.total))
    : null;
}

/** CPU milliseconds `pid` has used so far, user and system. */
export function processCpuMs(pid) {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU milliseconds used so far by each process of the tree under `rootPid`. */
function treeCpuMs(rootPid) {
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

/** Starts counting; stop(requests) returns CPU milliseconds per request (null off Linux). */
export function watchCpu(serverPid) {
  const machineBefore = machineCpu();
  const serverBefore = serverPid ? treeCpuMs(serverPid) : new Map();
  const clientBefore = process.cpuUsage();
  return {
    stop(requests) {
      const machineAfter = machineCpu();
      if (!machineBefore || !machineAfter || requests === 0) return null;
      let serverMs = 0;
      // A process that started meanwhile (a restarted worker) counts from zero.
      for (const [pid, ms] of serverPid ? treeCpuMs(serverPid) : []) serverMs += ms - (serverBefore.get(pid) ?? 0);
      const client = process.cpuUsage(clientBefore);
      const perRequest = (ms) => Math.round((100 * ms) / requests) / 100;
      const machine = perRequest((machineAfter.busy - machineBefore.busy) * TICK_MS);
      const server = perRequest(serverMs);
      const loadGenerator = perRequest((client.user + client.system) / 1000);
      return {
        machine,
        server,
        loadGenerator,
        databaseAndRest: Math.round(100 * (machine - server - loadGenerator)) / 100,
        machineBusyPercent: busyPercent(machineBefore, machineAfter),
      };
    },
  };
}
