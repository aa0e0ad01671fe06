import { seedDemoData } from "@/prisma/seed/demo-data";
import { DEMO_MONTH_SUBJECTS } from "@/prisma/seed/demo-reports";
import { slaSummary } from "@/lib/tickets/sla";
import { db, resetDatabase } from "../helpers/db";

// The demo data reads like a real team's week: nothing dated after now, open work with a mix
// of SLA states (mostly on track), and the customer spoke last on some tickets, not all.
// Seeded on a working morning, a Friday's close and a Sunday evening in London: the week's open
// tickets are aged in their own SLA terms (business hours where a policy counts them), so the
// mix reads the same whatever the day and hour a newcomer starts the demo.
describe.each([
  ["a Monday morning", "2026-11-30T09:40:00Z"],
  ["a Friday's close", "2026-12-04T16:55:00Z"],
  ["a Sunday evening", "2026-12-06T18:00:00Z"],
])("demo week seeded on %s", (_, at) => {
  const now = new Date(at);
  beforeAll(async () => {
    await resetDatabase();
    await seedDemoData(db, now);
  });

  it("dates no ticket, reply or event after now", async () => {
    expect(await db.reply.count({ where: { createdAt: { gt: now } } })).toBe(0);
    expect(await db.ticket.count({ where: { OR: [{ updatedAt: { gt: now } }, { resolvedAt: { gt: now } }] } })).toBe(0);
    expect(await db.auditEvent.count({ where: { createdAt: { gt: now } } })).toBe(0);
  });

  // Pending tickets wait on the customer: their clocks stand still, so the mix is of the others.
  it("mixes SLA states among open tickets whose clocks run, most on track", async () => {
    const open = await db.ticket.findMany({ where: { status: { in: ["open", "pending", "in_progress"] } } });
    const states = open.map((t) => slaSummary(t, now).state).filter((state) => state !== "paused");
    const count = (s: string) => states.filter((x) => x === s).length;
    expect(states.length).toBeGreaterThan(15);
    expect(count("ok")).toBeGreaterThan(states.length / 2);
    expect(count("at_risk")).toBeGreaterThan(0);
    expect(count("breached")).toBeGreaterThan(0);
    expect(count("breached")).toBeLessThan(states.length / 4);
  });

  it("gives the demo's customer a ticket solved this week, for their Closed (7d)", async () => {
    const week = new Date(now.getTime() - 7 * 86_400_000);
    const solved = await db.ticket.count({
      where: {
        customerEmail: "casey@customer.test",
        status: { in: ["resolved", "closed"] },
        updatedAt: { gte: week },
        subject: { notIn: [...DEMO_MONTH_SUBJECTS] },
      },
    });
    expect(solved).toBeGreaterThan(0);
  });

  // The month behind the reports (demo-reports.ts) is written after the week, so its numbers
  // follow the week's: each part is numbered in the order its tickets came in.
  it("numbers the week's tickets in the order they were created, and the month's", async () => {
    for (const subject of [{ notIn: [...DEMO_MONTH_SUBJECTS] }, { in: [...DEMO_MONTH_SUBJECTS] }]) {
      const tickets = await db.ticket.findMany({
        where: { subject },
        orderBy: { ticketNumber: "asc" },
        select: { createdAt: true },
      });
      const times = tickets.map((t) => t.createdAt.getTime());
      expect(times.length).toBeGreaterThan(50);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });
});
