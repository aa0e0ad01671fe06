import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Plan, TicketPriority } from "@/generated/prisma/enums";
import { HeardCache } from "@/lib/live/heard-cache";
import { PLANS } from "@/lib/plans/limits";
import type { Conditions } from "@/lib/schemas/automations";
import type { SlaTargets } from "@/lib/schemas/sla-policies";
import { queryRows } from "@/lib/server/db";
import { ALWAYS_OPEN, type CalendarSpec } from "@/lib/sla/calendar";
import type { TargetMinutes } from "@/lib/sla/ticket-clock";
import { DEFAULT_TARGETS } from "@/lib/tickets/sla";
import { specOf } from "./calendar-specs";

/** A policy as the SLA clock applies it. */
export type SetupPolicy = {
  id: string;
  name: string;
  position: number;
  conditions: Conditions;
  targets: SlaTargets;
  calendar: CalendarSpec;
};

/** An organisation's SLA policies that apply, in their order (none below Pro). */
export type SlaSetup = { policies: SetupPolicy[] };

/** What a ticket's clock counts with: its policy (null: the default targets), targets and calendar. */
export type AppliedSla = {
  policy: { id: string; name: string } | null;
  minutes: TargetMinutes;
  calendar: CalendarSpec;
};

/** The default's terms for a priority. */
export const defaultSla = (priority: TicketPriority): AppliedSla => ({
  policy: null,
  minutes: DEFAULT_TARGETS[priority],
  calendar: ALWAYS_OPEN,
});

/** A policy's terms for a priority. */
export const policySla = (policy: SetupPolicy, priority: TicketPriority): AppliedSla => ({
  policy: { id: policy.id, name: policy.name },
  minutes: policy.targets[priority],
  calendar: policy.calendar,
});

const globalForSla = globalThis as unknown as { ticketrySlaSetups?: HeardCache<SlaSetup> };

/**
 * This process's organisations' SLA setups, kept true by the announcements of policy, calendar
 * and plan changes the LISTEN connection hears (the automation rules' channel), so that a
 * ticket's change costs no read of its organisation's policies between their changes.
 */
export const organizationSlaSetups = (globalForSla.ticketrySlaSetups ??= new HeardCache<SlaSetup>(
  Number(process.env.RULES_CACHE_SIZE ?? 10_000),
));

type Row = {
  plan: Plan;
  id: string | null;
  name: string;
  position: number;
  conditions: Conditions;
  targets: SlaTargets;
  timeZone: string;
  hours: Prisma.JsonValue;
  holidays: Prisma.JsonValue;
};

/** The organisation's policies with their calendars, in one indexed query; none when its plan has none. */
async function readSetup(organizationId: string, tx?: Prisma.TransactionClient): Promise<SlaSetup> {
  const statement = Prisma.sql`
    SELECT o."plan"::text AS "plan", p."id", p."name", p."position", p."conditions", p."targets",
      c."timeZone", c."hours", c."holidays"
    FROM "Organization" o
    LEFT JOIN "SlaPolicy" p ON p."organizationId" = o."id"
    LEFT JOIN "BusinessCalendar" c ON c."id" = p."calendarId"
    WHERE o."id" = ${organizationId}
    ORDER BY p."position", p."id"`;
  const rows = tx ? await tx.$queryRaw<Row[]>(statement) : await queryRows<Row>(statement);
  if (rows.length === 0 || PLANS[rows[0].plan].slaPolicies === 0) return { policies: [] };
  return {
    policies: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id!,
        name: row.name,
        position: row.position,
        conditions: row.conditions,
        targets: row.targets,
        calendar: specOf(row),
      })),
  };
}

/** The organisation's SLA setup: from this process's cache, else read and kept. */
export async function slaSetup(organizationId: string, tx?: Prisma.TransactionClient): Promise<SlaSetup> {
  const kept = organizationSlaSetups.get(organizationId);
  if (kept) return kept;
  const ticket = organizationSlaSetups.begin();
  const setup = await readSetup(organizationId, tx);
  organizationSlaSetups.keep(ticket, organizationId, setup);
  return setup;
}

/** This process changed the organisation's policies or calendars: its own next read is fresh. */
export function forgetSlaSetup(organizationId: string) {
  organizationSlaSetups.forget(organizationId);
}
