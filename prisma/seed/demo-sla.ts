// The demo team's SLA setup and its seeded tickets' clocks, worked out by the same arithmetic the
// server uses (lib/sla) on each ticket's seeded history, so the list's badges, the SLA at Risk queue
// and the ticket's due times read as they would had the week really happened.
import type { Prisma, TicketPriority, TicketStatus } from "../../generated/prisma/client";
import type { Conditions } from "@/lib/schemas/automations";
import { businessCalendarInputSchema } from "@/lib/schemas/business-hours";
import { slaPolicyInputSchema, type SlaTargets } from "@/lib/schemas/sla-policies";
import { policyFor } from "@/lib/services/sla/matching";
import { ALWAYS_OPEN, type CalendarSpec } from "@/lib/sla/calendar";
import {
  ticketSla,
  type ClockStop,
  type TargetMinutes,
  type TicketMessage,
  type TicketSla,
} from "@/lib/sla/ticket-clock";
import { DEFAULT_TARGETS } from "@/lib/tickets/sla";

/** A seeded policy as the clock applies it. */
export type SeededPolicy = {
  id: string;
  name: string;
  position: number;
  conditions: Conditions;
  targets: SlaTargets;
  calendar: CalendarSpec;
};

/** Minutes per target: [first response, next response, resolution] for urgent, high, medium, low. */
const targets = (...rows: [number, number, number][]) =>
  Object.fromEntries(
    (["urgent", "high", "medium", "low"] as const).map((priority, i) => {
      const [firstResponse, nextResponse, resolution] = rows[i]!;
      return [priority, { firstResponse, nextResponse, resolution }];
    }),
  );

/**
 * The demo team works Monday to Friday, 09:00 to 17:00 in London, closed on Christmas and Boxing
 * Day (its default calendar), with two SLA policies in business hours: key accounts and urgent
 * tickets first, then Billing's. Every other ticket keeps the default targets around the clock.
 */
export async function seedSlaSetup(
  tx: Prisma.TransactionClient,
  organizationId: string,
  groupIdOf: Record<string, string>,
): Promise<SeededPolicy[]> {
  const office = businessCalendarInputSchema.parse({
    name: "London office",
    timeZone: "Europe/London",
    hours: Object.fromEntries(["mon", "tue", "wed", "thu", "fri"].map((day) => [day, [["09:00", "17:00"]]])),
    holidays: [
      { date: "2026-12-25", yearly: true },
      { date: "2026-12-26", yearly: true },
    ],
  });
  await tx.businessCalendar.updateMany({ where: { organizationId }, data: { isDefault: false } });
  const calendar = await tx.businessCalendar.create({
    data: { ...office, nameKey: office.name.toLowerCase(), organizationId, isDefault: true },
  });
  const given = [
    {
      name: "Key accounts and urgent",
      conditions: {
        all: [],
        any: [
          { field: "priority", operator: "is", value: "urgent" },
          { field: "tags", operator: "contains", value: "key-account" },
        ],
      },
      targets: targets([30, 60, 240], [60, 120, 480], [120, 240, 960], [240, 480, 1440]),
    },
    {
      name: "Billing",
      conditions: { all: [{ field: "group", operator: "is", value: groupIdOf.billing }], any: [] },
      targets: targets([60, 120, 480], [240, 480, 960], [480, 480, 1920], [960, 960, 2880]),
    },
  ];
  const policies: SeededPolicy[] = [];
  for (const [i, policy] of given.entries()) {
    const { name, conditions, targets: minutes } = slaPolicyInputSchema.parse(policy);
    const row = await tx.slaPolicy.create({
      data: {
        name,
        nameKey: name.toLowerCase(),
        conditions: conditions as Prisma.InputJsonObject,
        targets: minutes,
        position: i + 1,
        organizationId,
        calendarId: calendar.id,
      },
      select: { id: true },
    });
    policies.push({ id: row.id, name, position: i + 1, conditions, targets: minutes, calendar: office });
  }
  return policies;
}

