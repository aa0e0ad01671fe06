// The ticket list's orders that the benchmark's raw server (bench/lib/hot-sql.mjs) runs too, so
// that the app's share of the raw limit compares the same statement. Plain JavaScript for that reason.

/**
 * When the ticket's SLA next runs out: the soonest of its running targets (the first reply until
 * there is one, the answer a customer's follow-up waits for, resolution), as lib/tickets/sla.ts
 * (runningDue) reads them from a row. A ticket whose clocks stand still (pending: its due times are
 * null) comes after every running one as 'infinity', so the key is never null and a page can
 * start after any row.
 */
export const SLA_DUE_SQL = `COALESCE(LEAST(CASE WHEN "firstRespondedAt" IS NULL THEN "firstResponseDueAt" END, "nextResponseDueAt", "resolutionDueAt"), 'infinity'::timestamp(3))`;

/**
 * What needs attention first: the SLA target that runs out soonest (so breached tickets lead),
 * then the most urgent (the priorities' declared order), then the oldest, the id breaking ties.
 * The key of the open-queue attention indexes (the ticket_attention_order migration, its due time
 * as the ticket_attention_due migration reads it), so a page is the first rows of one of them.
 */
export const ATTENTION_ORDER_SQL = `ORDER BY ${SLA_DUE_SQL} ASC, "Ticket"."priority" ASC, "Ticket"."createdAt" ASC, "Ticket"."id" ASC`;
