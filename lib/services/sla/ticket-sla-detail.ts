import "server-only";
import type { Conditions } from "@/lib/schemas/automations";
import type { Jsonify } from "@/lib/schemas/json";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { SlaTargets } from "@/lib/schemas/sla-policies";
import type { TicketSla } from "@/lib/schemas/ticket-sla";
import { db } from "@/lib/server/db";
import { ticketSla, type TargetRecord } from "@/lib/sla/ticket-clock";
import { findVisibleTicket, type VisibleTicket } from "@/lib/services/tickets/access";
import { specOf } from "./calendar-specs";
import { policyReason } from "./matching";
import { defaultSla, policySla, type SetupPolicy } from "./setup";
import { policyView, timelineOf } from "./ticket-sla";

/** The calendar the default targets count in: around the clock, as every organisation's "24/7" starts. */
const AROUND_THE_CLOCK_NAME = "24/7";

/** The policy the ticket's due times were worked out under, with its calendar; null when the default targets apply. */
async function storedPolicy(ticket: VisibleTicket): Promise<(SetupPolicy & { calendarName: string }) | null> {
  if (!ticket.slaPolicyId) return null;
  const row = await db.slaPolicy.findFirst({
    where: { id: ticket.slaPolicyId, organizationId: ticket.organizationId },
    select: {
      id: true,
      name: true,
      position: true,
      conditions: true,
      targets: true,
      calendar: { select: { name: true, timeZone: true, hours: true, holidays: true } },
    },
  });
  if (!row) return null;
  return {
    ...row,
    conditions: row.conditions as Conditions,
    targets: row.targets as SlaTargets,
    calendar: specOf(row.calendar),
    calendarName: row.calendar.name,
  };
}

/** "Billing: the group is Billing": the policy's conditions as they hold for the ticket, in the rule editor's words. */
async function reasonOf(ticket: VisibleTicket, policy: SetupPolicy): Promise<string> {
  const [groups, view] = await Promise.all([
    db.group.findMany({ where: { organizationId: ticket.organizationId }, select: { id: true, name: true } }),
    policyView(db, ticket, [policy]),
  ]);
  return policyReason(policy, view, { groups: new Map(groups.map((g) => [g.id, g.name])), agents: new Map() });
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** A target's moments as the API writes them (the ticket pane carries them in its one answer too). */
const targetJson = (t: TargetRecord): Jsonify<TargetRecord> => ({
  ...t,
  startedAt: t.startedAt.toISOString(),
  dueAt: iso(t.dueAt),
  metAt: iso(t.metAt),
  breachedAt: iso(t.breachedAt),
});

/**
 * The ticket's SLA as the team reads it: the policy its due times were worked out under and why
 * it applies, the calendar it counts in, and each target worked out from the ticket's history as
 * of now (the same arithmetic that stored its due times, so they agree). 404 for a ticket the
 * caller may not see, another organisation's too.
 */
export async function ticketSlaDetail(user: SessionUser, id: string, now = new Date()): Promise<Jsonify<TicketSla>> {
  const ticket = await findVisibleTicket(user, id);
  const policy = await storedPolicy(ticket);
  const applied = policy ? policySla(policy, ticket.priority) : defaultSla(ticket.priority);
  const [timeline, reason] = await Promise.all([timelineOf(db, ticket), policy ? reasonOf(ticket, policy) : null]);
  const sla = ticketSla(applied.calendar, applied.minutes, timeline, now);
  return {
    policy: applied.policy,
    reason,
    calendar: { name: policy?.calendarName ?? AROUND_THE_CLOCK_NAME, ...applied.calendar },
    paused: sla.paused,
    targets: sla.targets.map(targetJson),
  };
}
