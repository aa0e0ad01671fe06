// Who may see which tickets, as SQL: the one text of the rule lib/services/tickets/access.ts states
// (ticketScope), which builds its Prisma and SQL forms from it. Plain JavaScript because the ticket
// pane's statement (pane-sql.mjs), which the benchmark's raw server runs, scopes its ticket with it.

/**
 * The condition as a template, `values[i]` standing between `strings[i]` and `strings[i + 1]`:
 * the organisation's tickets, and only those raised with `customerEmail` when it is set.
 * @param {{ organizationId: string, customerEmail: string | null }} scope
 * @param {string} [table] the table or alias to qualify the columns with
 * @returns {{ strings: string[], values: string[] }}
 */
export function scopeSql({ organizationId, customerEmail }, table) {
  const column = (/** @type {string} */ name) => `${table ? `${table}.` : ""}"${name}"`;
  return customerEmail === null
    ? { strings: [`${column("organizationId")} = `, ""], values: [organizationId] }
    : {
        strings: [`${column("organizationId")} = `, ` AND ${column("customerEmail")} = `, ""],
        values: [organizationId, customerEmail],
      };
}
