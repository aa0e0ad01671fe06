import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import type { TicketStatus } from "@/generated/prisma/enums";
import { PLANS } from "@/lib/plans/limits";
import { OPEN_STATUSES } from "@/lib/tickets/fields";
import { isTimeField, type Condition } from "@/lib/schemas/automations";
import { db, queryRows } from "@/lib/server/db";
import { enqueueTicketChange } from "@/lib/services/webhooks/ticket-events";
import type { ActiveRule } from "./active-rules";
import { TIME_OF } from "./conditions";
import { runRules } from "./engine";

/**
 * Time rules ("pending for more than 5 days: close with a friendly note") run on the job queue
 * every few minutes over open tickets (open, pending, in progress). A rule whose conditions name
 * the status resolved looks at resolved tickets too ("resolved for 4 days: close"), so a team's
 * years of resolved tickets are read only for the rules that ask for them. Closed tickets are
 * done. Each rule fires once on a ticket, and again only after the ticket has changed since; the
 * time rules' own changes are no such change, so two rules never keep changing a ticket back and
 * forth.
 */
export const TIME_RULES_JOB = "automations.time_rules";

/** Tickets read per query; each is then looked at in a transaction of its own. */
const BATCH = 200;
const HOUR_MS = 3_600_000;

/** The plans whose time rules run (an organisation that moved down keeps its rules, idle). */
const TIME_RULE_PLANS = (Object.keys(PLANS) as Plan[]).filter((plan) => PLANS[plan].timeRules);

type TimeRule = ActiveRule & { organizationId: string };

/** Every running time rule of the organisations whose plan runs them, by organisation, in their order. */
async function runningTimeRules(): Promise<Map<string, ActiveRule[]>> {
  const rows = await queryRows<TimeRule>(Prisma.sql`
    SELECT a."organizationId", a."id", a."name", a."conditions", a."actions"
    FROM "Automation" a JOIN "Organization" o ON o."id" = a."organizationId"
    WHERE a."when" = 'time' AND a."active" AND o."plan"::text = ANY(${TIME_RULE_PLANS}::text[])
    ORDER BY a."organizationId", a."position", a."id"`);
  const byOrganization = new Map<string, ActiveRule[]>();
  for (const { organizationId, ...rule } of rows) {
    const rules = byOrganization.get(organizationId) ?? [];
    rules.push(rule);
    byOrganization.set(organizationId, rules);
  }
  return byOrganization;
}

/** The statuses of the tickets a rule looks at: those its conditions name (never closed), else the open ones. */
function sweptStatuses(rule: ActiveRule): TicketStatus[] {
  let statuses = [...OPEN_STATUSES, "resolved" as const];
  let named = false;
  for (const c of rule.conditions.all) {
    if (c.field !== "status" || (c.operator !== "is" && c.operator !== "in")) continue;
    const values = (c.operator === "is" ? [c.value] : c.value) as TicketStatus[];
    statuses = statuses.filter((status) => values.includes(status));
    named = true;
  }
  return named ? statuses : OPEN_STATUSES;
}

/** A time condition as SQL on the ticket's row: its moment lies further back than the rule's hours. */
function timeBound(condition: Condition, now: Date): Prisma.Sql {
  const column = TIME_OF[condition.field as keyof typeof TIME_OF];
  return Prisma.sql`t.${Prisma.raw(`"${column}"`)} < ${new Date(now.getTime() - Number(condition.value) * HOUR_MS)}`;
}

/** The columns `is` conditions compare as they are stored: a rule's "assignee is none" reads only unassigned tickets. */
const EQUAL_COLUMNS = { assignee: "assignedToId", group: "groupId", priority: "priority" } as const;

function equalityOf(condition: Condition): Prisma.Sql[] {
  if (condition.operator !== "is" || !(condition.field in EQUAL_COLUMNS)) return [];
  const column = Prisma.raw(`t."${EQUAL_COLUMNS[condition.field as keyof typeof EQUAL_COLUMNS]}"`);
  return [
    condition.value === null ? Prisma.sql`${column} IS NULL` : Prisma.sql`${column}::text = ${String(condition.value)}`,
  ];
}

/**
 * The tickets a rule could match, as an indexed SQL test: the statuses it looks at, its time
 * conditions (all of them from `all`, else any of `any` when `any` holds only time conditions)
 * and the assignee, group or priority it names.
 * The engine still checks every condition; this only keeps the tickets that cannot match unread.
 */
