// How many database connections each server process keeps in its pool (DATABASE_POOL_SIZE).
// Shared with the benchmark's raw server (bench/raw-server.mjs), so the two run the same number.
//
// Four, not ten: a Node process runs one request's JavaScript at a time, so a few statements in
// flight keep the database busy, and more only queue inside PostgreSQL, where each waiting
// connection is a process the few cores switch between. With ten per process, a burst of new
// tickets on a small machine kept the database's CPU busy in the kernel, switching between its
// processes; with four, tickets are created faster and reads are no slower. One server process
// per core keeps the total growing with the machine.
import { wholeNumberSetting } from "./whole-number-setting.mjs";

export const DEFAULT_POOL_SIZE = 4;

/**
 * The pool size DATABASE_POOL_SIZE asks for, the default when it is unset or blank.
 * @param {Record<string, string | undefined>} [env]
 * @returns {number}
 */
export function databasePoolSize(env = process.env) {
  const rule = { unit: "connections per server process", least: 1, unset: String(DEFAULT_POOL_SIZE) };
  return wholeNumberSetting(env, "DATABASE_POOL_SIZE", rule) ?? DEFAULT_POOL_SIZE;
}
