// The server's processes: the production server may fork worker processes, so what one process
// uses says little. Linux /proc only.
import { readFileSync, readdirSync } from "node:fs";

/**
 * The fields of /proc/<pid>/stat after the command name (which may itself hold spaces and
 * parentheses): the state is [0], the parent's pid [1], user and system CPU ticks [11] and [12].
 * @param {number | string} pid
 */
export function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/**
 * `rootPid` and each of its descendants (those still running).
 * @param {number} rootPid
 */
export function processTree(rootPid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(statFields(entry)[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  /** @type {number[]} */
  const pids = [];
  /** @param {number} pid */
  const walk = (pid) => {
    pids.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(rootPid);
  return pids;
}
