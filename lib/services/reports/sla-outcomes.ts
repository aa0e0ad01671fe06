import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { ReportFigures } from "@/lib/schemas/reports";
import { SLA_TARGET_KINDS, type SlaTargetKind } from "@/lib/schemas/tickets";
import { queryRows } from "@/lib/server/db";
import { filteredTickets, type Period, type ReportScope } from "./scope";

type Row = {
  by_policy: number;
  target: string | null;
  policy_id: string | null;
  policy_name: string | null;
  met: number;
  breached: number;
};

/**
 * The summary's SLA compliance cut two ways in one statement (GROUPING SETS over the same rows):
 * by target kind and by policy, each counting the targets started in the range, met in time or
 * breached, so each cut adds up to `slaCompliance`. A kind or policy whose targets all still run
 * is left out.
 */
export async function slaOutcomes(
  scope: ReportScope,
  { start, end }: Period,
): Promise<Pick<ReportFigures, "slaByTarget" | "slaByPolicy">> {
  const rows = await queryRows<Row>(Prisma.sql`
    SELECT GROUPING(g."target") AS by_policy, g."target", g."slaPolicyId" AS policy_id, p."name" AS policy_name,
      count(*) FILTER (WHERE g."metAt" IS NOT NULL AND g."breachedAt" IS NULL) AS met,
      count(*) FILTER (WHERE g."breachedAt" IS NOT NULL) AS breached
    FROM "TicketSlaTarget" g LEFT JOIN "SlaPolicy" p ON p."id" = g."slaPolicyId"
    WHERE g."organizationId" = ${scope.organizationId} AND g."startedAt" >= ${start} AND g."startedAt" < ${end}
      ${filteredTickets(scope, "g")}
    GROUP BY GROUPING SETS ((g."target"), (g."slaPolicyId", p."name"))
    HAVING count(*) FILTER (WHERE g."metAt" IS NOT NULL OR g."breachedAt" IS NOT NULL) > 0`);
  const counted = rows
    .map((row) => ({ ...row, met: Number(row.met), breached: Number(row.breached) }))
    .sort((a, b) => (a.policy_name ?? "\uffff").localeCompare(b.policy_name ?? "\uffff"));
  const rank = (target: string | null) => SLA_TARGET_KINDS.indexOf(target as SlaTargetKind);
  return {
    slaByTarget: counted
      .filter((row) => Number(row.by_policy) === 0 && rank(row.target) >= 0)
      .sort((a, b) => rank(a.target) - rank(b.target))
      .map(({ target, met, breached }) => ({ target: target as SlaTargetKind, met, breached })),
    slaByPolicy: counted
      .filter((row) => Number(row.by_policy) === 1)
      .map(({ policy_id, policy_name, met, breached }) => ({ policyId: policy_id, name: policy_name, met, breached })),
  };
}