/** What the seed knows of a ticket's week. */
export type SeededHistory = {
  status: TicketStatus;
  priority: TicketPriority;
  groupId: string | null;
  customerEmail: string;
  createdAt: Date;
  firstRespondedAt: Date | null;
  resolvedAt: Date | null;
  /** The customer's follow-up after the team's first reply, if they wrote one. */
  customerRepliedAt: Date | null;
  /** When it went pending (waiting on the customer). */
  pendingSince: Date | null;
};

/** The ticket's clock stops as its seeded week went: pending since then, done since it was resolved. */
export function seededStops(h: SeededHistory): ClockStop[] {
  if (h.status === "pending" && h.pendingSince) return [{ reason: "pending", from: h.pendingSince, to: null }];
  if ((h.status === "resolved" || h.status === "closed") && h.resolvedAt)
    return [{ reason: "done", from: h.resolvedAt, to: null }];
  return [];
}

/** What a seeded ticket's clock counts with: its policy's calendar and targets, else the default targets around the clock. */
export function seededTerms(
  policies: SeededPolicy[],
  h: Pick<SeededHistory, "status" | "priority" | "groupId" | "customerEmail" | "createdAt">,
): { policyId: string | null; calendar: CalendarSpec; minutes: TargetMinutes } {
  const policy = policyFor(policies, {
    subject: "",
    firstMessage: "",
    customerEmail: h.customerEmail,
    entrance: "email",
    supportAddress: null,
    priority: h.priority,
    status: h.status,
    groupId: h.groupId,
    assigneeId: null,
    tags: [],
    createdAt: h.createdAt,
    updatedAt: h.createdAt,
    statusChangedAt: h.createdAt,
    assigneeChangedAt: h.createdAt,
    teamRepliedAt: h.createdAt,
  });
  return policy
    ? { policyId: policy.id, calendar: policy.calendar, minutes: policy.targets[h.priority] }
    : { policyId: null, calendar: ALWAYS_OPEN, minutes: DEFAULT_TARGETS[h.priority] };
}

/** The policy a seeded ticket falls under, and its SLA as of `now`. */
export function seededSla(
  h: SeededHistory,
  policies: SeededPolicy[],
  now: Date,
): { policyId: string | null; sla: TicketSla } {
  const { policyId, calendar, minutes } = seededTerms(policies, h);
  const messages: TicketMessage[] = [
    ...(h.firstRespondedAt ? [{ at: h.firstRespondedAt, by: "team" as const }] : []),
    ...(h.customerRepliedAt ? [{ at: h.customerRepliedAt, by: "customer" as const }] : []),
  ];
  const timeline = { createdAt: h.createdAt, firstRespondedAt: h.firstRespondedAt, stops: seededStops(h), messages };
  return { policyId, sla: ticketSla(calendar, minutes, timeline, now) };
}

/**
 * The seeded tickets' clock stops as their weeks went (the trigger dated them when the rows were
 * written) and their targets' records, for the reports.
 */
export async function writeSeededClocks(
  tx: Prisma.TransactionClient,
  organizationId: string,
  tickets: { id: string; history: SeededHistory; policyId: string | null; sla: TicketSla }[],
) {
  await tx.ticketSlaPause.deleteMany({ where: { ticketId: { in: tickets.map((t) => t.id) } } });
  await tx.ticketSlaPause.createMany({
    data: tickets.flatMap((t) =>
      seededStops(t.history).map((stop) => ({
        ticketId: t.id,
        reason: stop.reason,
        startedAt: stop.from,
        endedAt: stop.to,
      })),
    ),
  });
  await tx.ticketSlaTarget.createMany({
    data: tickets.flatMap((t) =>
      t.sla.targets.map((r) => ({
        ticketId: t.id,
        organizationId,
        target: r.target,
        cycle: r.cycle,
        slaPolicyId: t.policyId,
        minutes: Math.round(r.minutes),
        startedAt: r.startedAt,
        dueAt: r.dueAt,
        metAt: r.metAt,
        breachedAt: r.breachedAt,
        businessMinutes: r.businessMinutes,
      })),
    ),
  });
}