function couldMatch(rule: ActiveRule, now: Date): Prisma.Sql {
  const { all, any } = rule.conditions;
  const parts: Prisma.Sql[] = [Prisma.sql`t."status"::text = ANY(${sweptStatuses(rule)}::text[])`];
  parts.push(...all.filter((c) => isTimeField(c.field)).map((c) => timeBound(c, now)));
  parts.push(...all.flatMap((c) => equalityOf(c)));
  if (parts.length === 1 && any.length > 0 && any.every((c) => isTimeField(c.field)))
    parts.push(
      Prisma.sql`(${Prisma.join(
        any.map((c) => timeBound(c, now)),
        " OR ",
      )})`,
    );
  // Not fired on the ticket as it stands.
  parts.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM "AutomationFiring" f
    WHERE f."automationId" = ${rule.id} AND f."ticketId" = t."id" AND f."ticketVersion" >= t."version")`);
  return Prisma.sql`(${Prisma.join(parts, " AND ")})`;
}

/**
 * The next batch of the organisation's tickets (by id, after `after`) that one of its rules
 * could match. The candidates are found first through the clocks' indexes, then paged.
 */
export function candidatesQuery(organizationId: string, rules: ActiveRule[], now: Date, after: string) {
  return Prisma.sql`
    WITH candidates AS MATERIALIZED (
      SELECT t."id" FROM "Ticket" t
      WHERE t."organizationId" = ${organizationId} AND t."status" <> 'closed'
        AND (${Prisma.join(
          rules.map((rule) => couldMatch(rule, now)),
          " OR ",
        )})
    )
    SELECT "id" FROM candidates WHERE "id" > ${after} ORDER BY "id" LIMIT ${BATCH}`;
}

/**
 * Runs the rules that have not fired on the ticket as it stands, in a transaction of its own
 * with the ticket locked. A ticket locked by a change in progress is passed over (the next
 * sweep sees it as changed); one closed meanwhile is left alone, and one resolved meanwhile only
 * to the rules that look at resolved tickets. A rule that fired changed the ticket: the webhooks
 * hear of it in the same transaction. Whether any rule fired.
 */
async function sweepTicket(organizationId: string, rules: ActiveRule[], ticketId: string, now: Date) {
  return db.$transaction(async (tx) => {
    const [ticket] = await tx.$queryRaw<{ version: number; status: TicketStatus }[]>`
      SELECT "version", "status" FROM "Ticket"
      WHERE "id" = ${ticketId} AND "organizationId" = ${organizationId} AND "status" <> 'closed'
      FOR UPDATE SKIP LOCKED`;
    if (!ticket) return false;
    const done = await tx.$queryRaw<{ automationId: string }[]>`
      SELECT "automationId" FROM "AutomationFiring" WHERE "ticketId" = ${ticketId} AND "ticketVersion" >= ${ticket.version}`;
    const due = rules.filter(
      (rule) => sweptStatuses(rule).includes(ticket.status) && !done.some((d) => d.automationId === rule.id),
    );
    const fired = new Set<string>();
    await runRules(tx, due, { organizationId, ticketId, now, fired });
    if (fired.size === 0) return false;
    const [after] = await tx.$queryRaw<{ version: number }[]>`SELECT "version" FROM "Ticket" WHERE "id" = ${ticketId}`;
    // The rules that had fired on the ticket as it stood still have: this run's changes are theirs.
    await tx.$executeRaw`
      UPDATE "AutomationFiring" SET "ticketVersion" = ${after!.version}
      WHERE "ticketId" = ${ticketId} AND "ticketVersion" >= ${ticket.version}`;
    await tx.$executeRaw`
      INSERT INTO "AutomationFiring" ("automationId", "ticketId", "ticketVersion", "firedAt")
      SELECT unnest(${[...fired]}::text[]), ${ticketId}, ${after!.version}, ${now}
      ON CONFLICT ("automationId", "ticketId")
      DO UPDATE SET "ticketVersion" = EXCLUDED."ticketVersion", "firedAt" = EXCLUDED."firedAt"`;
    await enqueueTicketChange(tx, { organizationId, ticketId, now });
    return true;
  });
}

/**
 * One sweep: every organisation whose plan runs time rules and that has active ones, its
 * candidate tickets in batches. Answers how many tickets a rule fired on.
 */
export async function sweepTimeRules(now = new Date()): Promise<number> {
  let changed = 0;
  for (const [organizationId, rules] of await runningTimeRules()) {
    let after = "";
    for (;;) {
      const batch = await queryRows<{ id: string }>(candidatesQuery(organizationId, rules, now, after));
      for (const { id } of batch) if (await sweepTicket(organizationId, rules, id, now)) changed++;
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1]!.id;
    }
  }
  return changed;
}
