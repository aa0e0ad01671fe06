import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { PLANS } from "@/lib/plans/limits";
import type { Action, AutomationWhen, Conditions } from "@/lib/schemas/automations";
import { queryRows } from "@/lib/server/db";

/** A rule as the engine runs it. */
export type ActiveRule = { id: string; name: string; conditions: Conditions; actions: Action[] };

type Row = ActiveRule & { plan: Plan };

/**
 * The organisation's active rules for an event, in their order, in one indexed read (in the
 * caller's transaction when given); none when its plan has no such rules (a team that moved down
 * keeps its rules, but they do not run).
 */
export async function activeRules(
  organizationId: string,
  when: AutomationWhen,
  tx?: Prisma.TransactionClient,
): Promise<ActiveRule[]> {
  const statement = Prisma.sql`
    SELECT a."id", a."name", a."conditions", a."actions", o."plan"::text AS "plan"
    FROM "Automation" a JOIN "Organization" o ON o."id" = a."organizationId"
    WHERE a."organizationId" = ${organizationId} AND a."active" AND a."when" = ${when}::"AutomationWhen"
    ORDER BY a."position", a."id"`;
  const rows = tx ? await tx.$queryRaw<Row[]>(statement) : await queryRows<Row>(statement);
  const plan = rows[0]?.plan;
  if (!plan || PLANS[plan].automations === 0 || (when === "time" && !PLANS[plan].timeRules)) return [];
  return rows.map(({ plan: _plan, ...rule }) => rule);
}
