import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { ReportFigures, ReportQuery, ReportSummary } from "@/lib/schemas/reports";
import type { SessionUser } from "@/lib/schemas/session-user";
import { queryRows } from "@/lib/server/db";
import { reportScope, type Period, type ReportScope } from "./scope";

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
};

const DONE = Prisma.sql`('resolved'::"TicketStatus", 'closed'::"TicketStatus")`;

/**
 * One period's figures in one statement, each from an index on the ticket's own columns (created,
 * latest solve, latest reopen), the SLA targets by start and the ratings by date: never a reply
 * nor the history. Medians and the 90th percentile interpolate (percentile_cont).
 */
function figuresSql({ organizationId, filter, businessHours }: ReportScope, { start, end }: Period): Prisma.Sql {
  const tickets = Prisma.sql`FROM "Ticket" t WHERE t."organizationId" = ${organizationId} ${filter}`;
  // The SLA targets and ratings carry the organisation: their tickets are read only to filter them.
  const filtered = (alias: string) =>
    filter === Prisma.empty
      ? Prisma.empty
      : Prisma.sql`AND EXISTS (SELECT 1 FROM "Ticket" t WHERE t."id" = ${Prisma.raw(`${alias}."ticketId"`)}
          AND t."organizationId" = ${organizationId} ${filter})`;
  const first = businessHours ? Prisma.raw(`t."firstResponseBusinessMinutes"`) : Prisma.raw(`t."firstResponseMinutes"`);
  const resolution = businessHours ? Prisma.raw(`t."resolutionBusinessMinutes"`) : Prisma.raw(`t."resolutionMinutes"`);
  return Prisma.sql`
    SELECT c.created, c.first_median, c.first_p90, s.solved, s.resolution_median, s.resolution_p90,
      (SELECT count(*) ${tickets} AND t."reopenedAt" >= ${start} AND t."reopenedAt" < ${end}) AS reopened,
      (SELECT count(*) ${tickets} AND t."createdAt" < ${end}
        AND (t."status" NOT IN ${DONE} OR t."solvedAt" >= ${end})) AS backlog,
      sla.sla_met, sla.sla_breached, r.good, r.bad
    FROM (SELECT count(*) AS created,
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${first})) AS first_median,
        round(percentile_cont(0.9) WITHIN GROUP (ORDER BY ${first})) AS first_p90
      ${tickets} AND t."createdAt" >= ${start} AND t."createdAt" < ${end}) c,
    (SELECT count(*) AS solved,
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${resolution})) AS resolution_median,
        round(percentile_cont(0.9) WITHIN GROUP (ORDER BY ${resolution})) AS resolution_p90
      ${tickets} AND t."solvedAt" >= ${start} AND t."solvedAt" < ${end}) s,
    (SELECT count(*) FILTER (WHERE g."metAt" IS NOT NULL AND g."breachedAt" IS NULL) AS sla_met,
        count(*) FILTER (WHERE g."breachedAt" IS NOT NULL) AS sla_breached
      FROM "TicketSlaTarget" g
      WHERE g."organizationId" = ${organizationId} AND g."startedAt" >= ${start} AND g."startedAt" < ${end}
        ${filtered("g")}) sla,
    (SELECT count(*) FILTER (WHERE x."score" = 'good') AS good, count(*) FILTER (WHERE x."score" = 'bad') AS bad
      FROM "SatisfactionRating" x
      WHERE x."organizationId" = ${organizationId} AND x."ratedAt" >= ${start} AND x."ratedAt" < ${end}
        ${filtered("x")}) r`;
}

const figures = (row: Row): ReportFigures => ({
  created: Number(row.created),
  solved: Number(row.solved),
  reopened: Number(row.reopened),
  backlog: Number(row.backlog),
  firstResponseMinutes: { median: row.first_median, p90: row.first_p90 },
  resolutionMinutes: { median: row.resolution_median, p90: row.resolution_p90 },
  slaCompliance: { met: Number(row.sla_met), breached: Number(row.sla_breached) },
  satisfaction: { good: Number(row.good), bad: Number(row.bad) },
});

/** A period's figures for a scope: what the summary, and later the weekly mail, read. */
export async function periodFigures(scope: ReportScope, period: Period): Promise<ReportFigures> {
  const [row] = await queryRows<Row>(figuresSql(scope, period));
  return figures(row!);
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
