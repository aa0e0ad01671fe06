import { seedDemoData } from "@/prisma/seed/demo-data";
import { slaSummary } from "@/lib/tickets/sla";
import { db, resetDatabase } from "../helpers/db";

// The demo data reads like a real team's week: nothing dated after now, open work with a mix
// of SLA states (mostly on track), and the customer spoke last on some tickets, not all.
describe("demo week", () => {
  const now = new Date();
  beforeAll(async () => {
    await resetDatabase();
    await seedDemoData(db, now);
  });

  it("dates no ticket, reply or event after now", async () => {
    expect(await db.reply.count({ where: { createdAt: { gt: now } } })).toBe(0);
    expect(await db.ticket.count({ where: { OR: [{ updatedAt: { gt: now } }, { resolvedAt: { gt: now } }] } })).toBe(0);
    expect(await db.auditEvent.count({ where: { createdAt: { gt: now } } })).toBe(0);
  });

  it("mixes SLA states among open tickets, most on track", async () => {
    const open = await db.ticket.findMany({ where: { status: { in: ["open", "pending", "in_progress"] } } });
    const states = open.map((t) => slaSummary(t, now).state);
    const count = (s: string) => states.filter((x) => x === s).length;
    expect(count("ok")).toBeGreaterThan(open.length / 2);
    expect(count("at_risk")).toBeGreaterThan(0);
    expect(count("breached")).toBeGreaterThan(0);
    expect(count("breached")).toBeLessThan(open.length / 4);
  });

  it("numbers tickets in the order they were created", async () => {
    const tickets = await db.ticket.findMany({ orderBy: { ticketNumber: "asc" }, select: { createdAt: true } });
    const times = tickets.map((t) => t.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
