import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { ReportFigures, ReportQuery, ReportSummary } from "@/lib/schemas/reports";
import type { SessionUser } from "@/lib/schemas/session-user";
import { queryRows } from "@/lib/server/db";
import { ratingComments } from "./rating-comments";
import { filteredTickets, reportScope, type Period, type ReportScope } from "./scope";
import { slaOutcomes } from "./sla-outcomes";

type Row = {
  created: number;
  solved: number;
  reopened: number;
  backlog: number;
  first_median: number | null;
  first_p90: number | null;
  resolution_median: number | null;
  resolution_p90: number | null;
  sla_met: number;
  sla_breached: number;
  good: number;
  bad: number;
  next_median: number | null;
  next_p90: number | null;
  replies_median: number | null;
  replies_p90: number | null;
  one_touch: number;
};

const DONE = Prisma.sql`('resolved'::"TicketStatus", 'closed'::"TicketStatus")`;

/**
 * One period's counts and spreads in one statement, each from an index on the ticket's own columns
 * (created, latest solve, latest reopen), the SLA targets by start, the ratings by date and the
 * next responses by answer: never a reply nor the history. Medians and the 90th percentile
 * interpolate (percentile_cont); replies per ticket to a tenth, minutes whole.
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
      (SELECT count(*) ${tickets} AND t."createdAt" < ${end}
        AND (t."status" NOT IN ${DONE} OR t."solvedAt" >= ${end})) AS backlog,
      sla.sla_met, sla.sla_breached, r.good, r.bad, nr.next_median, nr.next_p90
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
    (SELECT count(*) FILTER (WHERE g."metAt" IS NOT NULL AND g."breachedAt" IS NULL) AS sla_met,
        count(*) FILTER (WHERE g."breachedAt" IS NOT NULL) AS sla_breached
      FROM "TicketSlaTarget" g
      WHERE g."organizationId" = ${organizationId} AND g."startedAt" >= ${start} AND g."startedAt" < ${end}
        ${filteredTickets(scope, "g")}) sla,
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

const figures = (row: Row): Omit<ReportFigures, "slaByTarget" | "slaByPolicy" | "satisfactionComments"> => ({
  created: Number(row.created),
  solved: Number(row.solved),
  reopened: Number(row.reopened),
  backlog: Number(row.backlog),
  firstResponseMinutes: { median: row.first_median, p90: row.first_p90 },
  resolutionMinutes: { median: row.resolution_median, p90: row.resolution_p90 },
  slaCompliance: { met: Number(row.sla_met), breached: Number(row.sla_breached) },
  satisfaction: { good: Number(row.good), bad: Number(row.bad) },
  nextResponseMinutes: { median: row.next_median, p90: row.next_p90 },
  agentRepliesPerTicket: { median: row.replies_median, p90: row.replies_p90 },
  oneTouchSolved: Number(row.one_touch),
});

/** A period's figures for a scope: what the summary, and the weekly mail, read. */
export async function periodFigures(scope: ReportScope, period: Period): Promise<ReportFigures> {
  const [[row], sla, satisfactionComments] = await Promise.all([
    queryRows<Row>(figuresSql(scope, period)),
    slaOutcomes(scope, period),
    ratingComments(scope, period),
  ]);
  return { ...figures(row!), ...sla, satisfactionComments };
}

/** GET /api/reports/summary: the range's figures and the previous period's, read side by side. */
export async function reportSummary(user: SessionUser, query: ReportQuery): Promise<ReportSummary> {
  const scope = await reportScope(user, query);
  const [current, previous] = await Promise.all([
    periodFigures(scope, scope.period),
    periodFigures(scope, scope.previous),
  ]);
  return { ...current, previous };
}
