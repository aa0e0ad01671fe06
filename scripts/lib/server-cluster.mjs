// The primary of a multi-process server (node:cluster): it forks one worker per slot, the workers
// share the listening port (the primary hands them connections in turn), and the primary itself
// never loads the app. Nothing a request needs lives in a worker's memory alone: sessions,
// throttles and caches are in PostgreSQL, so any worker can answer any request.
//
// A worker that dies after the server was up is replaced in its slot (same slot number, so the
// replacement takes over what the slot ran, e.g. the job workers), after a pause that doubles
// while replacements keep dying young, so a crash loop does not spin the CPU. A worker that dies
// before the server was ever up (port taken, a crash at start), or that refuses to start on its
// configuration whenever that is (Next may finish the configuration and demo-login checks after
// the port is open), stops the whole server instead, its message already printed: restarting
// cannot fix that. SIGTERM/SIGINT to the primary is passed to every worker, each of which
// finishes its in-flight requests and exits; the primary exits when the last one has.
import cluster from "node:cluster";
import { CONFIG_PROBLEM_EXIT } from "../../lib/server/exit-codes.mjs";

/** A worker's exit code when the port is taken: the primary says so once, not once per worker. */
export const PORT_IN_USE_EXIT = 98;
/** The environment variable telling a worker its slot, 1..count. */
export const SLOT_VARIABLE = "SERVER_WORKER_SLOT";

const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 10_000;
// A worker that served this long was healthy: its replacement starts without waiting.
const STABLE_MS = 30_000;
// Past this after SIGTERM, workers still running are killed (each worker's own stop() gives up at 5 s).
const STOP_TIMEOUT_MS = 10_000;

/**
 * How long to wait before replacing a worker that ran `livedMs` after one that waited
 * `previousMs`: at once after a healthy run, else twice as long as last time, within bounds.
 * @param {number} previousMs
 * @param {number} livedMs
 */
export function restartDelay(previousMs, livedMs) {
  if (livedMs >= STABLE_MS) return 0;
  return Math.min(MAX_DELAY_MS, Math.max(FIRST_DELAY_MS, previousMs * 2));
}

/** @type {(level: "error" | "warn", msg: string) => void} */
const log = (level, msg) => console.error(JSON.stringify({ level, msg }));

/**
 * Runs the primary until a signal stops it.
 * @param {{
 *   count: number,
 *   name: string,
 *   slotEnv?: (slot: number) => Record<string, string>,
 *   onReady?: (address: { address: string | null, port: number }) => void,
 *   onPortInUse?: () => void,
 * }} options
 */
export function runPrimary({ count, name, slotEnv = () => ({}), onReady = () => {}, onPortInUse = () => {} }) {
  // Each worker gets the primary's Node flags, among them the heap cap (scripts/lib/server-memory.mjs).
  cluster.setupPrimary({ execArgv: process.execArgv });
  /** @type {Map<number, { worker?: import("node:cluster").Worker, startedAt: number, delay: number, timer?: NodeJS.Timeout }>} */
  const slots = new Map();
  const listened = new Set();
  let ready = false;
  let stopping = false;
  let exitCode = 0;

  /** @param {number} slot */
  const start = (slot) => {
    const state = slots.get(slot) ?? { startedAt: 0, delay: 0 };
    state.timer = undefined;
    state.startedAt = Date.now();
    state.worker = cluster.fork({ ...slotEnv(slot), [SLOT_VARIABLE]: String(slot) });
    slots.set(slot, state);
  };
  /** @param {import("node:cluster").Worker} worker */
  const slotOf = (worker) => [...slots].find(([, s]) => s.worker === worker)?.[0];

  /** @param {number} code */
  const stop = (code) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const state of slots.values()) clearTimeout(state.timer);
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(exitCode);
    // In-flight requests finish: each worker closes its server on SIGTERM, as a single process does.
    for (const worker of running) worker?.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(exitCode);
    }, STOP_TIMEOUT_MS).unref();
  };

  cluster.on("listening", (worker, address) => {
    listened.add(slotOf(worker));
    if (!ready && listened.size === count) {
      ready = true;
      onReady(address);
    }
  });

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    if (code === PORT_IN_USE_EXIT) {
      onPortInUse();
      return stop(1);
    }
    const slot = slotOf(worker);
    // The worker has printed what is wrong; every replacement would print it again and stop.
    if (code === CONFIG_PROBLEM_EXIT) {
      log("error", `${name} worker ${slot} refused to start on its configuration; stopping`);
      return stop(CONFIG_PROBLEM_EXIT);
    }
    const state = slot === undefined ? undefined : slots.get(slot);
    if (!ready || slot === undefined || !state) {
      log("error", `${name} worker ${slot} exited (${signal ?? `code ${code}`}) before the server was up; stopping`);
      return stop(code || 1);
    }
    const lived = Date.now() - state.startedAt;
    state.delay = restartDelay(state.delay, lived);
    log(
      "warn",
      `${name} worker ${slot} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}) after ${Math.round(lived / 1000)} s; starting another in ${state.delay} ms`,
    );
    state.worker = undefined;
    state.timer = setTimeout(() => start(slot), state.delay);
  });

  process.on("SIGTERM", () => stop(0));
  process.on("SIGINT", () => stop(0));
  for (let slot = 1; slot <= count; slot++) start(slot);
}
