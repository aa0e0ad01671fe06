// The ticket list's orders that the benchmark's raw server (bench/lib/hot-sql.mjs) runs too, so
// that the app's share of the raw limit compares the same statement. Plain JavaScript for that reason.

/** The SLA target that runs next: the first reply until there is one, then resolution. */
export const SLA_DUE_SQL = `(CASE WHEN "firstRespondedAt" IS NULL THEN "firstResponseDueAt" ELSE "resolutionDueAt" END)`;

/**
 * What needs attention first: the SLA target that runs out soonest (so breached tickets lead),
 * then the most urgent (the priorities' declared order), then the oldest, the id breaking ties.
 * The key of the open-queue attention indexes (the ticket_attention_order migration), so a page
 * is the first rows of one of them.
 */
export const ATTENTION_ORDER_SQL = `ORDER BY ${SLA_DUE_SQL} ASC, "Ticket"."priority" ASC, "Ticket"."createdAt" ASC, "Ticket"."id" ASC`;
