import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { HeardCache } from "@/lib/live/heard-cache";
import { PLANS } from "@/lib/plans/limits";
import type { Action, AutomationWhen, Conditions } from "@/lib/schemas/automations";
import { queryRows } from "@/lib/server/db";

/** A rule as the engine runs it. */
export type ActiveRule = { id: string; name: string; conditions: Conditions; actions: Action[] };

/** An organisation's rules that run, by event, in their order. */
type RunningRules = Partial<Record<AutomationWhen, ActiveRule[]>>;

const globalForRules = globalThis as unknown as { ticketryActiveRules?: HeardCache<RunningRules> };

/**
 * This process's organisations' running rules, kept true by the rule and plan changes the
 * LISTEN connection hears (lib/live/listener.ts) and by this process's own rule writes, so that
 * a ticket change costs no read of the rules between their changes, and nothing at all for an
 * organisation without rules.
 */
export const organizationRules = (globalForRules.ticketryActiveRules ??= new HeardCache<RunningRules>(
  Number(process.env.RULES_CACHE_SIZE ?? 10_000),
));

type Row = ActiveRule & { plan: Plan; when: AutomationWhen };

/**
 * The organisation's rules that run, read in one indexed query (in the caller's transaction when
 * given): none when its plan has no rules (a team that moved down keeps its rules, but they do
 * not run), no time rules below Enterprise.
 */
async function readRules(organizationId: string, tx?: Prisma.TransactionClient): Promise<RunningRules> {
  const statement = Prisma.sql`
    SELECT a."id", a."name", a."when"::text AS "when", a."conditions", a."actions", o."plan"::text AS "plan"
    FROM "Automation" a JOIN "Organization" o ON o."id" = a."organizationId"
    WHERE a."organizationId" = ${organizationId} AND a."active"
    ORDER BY a."position", a."id"`;
  const rows = tx ? await tx.$queryRaw<Row[]>(statement) : await queryRows<Row>(statement);
  const running: RunningRules = {};
  for (const { plan, when, ...rule } of rows) {
    if (PLANS[plan].automations === 0 || (when === "time" && !PLANS[plan].timeRules)) continue;
    (running[when] ??= []).push(rule);
  }
  return running;
}

/** The organisation's active rules for an event, in their order: from this process's cache, else read and kept. */
export async function activeRules(
  organizationId: string,
  when: AutomationWhen,
  tx?: Prisma.TransactionClient,
): Promise<ActiveRule[]> {
  let running = organizationRules.get(organizationId);
  if (!running) {
    const ticket = organizationRules.begin();
    running = await readRules(organizationId, tx);
    organizationRules.keep(ticket, organizationId, running);
  }
  return running[when] ?? [];
}

/** This process changed the organisation's rules: its own next change reads them again. */
export function forgetOrganizationRules(organizationId: string) {
  organizationRules.forget(organizationId);
}
