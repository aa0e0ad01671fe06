import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { ReportQuery } from "@/lib/schemas/reports";
import type { ReportHeatmap } from "@/lib/schemas/reports-charts";
import type { SessionUser } from "@/lib/schemas/session-user";
import { queryRows } from "@/lib/server/db";
import { keptReport } from "./kept";
import { reportScope } from "./scope";

type Row = { dow: number; hour: number; created: number };

/** GET /api/reports/heatmap: when the range's tickets arrive, by local day of the week (Monday first) and hour. */
export async function reportHeatmap(user: SessionUser, query: ReportQuery): Promise<ReportHeatmap> {
  const scope = await reportScope(user, query);
  const { organizationId, filter, timeZone, period } = scope;
  // createdAt is UTC without a zone: read as UTC first, then as the zone's wall clock.
  const local = Prisma.sql`(t."createdAt" AT TIME ZONE 'UTC' AT TIME ZONE ${timeZone})`;
  const rows = await keptReport(user, "heatmap", scope, null, () =>
    queryRows<Row>(Prisma.sql`
    SELECT extract(isodow FROM ${local})::int AS dow, extract(hour FROM ${local})::int AS hour, count(*) AS created
    FROM "Ticket" t
    WHERE t."organizationId" = ${organizationId} ${filter}
      AND t."createdAt" >= ${period.start} AND t."createdAt" < ${period.end}
    GROUP BY 1, 2`),
  );
  const counts = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  for (const r of rows) counts[r.dow - 1]![r.hour] = Number(r.created);
  return { timeZone, counts };
}
