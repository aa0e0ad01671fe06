import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type {
  ReportBreakdown,
  ReportBreakdownQuery,
  ReportBreakdownRow,
  ReportDimension,
} from "@/lib/schemas/reports-charts";
import type { SessionUser } from "@/lib/schemas/session-user";
import { queryRows } from "@/lib/server/db";
import { reportScope, type ReportScope } from "./scope";

type Row = {
  k: string;
  label: string | null;
  created: number | null;
  first_median: number | null;
  solved: number | null;
  resolution_median: number | null;
  sla_met: number | null;
  sla_breached: number | null;
  good: number | null;
  bad: number | null;
};

/**
 * Each dimension's key on the ticket `t` (the empty string for none, so that "no group" is a row
 * that joins like the others), what the rows are read from (a tag's tickets: one row per tag it
 * carries) and where its name is.
 */
const DIMENSIONS: Record<ReportDimension, { from: Prisma.Sql; key: Prisma.Sql; label?: string }> = {
  group: { from: Prisma.sql`"Ticket" t`, key: Prisma.sql`coalesce(t."groupId", '')`, label: `"Group"` },
  agent: { from: Prisma.sql`"Ticket" t`, key: Prisma.sql`coalesce(t."assignedToId", '')`, label: `"User"` },
  company: { from: Prisma.sql`"Ticket" t`, key: Prisma.sql`coalesce(t."companyId", '')`, label: `"Company"` },
  tag: {
    from: Prisma.sql`"Ticket" t CROSS JOIN LATERAL unnest(t."tagIds") AS x(k)`,
    key: Prisma.sql`x.k`,
    label: `"Tag"`,
  },
  priority: { from: Prisma.sql`"Ticket" t`, key: Prisma.sql`t."priority"::text` },
  entrance: { from: Prisma.sql`"Ticket" t`, key: Prisma.sql`coalesce(t."entrance", '')` },
};

const LABEL_COLUMN: Record<string, string> = {
  '"Group"': "name",
  '"User"': '"fullName"',
  '"Company"': "name",
  '"Tag"': "name",
};

/**
 * The breakdown in one statement: the summary's figures, each grouped by the dimension's key and
 * read from the index on its own moment (created, latest solve, SLA start, rating date), then
 * joined by key with the names.
 */
function breakdownSql(
  { organizationId, filter, businessHours, period: { start, end } }: ReportScope,
  by: ReportDimension,
): Prisma.Sql {
  const { from, key, label } = DIMENSIONS[by];
  const where = Prisma.sql`t."organizationId" = ${organizationId} ${filter}`;
  const first = Prisma.raw(businessHours ? `t."firstResponseBusinessMinutes"` : `t."firstResponseMinutes"`);
  const resolution = Prisma.raw(businessHours ? `t."resolutionBusinessMinutes"` : `t."resolutionMinutes"`);
  const named = label
    ? {
        column: Prisma.raw(`l.${LABEL_COLUMN[label]}`),
        join: Prisma.sql`LEFT JOIN ${Prisma.raw(label)} l ON l."id" = k.k AND l."organizationId" = ${organizationId}`,
      }
    : { column: Prisma.sql`NULL::text`, join: Prisma.empty };
  return Prisma.sql`
    WITH c AS (SELECT ${key} AS k, count(*) AS created,
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${first})) AS first_median
      FROM ${from} WHERE ${where} AND t."createdAt" >= ${start} AND t."createdAt" < ${end} GROUP BY 1),
    s AS (SELECT ${key} AS k, count(*) AS solved,
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${resolution})) AS resolution_median
      FROM ${from} WHERE ${where} AND t."solvedAt" >= ${start} AND t."solvedAt" < ${end} GROUP BY 1),
    g AS (SELECT ${key} AS k, count(*) FILTER (WHERE g."metAt" IS NOT NULL AND g."breachedAt" IS NULL) AS sla_met,
        count(*) FILTER (WHERE g."breachedAt" IS NOT NULL) AS sla_breached
      FROM "TicketSlaTarget" g JOIN ${from} ON t."id" = g."ticketId"
      WHERE g."organizationId" = ${organizationId} AND g."startedAt" >= ${start} AND g."startedAt" < ${end} AND ${where}
      GROUP BY 1),
    r AS (SELECT ${key} AS k, count(*) FILTER (WHERE r."score" = 'good') AS good,
        count(*) FILTER (WHERE r."score" = 'bad') AS bad
      FROM "SatisfactionRating" r JOIN ${from} ON t."id" = r."ticketId"
      WHERE r."organizationId" = ${organizationId} AND r."ratedAt" >= ${start} AND r."ratedAt" < ${end} AND ${where}
      GROUP BY 1),
    k AS (SELECT k FROM c UNION SELECT k FROM s UNION SELECT k FROM g UNION SELECT k FROM r)
    SELECT k.k, ${named.column} AS label, c.created, c.first_median, s.solved, s.resolution_median,
      g.sla_met, g.sla_breached, r.good, r.bad
    FROM k LEFT JOIN c ON c.k = k.k LEFT JOIN s ON s.k = k.k LEFT JOIN g ON g.k = k.k LEFT JOIN r ON r.k = k.k
      ${named.join}
    ORDER BY c.created DESC NULLS LAST, s.solved DESC NULLS LAST, k.k`;
}

const row = (r: Row): ReportBreakdownRow => ({
  key: r.k === "" ? null : r.k,
  label: r.label,
  created: Number(r.created ?? 0),
  solved: Number(r.solved ?? 0),
  firstResponseMedian: r.first_median,
  resolutionMedian: r.resolution_median,
  slaCompliance: { met: Number(r.sla_met ?? 0), breached: Number(r.sla_breached ?? 0) },
  satisfaction: { good: Number(r.good ?? 0), bad: Number(r.bad ?? 0) },
});

/** GET /api/reports/breakdown: the range's figures per group, agent, tag, entrance, priority or company. */
export async function reportBreakdown(user: SessionUser, query: ReportBreakdownQuery): Promise<ReportBreakdown> {
  const scope = await reportScope(user, query);
  const rows = await queryRows<Row>(breakdownSql(scope, query.by));
  return { by: query.by, rows: rows.map(row) };
}
