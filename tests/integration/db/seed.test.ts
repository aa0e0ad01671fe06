import { seedDemoData } from "@/prisma/seed/demo-data";
import { DEMO_MONTH_SUBJECTS } from "@/prisma/seed/demo-reports";
import { db, resetDatabase } from "../helpers/db";

/** Every row of every seeded table, to compare whole database states. */
async function snapshot() {
  return {
    organizations: await db.organization.findMany({ orderBy: { id: "asc" } }),
    users: await db.user.findMany({ orderBy: { id: "asc" } }),
    tickets: await db.ticket.findMany({ orderBy: { id: "asc" } }),
    replies: await db.reply.findMany({ orderBy: { id: "asc" } }),
    events: await db.auditEvent.findMany({ orderBy: { id: "asc" } }),
  };
}

describe("demo seed", () => {
  beforeAll(resetDatabase);
  afterAll(() => db.$disconnect());

  it("creates the demo organisation, its team, about 60 varied tickets and a month of solved ones", async () => {
    const result = await seedDemoData(db);
    expect(result.created).toBe(true);

    const users = await db.user.findMany();
    expect(users.map((u) => u.role).sort()).toEqual(["agent", "agent", "end_user", "org_admin", "platform_admin"]);
    expect(users.every((u) => u.passwordHash.startsWith("$argon2id$"))).toBe(true);
    // The demo's admin has the weekly summary email on, so a newcomer can have it sent; nobody else.
    expect(users.filter((u) => u.weeklySummaryEmail).map((u) => u.email)).toEqual(["admin@acme.test"]);

    const org = await db.organization.findUniqueOrThrow({
      where: { slug: "acme" },
      include: { _count: { select: { tickets: true } } },
    });
    // The week's 60, the Billing ticket from last Friday at 16:30 (see below), the merged
    // duplicate (demo-merge.ts), and the reports' month of solved tickets (demo-reports.ts: two to
    // six a day, by the day of the week).
    const month = await db.ticket.count({
      where: { organizationId: org.id, subject: { in: [...DEMO_MONTH_SUBJECTS] } },
    });
    expect(month).toBeGreaterThan(60);
    expect(
      await db.ticket.count({
        where: { subject: { in: [...DEMO_MONTH_SUBJECTS] }, status: { in: ["open", "pending", "in_progress"] } },
      }),
    ).toBe(0);
    expect(org._count.tickets).toBe(62 + month);
    expect(await db.ticketCounter.findUnique({ where: { organizationId: org.id } })).toMatchObject({
      lastNumber: 62 + month,
    });

    const statuses = await db.ticket.groupBy({ by: ["status"], _count: true });
    expect(statuses.map((s) => s.status).sort()).toEqual(["closed", "in_progress", "open", "pending", "resolved"]);
    const priorities = await db.ticket.groupBy({ by: ["priority"], _count: true });
    expect(priorities.map((p) => p.priority).sort()).toEqual(["high", "low", "medium", "urgent"]);
    expect(await db.reply.count({ where: { type: "internal" } })).toBeGreaterThan(0);
    expect(await db.reply.count({ where: { type: "public", authorType: "customer" } })).toBeGreaterThan(0);

    const span = await db.ticket.aggregate({ _min: { createdAt: true }, _max: { createdAt: true } });
    expect(span._max.createdAt!.getTime() - span._min.createdAt!.getTime()).toBeGreaterThan(14 * 24 * 3600 * 1000);
    // Every ticket starts with its creation event.
    expect(await db.auditEvent.count({ where: { action: "ticket.created" } })).toBe(62 + month);

    // Groups Billing and Technical, with members, each holding the tickets of its category.
    const groups = await db.group.findMany({
      where: { organizationId: org.id },
      orderBy: { name: "asc" },
      select: {
        name: true,
        members: { select: { user: { select: { email: true } } } },
        tickets: { select: { category: true } },
      },
    });
    expect(groups.map((g) => [g.name, g.members.map((m) => m.user.email).sort()])).toEqual([
      ["Billing", ["admin@acme.test", "agent@acme.test"]],
      ["Technical", ["agent2@acme.test", "agent@acme.test"]],
    ]);
    for (const g of groups) {
      expect(g.tickets.length).toBeGreaterThan(0);
      expect(new Set(g.tickets.map((t) => t.category))).toEqual(new Set([g.name.toLowerCase()]));
    }

    // The team works Monday to Friday 09:00-17:00 in London (its default calendar, closed on
    // Christmas and Boxing Day), with two SLA policies in that order; the 24/7 calendar stays.
    const calendars = await db.businessCalendar.findMany({
      where: { organizationId: org.id },
      orderBy: { name: "asc" },
      select: { name: true, timeZone: true, hours: true, holidays: true, isDefault: true },
    });
    expect(calendars.map((c) => [c.name, c.isDefault])).toEqual([
      ["24/7", false],
      ["London office", true],
    ]);
    expect(calendars[1]).toMatchObject({
      timeZone: "Europe/London",
      hours: { mon: [["09:00", "17:00"]], fri: [["09:00", "17:00"]], sat: [], sun: [] },
      holidays: [
        { date: "2026-12-25", yearly: true },
        { date: "2026-12-26", yearly: true },
      ],
    });
    const policies = await db.slaPolicy.findMany({
      where: { organizationId: org.id },
      orderBy: { position: "asc" },
      select: { name: true, position: true, calendar: { select: { name: true } } },
    });
    expect(policies).toEqual([
      { name: "Key accounts and urgent", position: 1, calendar: { name: "London office" } },
      { name: "Billing", position: 2, calendar: { name: "London office" } },
    ]);

    // Created last Friday at 16:30 in London, unanswered: under Billing's 8 business hours it is
    // due on Monday at 16:30, and its clocks' records are there for the reports.
    const friday = await db.ticket.findFirstOrThrow({
      where: { organizationId: org.id, subject: "Refund for order 4471 has not arrived" },
      include: { slaPolicy: true, slaTargets: { orderBy: { target: "asc" } } },
    });
    const london = (at: Date) =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "Europe/London",
        weekday: "short",
        hour: "2-digit",
        minute: "2-digit",
      }).format(at);
    expect(london(friday.createdAt)).toBe("Fri 16:30");
    expect(friday.slaPolicy?.name).toBe("Billing");
    expect(london(friday.firstResponseDueAt!)).toBe("Mon 16:30");
    expect(friday.slaTargets.map((t) => [t.target, t.minutes, t.dueAt])).toEqual([
      ["first_response", 480, friday.firstResponseDueAt],
      ["resolution", 1920, friday.resolutionDueAt],
    ]);
  });

  it("changes nothing when run a second time", async () => {
    const before = await snapshot();
    const result = await seedDemoData(db);
    expect(result.created).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});
