// Resident memory of the server under load, per process: the target is per process (each must
// stay small), so the total of the tree alone would hide which one grew. Linux /proc only.
import { readFileSync } from "node:fs";
import { processTree } from "./process-tree.mjs";

/**
 * RSS in MB of `rootPid` and each of its descendants, as a Map pid -> MB.
 * @param {number} rootPid
 */
export function processTreeRss(rootPid) {
  /** @type {Map<number, number>} */
  const rss = new Map();
  for (const pid of processTree(rootPid)) {
    try {
      rss.set(pid, Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
    } catch {
      // exited meanwhile
    }
  }
  return rss;
}

/**
 * Samples the tree every `intervalMs` until stop(), which returns the peaks: the largest any
 * one process reached, the largest sum over the tree at one moment, and each process's own.
 * @param {number} rootPid
 * @param {number} [intervalMs]
 */
export function watchMemory(rootPid, intervalMs = 1000) {
  /** @type {Map<number, number>} */
  const peaks = new Map();
  let total = 0;
  const sample = () => {
    const now = processTreeRss(rootPid);
    let sum = 0;
    for (const [pid, mb] of now) {
      peaks.set(pid, Math.max(peaks.get(pid) ?? 0, mb));
      sum += mb;
    }
    total = Math.max(total, sum);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return {
        maxProcessMb: Math.round(Math.max(0, ...peaks.values())),
        maxTotalMb: Math.round(total),
        processes: [...peaks].map(([pid, mb]) => ({ pid, maxMb: Math.round(mb) })),
      };
    },
  };
}
