import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { ReportFigures, ReportQuery, ReportSummary } from "@/lib/schemas/reports";
import type { SessionUser } from "@/lib/schemas/session-user";
import { queryRows } from "@/lib/server/db";
import { doneSql, openSql } from "@/lib/tickets/statuses.mjs";
import { ratingComments } from "./rating-comments";
import { filteredTickets, reportScope, type Period, type ReportScope } from "./scope";
import { keptReport } from "./kept";
import { namePolicies, slaOutcomes } from "./sla-outcomes";

type Row = {
  created: number;
  solved: number;
  reopened: number;
  backlog: number;
  first_median: number | null;
  first_p90: number | null;
  resolution_median: number | null;
  resolution_p90: number | null;
  good: number;
  bad: number;
  next_median: number | null;
  next_p90: number | null;
  replies_median: number | null;
  replies_p90: number | null;
  one_touch: number;
};

const OPEN = Prisma.raw(openSql("t"));
const DONE = Prisma.raw(doneSql("t"));

/**
 * One period's counts and spreads in one statement, each from an index on the ticket's own columns
 * (created, latest solve, latest reopen), the ratings by date and the next responses by answer:
 * never a reply nor the history. Each index carries the measures it is read for
 * (report_covering_indexes), so an unfiltered range is read from indexes alone. The backlog is
 * the open tickets (their partial index) and the done ones solved after the end. Medians and the
 * 90th percentile interpolate (percentile_cont); replies per ticket to a tenth, minutes whole.
 */
function figuresSql(scope: ReportScope, { start, end }: Period): Prisma.Sql {
  const { organizationId, filter, businessHours } = scope;
  const tickets = Prisma.sql`FROM "Ticket" t WHERE t."organizationId" = ${organizationId} ${filter}`;
  const first = businessHours ? Prisma.raw(`t."firstResponseBusinessMinutes"`) : Prisma.raw(`t."firstResponseMinutes"`);
  const resolution = businessHours ? Prisma.raw(`t."resolutionBusinessMinutes"`) : Prisma.raw(`t."resolutionMinutes"`);
  const next = businessHours ? Prisma.raw(`n."businessMinutes"`) : Prisma.raw(`n."minutes"`);
  return Prisma.sql`
    SELECT c.created, c.first_median, c.first_p90, s.solved, s.resolution_median, s.resolution_p90,
      s.replies_median, s.replies_p90, s.one_touch,
      (SELECT count(*) ${tickets} AND t."reopenedAt" >= ${start} AND t."reopenedAt" < ${end}) AS reopened,
      (SELECT count(*) ${tickets} AND ${OPEN} AND t."createdAt" < ${end})
        + (SELECT count(*) ${tickets} AND ${DONE} AND t."solvedAt" >= ${end} AND t."createdAt" < ${end}) AS backlog,
      r.good, r.bad, nr.next_median, nr.next_p90
    FROM (SELECT count(*) AS created,
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${first})) AS first_median,
        round(percentile_cont(0.9) WITHIN GROUP (ORDER BY ${first})) AS first_p90
      ${tickets} AND t."createdAt" >= ${start} AND t."createdAt" < ${end}) c,
    (SELECT count(*) AS solved,
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${resolution})) AS resolution_median,
        round(percentile_cont(0.9) WITHIN GROUP (ORDER BY ${resolution})) AS resolution_p90,
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY t."agentReplies") * 10) / 10 AS replies_median,
        round(percentile_cont(0.9) WITHIN GROUP (ORDER BY t."agentReplies") * 10) / 10 AS replies_p90,
        count(*) FILTER (WHERE t."agentReplies" = 1 AND t."reopenCount" = 0) AS one_touch
      ${tickets} AND t."solvedAt" >= ${start} AND t."solvedAt" < ${end}) s,
    (SELECT count(*) FILTER (WHERE x."score" = 'good') AS good, count(*) FILTER (WHERE x."score" = 'bad') AS bad
      FROM "SatisfactionRating" x
      WHERE x."organizationId" = ${organizationId} AND x."ratedAt" >= ${start} AND x."ratedAt" < ${end}
        ${filteredTickets(scope, "x")}) r,
    (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${next})) AS next_median,
        round(percentile_cont(0.9) WITHIN GROUP (ORDER BY ${next})) AS next_p90
      FROM "TicketNextResponse" n
      WHERE n."organizationId" = ${organizationId} AND n."answeredAt" >= ${start} AND n."answeredAt" < ${end}
        ${filteredTickets(scope, "n")}) nr`;
}

const figures = (
  row: Row,
): Omit<ReportFigures, "slaCompliance" | "slaByTarget" | "slaByPolicy" | "satisfactionComments"> => ({
  created: Number(row.created),
  solved: Number(row.solved),
  reopened: Number(row.reopened),
  backlog: Number(row.backlog),
  firstResponseMinutes: { median: row.first_median, p90: row.first_p90 },
  resolutionMinutes: { median: row.resolution_median, p90: row.resolution_p90 },
  satisfaction: { good: Number(row.good), bad: Number(row.bad) },
  nextResponseMinutes: { median: row.next_median, p90: row.next_p90 },
  agentRepliesPerTicket: { median: row.replies_median, p90: row.replies_p90 },
  oneTouchSolved: Number(row.one_touch),
});

/** A period's figures for a scope, its policies not yet named (see namePolicies). */
async function unnamedFigures(scope: ReportScope, period: Period): Promise<ReportFigures> {
  const [[row], sla, satisfactionComments] = await Promise.all([
    queryRows<Row>(figuresSql(scope, period)),
    slaOutcomes(scope, period),
    ratingComments(scope, period),
  ]);
  // Every target met or breached is in one policy's row (the default targets' too).
  const slaCompliance = sla.slaByPolicy.reduce(
    (sum, p) => ({ met: sum.met + p.met, breached: sum.breached + p.breached }),
    { met: 0, breached: 0 },
  );
  return { ...figures(row!), slaCompliance, ...sla, satisfactionComments };
}

/** A period's figures for a scope: what the weekly mail reads. */
export async function periodFigures(scope: ReportScope, period: Period): Promise<ReportFigures> {
  const [named] = await namePolicies(scope.organizationId, [await unnamedFigures(scope, period)]);
  return named!;
}

/**
 * GET /api/reports/summary: the range's figures and the previous period's, read side by side,
 * and kept until a ticket of the organisation changes (see keptReport).
 */
export async function reportSummary(user: SessionUser, query: ReportQuery): Promise<ReportSummary> {
  const scope = await reportScope(user, query);
  const [current, previous] = await keptReport(user, "summary", scope, null, () =>
    Promise.all([unnamedFigures(scope, scope.period), unnamedFigures(scope, scope.previous)]),
  );
  const [named, namedPrevious] = await namePolicies(scope.organizationId, [current, previous]);
  return { ...named!, previous: namedPrevious! };
}
