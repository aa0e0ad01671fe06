import type { PrismaClient, TicketPriority } from "../../generated/prisma/client";
import { DEFAULT_TARGETS } from "@/lib/tickets/sla";

const DAY = 86_400_000;
const MINUTE = 60_000;
const DAYS = 30;
/** Tickets a weekday brings (a weekend day a third as many), over the month. */
const PER_WEEKDAY = 4;

const ASKS = [
  ["Invoice shows the wrong company name", "Our invoice for last month has our old company name on it."],
  ["Cannot add a second admin", "The invite button is greyed out when I try to add another admin."],
  ["Webhook deliveries answered 401", "Our endpoint gets a 401 on every delivery since this morning."],
  ["How do I change the billing email?", "Invoices still go to a colleague who left. How do I change that?"],
  ["Slow search on large accounts", "Searching our tickets takes several seconds since last week."],
  ["Export of last quarter", "We need last quarter's tickets as a spreadsheet for an audit."],
] as const;
/** The month's subjects, none of them the week's: how the month's tickets are told apart. */
export const DEMO_MONTH_SUBJECTS: readonly string[] = ASKS.map(([subject]) => subject);
const GOOD = ["Quick and clear, thank you!", "Solved on the first reply.", null, null];
const BAD = ["Took far too long.", "Had to explain the problem three times."];

/**
 * A month of the demo team's solved work for the reports (issue 63): tickets arriving on each of
 * the last 30 days, more on weekdays and in office hours (the heat map), each answered and solved
 * within or past its targets (SLA met and breached), a rating on two in five, and a few reopened
 * by the customer and solved again. Written through the same tables as the product writes, so
 * the per-ticket measures come from the database's own triggers. `random` is the demo's own
 * deterministic generator, so the month reads the same on every machine.
 */
