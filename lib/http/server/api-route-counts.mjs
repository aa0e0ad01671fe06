// How many API routes the production server answers itself and how many it leaves to Next, as
// scripts/serve.mjs found them at boot, for /api/health to report. The route's build and the
// server script are separate copies of this module, so the numbers live on globalThis under a
// Symbol.for key that both name.

const KEY = Symbol.for("ticketry.api-route-counts");

/** @typedef {{ direct: number, viaNext: number }} ApiRouteCounts */

/** @param {ApiRouteCounts} counts */
export function publishApiRouteCounts(counts) {
  /** @type {Record<symbol, unknown>} */ (globalThis)[KEY] = Object.freeze({ ...counts });
}

/**
 * The numbers this process's server published, or "all" via Next where no server of ours runs
 * in the process (`next dev`, the tests' in-process calls).
 * @returns {ApiRouteCounts | { direct: 0, viaNext: "all" }}
 */
export function apiRouteCounts() {
  const counts = /** @type {ApiRouteCounts | undefined} */ (/** @type {Record<symbol, unknown>} */ (globalThis)[KEY]);
  return counts ?? { direct: 0, viaNext: "all" };
}
