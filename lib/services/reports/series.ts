import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { ReportPoint, ReportSeries, ReportSeriesQuery } from "@/lib/schemas/reports-charts";
import type { SessionUser } from "@/lib/schemas/session-user";
import { queryRows } from "@/lib/server/db";
import { reportBuckets } from "./buckets";
import { keptReport } from "./kept";
import { reportScope, type ReportScope } from "./scope";

type Row = {
  i: number;
  created: number | null;
  first_median: number | null;
  first_p90: number | null;
  solved: number | null;
  resolution_median: number | null;
  resolution_p90: number | null;
  reopened: number | null;
  moved: number | null;
};

const DONE = Prisma.sql`('resolved'::"TicketStatus", 'closed'::"TicketStatus")`;

/**
 * Every bucket's figures in one statement. `width_bucket` over the edges numbers a moment's
 * bucket (0 before the range, n + 1 after it), so each measure is one grouped read of the index on
 * its moment, as the summary reads it. The backlog at each bucket's end is counted as tickets in
 * minus tickets out: a ticket enters when created and, once done, leaves at its latest solve (at
 * creation should it have none or an earlier one); bucket 0 holds the backlog at the range's start.
 */
function seriesSql({ organizationId, filter, businessHours }: ReportScope, edges: Date[]): Prisma.Sql {
  const e = Prisma.sql`${edges.map((d) => d.toISOString())}::timestamp(3)[]`;
  const start = edges[0]!;
  const end = edges.at(-1)!;
  const n = edges.length - 1;
  const tickets = Prisma.sql`FROM "Ticket" t WHERE t."organizationId" = ${organizationId} ${filter}`;
  const first = Prisma.raw(businessHours ? `t."firstResponseBusinessMinutes"` : `t."firstResponseMinutes"`);
  const resolution = Prisma.raw(businessHours ? `t."resolutionBusinessMinutes"` : `t."resolutionMinutes"`);
  return Prisma.sql`
    WITH c AS (SELECT width_bucket(t."createdAt", ${e}) AS i, count(*) AS created,
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${first})) AS first_median,
        round(percentile_cont(0.9) WITHIN GROUP (ORDER BY ${first})) AS first_p90
      ${tickets} AND t."createdAt" >= ${start} AND t."createdAt" < ${end} GROUP BY 1),
    s AS (SELECT width_bucket(t."solvedAt", ${e}) AS i, count(*) AS solved,
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${resolution})) AS resolution_median,
        round(percentile_cont(0.9) WITHIN GROUP (ORDER BY ${resolution})) AS resolution_p90
      ${tickets} AND t."solvedAt" >= ${start} AND t."solvedAt" < ${end} GROUP BY 1),
    r AS (SELECT width_bucket(t."reopenedAt", ${e}) AS i, count(*) AS reopened
      ${tickets} AND t."reopenedAt" >= ${start} AND t."reopenedAt" < ${end} GROUP BY 1),
    m AS (SELECT m.i, sum(m.d) AS moved
      FROM "Ticket" t CROSS JOIN LATERAL (VALUES (width_bucket(t."createdAt", ${e}), 1),
        (CASE WHEN t."status" IN ${DONE}
          THEN width_bucket(greatest(t."createdAt", coalesce(t."solvedAt", t."createdAt")), ${e}) END, -1)) AS m(i, d)
      WHERE t."organizationId" = ${organizationId} ${filter} AND t."createdAt" < ${end} AND m.i <= ${n}
      GROUP BY 1)
    SELECT b.i, c.created, c.first_median, c.first_p90, s.solved, s.resolution_median, s.resolution_p90,
      r.reopened, m.moved
    FROM generate_series(0, ${n}::int) AS b(i)
      LEFT JOIN c ON c.i = b.i LEFT JOIN s ON s.i = b.i LEFT JOIN r ON r.i = b.i LEFT JOIN m ON m.i = b.i
    ORDER BY b.i`;
}

/** GET /api/reports/series: created, solved, reopened, backlog and the medians per day or week. */
export async function reportSeries(user: SessionUser, query: ReportSeriesQuery): Promise<ReportSeries> {
  const interval = query.interval ?? "day";
  const scope = await reportScope(user, query);
  const { days, edges } = reportBuckets(scope.timeZone, query.from, query.to, interval);
  const rows = await keptReport(user, "series", scope, interval, () => queryRows<Row>(seriesSql(scope, edges)));
  let backlog = Number(rows[0]?.moved ?? 0);
  const points: ReportPoint[] = days.map((start, index) => {
    const row = rows[index + 1]!;
    backlog += Number(row.moved ?? 0);
    return {
      start,
      created: Number(row.created ?? 0),
      solved: Number(row.solved ?? 0),
      reopened: Number(row.reopened ?? 0),
      backlog,
      firstResponseMinutes: { median: row.first_median, p90: row.first_p90 },
      resolutionMinutes: { median: row.resolution_median, p90: row.resolution_p90 },
    };
  });
  return { interval, points };
}