export async function seedDemoReports(
  db: PrismaClient,
  organizationId: string,
  random: () => number,
  now = new Date(),
) {
  const agents = await db.user.findMany({
    where: { organizationId, role: { in: ["agent", "org_admin"] } },
    select: { id: true, email: true },
    orderBy: { email: "asc" },
  });
  const customers = await db.ticket.findMany({
    where: { organizationId },
    select: { customerName: true, customerEmail: true },
    distinct: ["customerEmail"],
  });
  if (agents.length === 0 || customers.length === 0) return;
  const priorities: TicketPriority[] = ["urgent", "high", "medium", "medium", "low", "low"];
  const planned = [];
  for (let day = DAYS; day >= 1; day--) {
    const start = new Date(Math.floor((now.getTime() - day * DAY) / DAY) * DAY);
    const weekend = [0, 6].includes(start.getUTCDay());
    const count = Math.round((weekend ? PER_WEEKDAY / 3 : PER_WEEKDAY) * (0.6 + random() * 0.8));
    for (let k = 0; k < count; k++) {
      // Mostly between 08:00 and 18:00 UTC, a few in the evening.
      const hour = random() < 0.85 ? 8 + random() * 10 : 18 + random() * 5;
      const createdAt = new Date(start.getTime() + hour * 60 * MINUTE);
      const priority = priorities[Math.floor(random() * priorities.length)]!;
      const targets = DEFAULT_TARGETS[priority]!;
      // Three in four answered within the target, the rest late; solved in a fraction of the resolution target or past it.
      const firstResponse = targets.firstResponse * (random() < 0.75 ? 0.1 + random() * 0.8 : 1.1 + random());
      const resolution = Math.max(
        firstResponse + 30,
        targets.resolution * (random() < 0.8 ? 0.2 + random() * 0.7 : 1.1 + random()),
      );
      const resolvedAt = new Date(createdAt.getTime() + resolution * MINUTE);
      if (resolvedAt.getTime() > now.getTime() - 2 * 60 * MINUTE) continue;
      const [subject, description] = ASKS[Math.floor(random() * ASKS.length)]!;
      const customer = customers[Math.floor(random() * customers.length)]!;
      planned.push({
        createdAt,
        priority,
        targets,
        firstRespondedAt: new Date(createdAt.getTime() + firstResponse * MINUTE),
        resolvedAt,
        subject,
        description,
        customer,
        agent: agents[Math.floor(random() * agents.length)]!,
        closed: random() < 0.4,
        rated: random() < 0.4 ? (random() < 0.8 ? ("good" as const) : ("bad" as const)) : null,
        reopened: random() < 0.08,
      });
    }
  }
  // Numbered in the order they came in, as the product numbers tickets.
  planned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const counter = await db.ticketCounter.update({
    where: { organizationId },
    data: { lastNumber: { increment: planned.length } },
  });
  const first = counter.lastNumber - planned.length + 1;
  const tickets = await db.ticket.createManyAndReturn({
    select: { id: true, ticketNumber: true },
    data: planned.map((t, i) => ({
      organizationId,
      ticketNumber: first + i,
      subject: t.subject,
      description: t.description,
      priority: t.priority,
      status: t.closed ? ("closed" as const) : ("resolved" as const),
      customerName: t.customer.customerName,
      customerEmail: t.customer.customerEmail,
      assignedToId: t.agent.id,
      raisedByCustomer: true,
      entrance: random() < 0.7 ? "email" : "portal",
      firstRespondedAt: t.firstRespondedAt,
      resolvedAt: t.resolvedAt,
      closedAt: t.closed ? t.resolvedAt : null,
      createdAt: t.createdAt,
      updatedAt: t.resolvedAt,
    })),
  });
  const idOf = new Map(tickets.map((t) => [t.ticketNumber, t.id]));
  const rows = planned.map((t, i) => ({ ...t, id: idOf.get(first + i)!, followUp: followUpOf(t, i) }));
  await db.auditEvent.createMany({
    data: rows.flatMap((t) => [
      {
        organizationId,
        actorType: "customer",
        actorLabel: t.customer.customerEmail,
        action: "ticket.created",
        targetType: "ticket",
        targetId: t.id,
        ticketId: t.id,
        createdAt: t.createdAt,
      },
      {
        organizationId,
        actorId: t.agent.id,
        action: "ticket.status_changed",
        targetType: "ticket",
        targetId: t.id,
        ticketId: t.id,
        metadata: { field: "status", from: "open", to: t.closed ? "closed" : "resolved" },
        createdAt: t.resolvedAt,
      },
    ]),
  });
  await db.reply.createMany({
    data: rows.flatMap((t) => [
      {
        organizationId,
        ticketId: t.id,
        content: `Hi ${t.customer.customerName.split(" ")[0]}, thanks for writing in. Here is what to do.`,
        type: "public" as const,
        authorType: "agent" as const,
        authorEmail: t.agent.email,
        authorId: t.agent.id,
        createdAt: t.firstRespondedAt,
      },
      ...(t.followUp
        ? [
            {
              organizationId,
              ticketId: t.id,
              content: "Thanks. One more question: does this also apply to our second account?",
              type: "public" as const,
              authorType: "customer" as const,
              authorEmail: t.customer.customerEmail,
              createdAt: t.followUp.askedAt,
            },
            {
              organizationId,
              ticketId: t.id,
              content: "Yes, it does: the same steps work there.",
              type: "public" as const,
              authorType: "agent" as const,
              authorEmail: t.agent.email,
              authorId: t.agent.id,
              createdAt: t.followUp.answeredAt,
            },
          ]
        : []),
      ...(t.resolvedAt.getTime() - t.firstRespondedAt.getTime() > 60 * MINUTE
        ? [
            {
              organizationId,
              ticketId: t.id,
              content: "That fixed it, thanks.",
              type: "public" as const,
              authorType: "customer" as const,
              authorEmail: t.customer.customerEmail,
              createdAt: new Date(t.resolvedAt.getTime() - 30 * MINUTE),
            },
          ]
        : []),
    ]),
  });
  await db.ticketSlaTarget.createMany({
    data: rows.flatMap((t) =>
      (
        [
          ["first_response", 0, t.targets.firstResponse, t.createdAt, t.firstRespondedAt],
          ["resolution", 0, t.targets.resolution, t.createdAt, t.resolvedAt],
          ...(t.followUp
            ? [["next_response", 1, t.targets.nextResponse, t.followUp.askedAt, t.followUp.answeredAt] as const]
            : []),
        ] as const
      ).map(([target, cycle, minutes, startedAt, metAt]) => {
        const dueAt = new Date(startedAt.getTime() + minutes * MINUTE);
        return {
          organizationId,
          ticketId: t.id,
          target,
          cycle,
          minutes,
          startedAt,
          dueAt,
          metAt,
          breachedAt: metAt > dueAt ? dueAt : null,
          businessMinutes: Math.round((metAt.getTime() - startedAt.getTime()) / MINUTE),
        };
      }),
    ),
  });
  await db.satisfactionRating.createMany({
    data: rows.flatMap((t) =>
      t.rated
        ? [
            {
              organizationId,
              ticketId: t.id,
              score: t.rated,
              comment: (t.rated === "good" ? GOOD : BAD)[Math.floor(random() * 2)] ?? null,
              agentId: t.agent.id,
              ratedAt: new Date(t.resolvedAt.getTime() + 45 * MINUTE),
              updatedAt: new Date(t.resolvedAt.getTime() + 45 * MINUTE),
            },
          ]
        : [],
    ),
  });
  // Reopened by the customer a day later (or sooner, never after now) and solved again: the
  // status moves as the product makes them, so the triggers count the reopen and date both solves.
  for (const t of rows.filter((r) => r.reopened)) {
    const room = now.getTime() - t.resolvedAt.getTime();
    const reopenedAt = new Date(t.resolvedAt.getTime() + Math.min(DAY, room / 3));
    const solvedAgain = new Date(t.resolvedAt.getTime() + Math.min(2 * DAY, (room * 2) / 3));
    await db.reply.create({
      data: {
        organizationId,
        ticketId: t.id,
        content: "It is happening again, sorry.",
        authorType: "customer",
        authorEmail: t.customer.customerEmail,
        createdAt: reopenedAt,
      },
    });
    await db.ticket.update({
      where: { id: t.id },
      data: { status: "open", resolvedAt: null, closedAt: null, updatedAt: reopenedAt },
    });
    await db.reply.create({
      data: {
        organizationId,
        ticketId: t.id,
        content: "Fixed for good this time: the cache is cleared.",
        authorType: "agent",
        authorEmail: t.agent.email,
        authorId: t.agent.id,
        createdAt: solvedAgain,
      },
    });
    await db.ticket.update({
      where: { id: t.id },
      data: { status: "resolved", resolvedAt: solvedAgain, updatedAt: solvedAgain },
    });
    await db.auditEvent.createMany({
      data: [
        [reopenedAt, t.closed ? "closed" : "resolved", "open", null],
        [solvedAgain, "open", "resolved", t.agent.id],
      ].map(([createdAt, from, to, actorId]) => ({
        organizationId,
        actorId: actorId as string | null,
        actorType: actorId ? "user" : "customer",
        actorLabel: actorId ? null : t.customer.customerEmail,
        action: "ticket.status_changed",
        targetType: "ticket",
        targetId: t.id,
        ticketId: t.id,
        metadata: { field: "status", from: from as string, to: to as string },
        createdAt: createdAt as Date,
      })),
    });
  }
}

/** How late a follow-up's answer is, as a share of the next-response target: one in four late. */
const ANSWER_PACE = [0.3, 0.6, 0.9, 1.4];

/**
 * A customer's follow-up question after the first reply, and the team's answer (a next response
 * for the reports and its SLA target), on two tickets in three that stay open long enough: the
 * question a quarter of the way to the solve, the answer before the customer's thanks. Spread by
 * the ticket's place in the month, not the generator, so the month's other draws stay as they were.
 */
function followUpOf(
  t: { firstRespondedAt: Date; resolvedAt: Date; targets: { nextResponse: number } },
  i: number,
): { askedAt: Date; answeredAt: Date } | null {
  const gap = t.resolvedAt.getTime() - t.firstRespondedAt.getTime();
  if (i % 3 === 0 || gap < 4 * 60 * MINUTE) return null;
  const askedAt = new Date(t.firstRespondedAt.getTime() + gap / 4);
  const latest = t.resolvedAt.getTime() - 60 * MINUTE;
  const answer = t.targets.nextResponse * ANSWER_PACE[i % ANSWER_PACE.length]! * MINUTE;
  return { askedAt, answeredAt: new Date(Math.min(askedAt.getTime() + answer, latest)) };
}
