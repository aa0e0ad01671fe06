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
  met: number;
  breached: number;
};

type ByPolicy = ReportFigures["slaByPolicy"][number];

/**
 * The summary's SLA compliance cut two ways in one statement (GROUPING SETS over the same rows):
 * by target kind and by policy, each counting the targets started in the range, met in time or
 * breached, so each cut adds up to `slaCompliance`. A kind or policy whose targets all still run
 * is left out. The policies' names are not read here (see namePolicies): a summary is kept until
 * a ticket changes, and renaming a policy changes none.
 */
export async function slaOutcomes(
  scope: ReportScope,
  { start, end }: Period,
): Promise<Pick<ReportFigures, "slaByTarget" | "slaByPolicy">> {
  const rows = await queryRows<Row>(Prisma.sql`
    SELECT GROUPING(g."target") AS by_policy, g."target", g."slaPolicyId" AS policy_id,
      count(*) FILTER (WHERE g."metAt" IS NOT NULL AND g."breachedAt" IS NULL) AS met,
      count(*) FILTER (WHERE g."breachedAt" IS NOT NULL) AS breached
    FROM "TicketSlaTarget" g
    WHERE g."organizationId" = ${scope.organizationId} AND g."startedAt" >= ${start} AND g."startedAt" < ${end}
      ${filteredTickets(scope, "g")}
    GROUP BY GROUPING SETS ((g."target"), (g."slaPolicyId"))
    HAVING count(*) FILTER (WHERE g."metAt" IS NOT NULL OR g."breachedAt" IS NOT NULL) > 0`);
  const counted = rows.map((row) => ({ ...row, met: Number(row.met), breached: Number(row.breached) }));
  const rank = (target: string | null) => SLA_TARGET_KINDS.indexOf(target as SlaTargetKind);
  return {
    slaByTarget: counted
      .filter((row) => Number(row.by_policy) === 0 && rank(row.target) >= 0)
      .sort((a, b) => rank(a.target) - rank(b.target))
      .map(({ target, met, breached }) => ({ target: target as SlaTargetKind, met, breached })),
    slaByPolicy: counted
      .filter((row) => Number(row.by_policy) === 1)
      .map(({ policy_id, met, breached }) => ({ policyId: policy_id, name: null, met, breached })),
  };
}

/**
 * Periods' SLA compliance by policy with each policy's name as it is now, by name (the default
 * targets, no policy, last), the names of all of them read in one query.
 */
export async function namePolicies<F extends Pick<ReportFigures, "slaByPolicy">>(
  organizationId: string,
  periods: F[],
): Promise<F[]> {
  const ids = [...new Set(periods.flatMap((p) => p.slaByPolicy.flatMap((r) => (r.policyId ? [r.policyId] : []))))];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await queryRows<{ id: string; name: string }>(Prisma.sql`
            SELECT "id", "name" FROM "SlaPolicy" WHERE "organizationId" = ${organizationId} AND "id" = ANY(${ids})`)
        ).map((p) => [p.id, p.name]),
  );
  const named = (r: ByPolicy): ByPolicy => ({ ...r, name: r.policyId ? (names.get(r.policyId) ?? null) : null });
  const byName = (a: ByPolicy, b: ByPolicy) => (a.name ?? "\uffff").localeCompare(b.name ?? "\uffff");
  return periods.map((p) => ({ ...p, slaByPolicy: p.slaByPolicy.map(named).sort(byName) }));
}
