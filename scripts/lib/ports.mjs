// A port that is already taken (usually another copy of Ticketry still running) is found
// before anything starts, and the message names the port, what holds it and what to set.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/** @typedef {{ pid: number, command: string }} PortHolder */

export class PortInUseError extends Error {
  /**
   * @param {string} message
   * @param {number} port
   */
  constructor(message, port) {
    super(message);
    this.name = "PortInUseError";
    this.port = port;
  }
}

/**
 * Resolves true when `port` can be listened on at `host` (all interfaces when undefined).
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<boolean>}
 */
export function isPortFree(port, host) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", (/** @type {NodeJS.ErrnoException} */ error) =>
      error.code === "EADDRINUSE" || error.code === "EACCES" ? resolve(false) : reject(error),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * Inodes of the listening TCP sockets on `port`, from Linux's /proc/net tables; undefined where
 * those tables cannot be read.
 * @param {number} port
 * @returns {Set<string> | undefined}
 */
function listeningInodes(port) {
  const inodes = new Set();
  let read = false;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text;
    try {
      text = readFileSync(table, "utf8");
      read = true;
    } catch {
      continue;
    }
    for (const line of text.trim().split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      const localPort = parseInt(fields[1]?.split(":").pop() ?? "", 16);
      // State 0A is LISTEN.
      if (localPort === port && fields[3] === "0A") inodes.add(fields[9]);
    }
  }
  return read ? inodes : undefined;
}

/**
 * The process listening on `port` as `{ pid, command }`, when this system lets us see it.
 * @param {number} port
 */
export function portHolder(port) {
  return holderOf(listeningInodes(port));
}

/**
 * The process holding one of these listening sockets.
 * @param {Set<string> | undefined} inodes
 * @returns {PortHolder | undefined}
 */
function holderOf(inodes) {
  if (!inodes?.size) return undefined;
  let pids;
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) {
        let command = "";
        try {
          const [program, ...args] = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
          command = [program && path.basename(program), ...args].filter(Boolean).join(" ");
        } catch {
          // the process ended meanwhile
        }
        return { pid: Number(pid), command: command.length > 160 ? `${command.slice(0, 157)}...` : command };
      }
    }
  }
  return undefined;
}

/**
 * A guess at what the holder is, in words a newcomer recognises.
 * @param {PortHolder | undefined} holder
 * @param {boolean | undefined} unlistened
 */
function describeHolder(holder, unlistened) {
  // Ports from 32768 up are also lent to outgoing connections as their local end.
  if (unlistened)
    return "no server: nothing listens on it, so it is probably the local end of an outgoing connection, which frees it when it closes";
  if (!holder)
    return "another program, probably another copy of Ticketry (npm start, npm run dev or npm test) that is still running";
  const who = `process ${holder.pid}${holder.command ? ` (${holder.command})` : ""}`;
  if (/postgres/.test(holder.command))
    return `${who}, a PostgreSQL server: probably another copy of Ticketry (npm start or npm test) that is still running`;
  if (/serve\.mjs|next|node/.test(holder.command))
    return `${who}: probably another Ticketry server (npm start, npm run dev or npm test) that is still running`;
  return who;
}

/**
 * The message for a taken port. `service` says what wanted it ("the embedded PostgreSQL"),
 * `settings` what the user can set instead ("EMBEDDED_PG_PORT=<port>" and alternatives).
 * `unlistened` says that the system shows no listening socket on the port.
 * @param {{ port: number, service: string, settings: string[], holder?: PortHolder, unlistened?: boolean, freePort?: number }} facts
 */
export function portInUseMessage({ port, service, settings, holder, unlistened, freePort }) {
  const choose = settings.map((s) => s.replaceAll("<port>", String(freePort ?? "<port>"))).join(", or ");
  return [
    `Port ${port} is already in use, so ${service} cannot listen on it.`,
    `It is held by ${describeHolder(holder, unlistened)}.`,
    `${unlistened ? "Try again in a moment" : "Stop that program"}, or run with ${choose}${freePort ? ` (port ${freePort} is free now)` : ""}.`,
  ].join("\n");
}

/**
 * `port` when it is free, else the first free one of the 50 above it; undefined when none is.
 * @param {number} port
 * @param {string} [host]
 */
export async function firstFreePort(port, host) {
  for (let candidate = port; candidate <= Math.min(port + 50, 65535); candidate++) {
    if (await isPortFree(candidate, host)) return candidate;
  }
  return undefined;
}

/**
 * Throws a PortInUseError with the full explanation when `port` is taken.
 * @param {number} port
 * @param {{ host?: string, service: string, settings: string[] }} wanted
 */
export async function ensurePortFree(port, { host, service, settings }) {
  if (await isPortFree(port, host)) return;
  const inodes = listeningInodes(port);
  const facts = {
    holder: holderOf(inodes),
    unlistened: inodes?.size === 0,
    freePort: await firstFreePort(port + 1, host),
  };
  throw new PortInUseError(portInUseMessage({ port, service, settings, ...facts }), port);
}
