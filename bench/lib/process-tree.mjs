// The server's processes: the production server may fork worker processes, so what one process
// uses says little. Linux /proc only.
import { readFileSync, readdirSync } from "node:fs";

/** `rootPid` and each of its descendants (those still running). */
export function processTree(rootPid) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  const pids = [];
  const walk = (pid) => {
    pids.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(rootPid);
  return pids;
}
