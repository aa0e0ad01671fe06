// Which statuses are open (the queues' work) and which are done: the one list, read by the
// TypeScript code (lib/tickets/fields.ts) and written into SQL here. Plain JavaScript because the
// statements the benchmark's raw server runs (bench/lib/hot-sql.mjs) test the same statuses.

export const OPEN_STATUSES = /** @type {const} */ (["open", "pending", "in_progress"]);
export const DONE_STATUSES = /** @type {const} */ (["resolved", "closed"]);

/**
 * `"status" IN (...)` with the statuses as literals: only then can PostgreSQL match the partial
 * "open tickets" indexes (an enum bound as a parameter cannot be).
 * @param {readonly string[]} statuses
 * @param {string} [table] the table or alias to qualify the column with
 */
const statusIn = (statuses, table) =>
  `${table ? `${table}.` : ""}"status" IN (${statuses.map((status) => `'${status}'`).join(", ")})`;

/** The open tickets, as a SQL condition. @param {string} [table] */
export const openSql = (table) => statusIn(OPEN_STATUSES, table);

/** The resolved and closed tickets, as a SQL condition. @param {string} [table] */
export const doneSql = (table) => statusIn(DONE_STATUSES, table);
