import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import { sendSlaWarnings } from "@/lib/services/tickets/sla-warnings";
import { cleanUpExpired } from "@/lib/services/cleanup";
import { ALWAYS_OPEN } from "@/lib/sla/calendar";
import { ticketSla } from "@/lib/sla/ticket-clock";
import { DEFAULT_TARGETS } from "@/lib/tickets/sla";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, drainJobs } from "../helpers/jobs";
import { startSmtp } from "../helpers/smtp";

const MINUTE = 60_000;
const created = new Date("2026-03-02T09:00:00Z");
const at = (minutes: number) => new Date(created.getTime() + minutes * MINUTE);

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let org: Awaited<ReturnType<typeof createOrg>>;
let number = 0;

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
});
beforeEach(async () => {
  await clearJobs();
  await db.ticket.deleteMany(); // warnings are looked for across every organisation
  smtp.clear();
  org = await createOrg("pro");
});
afterAll(async () => {
  await smtp.stop();
});

/** A new ticket's SLA under the default targets. */
const slaOf = (priority: TicketPriority) =>
  ticketSla(
    ALWAYS_OPEN,
    DEFAULT_TARGETS[priority],
    { createdAt: created, firstRespondedAt: null, stops: [], messages: [] },
    created,
  );

/** An urgent ticket: first response due after 60 minutes, at risk from minute 45. */
async function ticket(assignedToId: string | null, status: TicketStatus = "open", priority: TicketPriority = "urgent") {
  const sla = ticketSla(
    ALWAYS_OPEN,
    DEFAULT_TARGETS[priority],
    { createdAt: created, firstRespondedAt: null, stops: [], messages: [] },
    created,
  );
  return db.ticket.create({
    data: {
      organizationId: org.id,
      ticketNumber: ++number,
      subject: `Printer on fire ${number}`,
      description: "Smoke",
      priority,
      status,
      customerName: "Pat",
      customerEmail: "pat@example.test",
      assignedToId,
      firstResponseDueAt: sla.firstResponseDueAt,
      resolutionDueAt: sla.resolutionDueAt,
      slaRiskAt: sla.slaRiskAt,
      createdAt: created,
    },
  });
}

async function warningsAt(minutes: number) {
  await sendSlaWarnings(at(minutes));
  await drainJobs();
  return smtp.messages.map((m) => ({ to: m.to[0], subject: m.text.match(/Subject: (.*)/)?.[1] ?? "" }));
}

describe("SLA warnings (scheduled)", () => {
  it("mails the assignee once when the ticket turns at risk and once when it breaches", async () => {
    const agent = await createUser(org.id, "agent");
    const t = await ticket(agent.id);
    expect(await warningsAt(44)).toEqual([]);
    expect(await warningsAt(45)).toEqual([
      { to: agent.email, subject: expect.stringContaining(`#${t.ticketNumber} is at risk`) },
    ]);
    expect(await warningsAt(50)).toHaveLength(1); // not twice for the same state
    const all = await warningsAt(60);
    expect(all).toHaveLength(2);
    expect(all[1]).toEqual({ to: agent.email, subject: expect.stringContaining("has breached its SLA") });
    expect(await warningsAt(90)).toHaveLength(2);
  });

  it("mails the organisation's active admins while nobody is assigned", async () => {
    const admin = await createUser(org.id, "org_admin");
    await createUser(org.id, "org_admin", { isActive: false });
    await createUser(org.id, "agent");
    await ticket(null);
    expect((await warningsAt(46)).map((m) => m.to)).toEqual([admin.email]);
  });

  it("says nothing about resolved, closed or paused (pending, waiting on the customer) tickets", async () => {
    const agent = await createUser(org.id, "agent");
    for (const status of ["resolved", "closed", "pending"] as const) await ticket(agent.id, status);
    expect(await warningsAt(120)).toEqual([]);
  });

  it("warns of a paused ticket once it is open again, and never of one resolved before its time", async () => {
    const agent = await createUser(org.id, "agent");
    const paused = await ticket(agent.id, "pending");
    const resolved = await ticket(agent.id);
    await db.ticket.update({ where: { id: resolved.id }, data: { status: "resolved", resolvedAt: at(10) } });
    expect(await warningsAt(46)).toEqual([]);
    await db.ticket.update({ where: { id: paused.id }, data: { status: "in_progress" } });
    expect(await warningsAt(47)).toEqual([
      { to: agent.email, subject: expect.stringContaining(`#${paused.ticketNumber} is at risk`) },
    ]);
    expect(await db.slaWatch.findUnique({ where: { ticketId: resolved.id } })).toBeNull();
  });

  it("looks at a ticket only when its next warning falls due, and again when its SLA moves", async () => {
    const agent = await createUser(org.id, "agent");
    const t = await ticket(agent.id);
    const watched = () => db.slaWatch.findUnique({ where: { ticketId: t.id } }).then((w) => w?.warnAt ?? null);
    expect(await watched()).toEqual(at(45));
    await warningsAt(45);
    expect(await watched()).toEqual(at(60)); // warned at risk: next, the breach
    // A lower priority moves every due time later: the warning already sent is not sent again,
    // and the breach is warned of at its new time.
    const due = slaOf("low");
    await db.ticket.update({
      where: { id: t.id },
      data: {
        priority: "low",
        firstResponseDueAt: due.firstResponseDueAt,
        resolutionDueAt: due.resolutionDueAt,
        slaRiskAt: due.slaRiskAt,
      },
    });
    expect(await warningsAt(61)).toHaveLength(1);
    const breachAt = (due.firstResponseDueAt!.getTime() - created.getTime()) / MINUTE;
    const all = await warningsAt(breachAt);
    expect(all).toHaveLength(2);
    expect(all[1]!.subject).toContain("has breached its SLA");
    expect(await watched()).toBeNull(); // nothing left to warn of
  });
});

describe("clean-up of expired tokens and throttle counters (scheduled)", () => {
  it("deletes what expired and keeps what still works", async () => {
    const user = await createUser(org.id, "agent");
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const DAY = 24 * 60 * MINUTE;
    const reset = (tokenHash: string, expiresAt: Date) =>
      db.passwordResetToken.create({ data: { organizationId: org.id, userId: user.id, tokenHash, expiresAt } });
    await reset("expired-reset", ago(2 * DAY));
    await reset("live-reset", new Date(now.getTime() + DAY));
    await db.portalAccessCode.create({
      data: { organizationId: org.id, email: "a@example.test", codeHash: "old", expiresAt: ago(2 * DAY) },
    });
    await db.rateLimitBucket.createMany({
      data: [
        { key: "old-window", count: 3, resetAt: ago(MINUTE) },
        { key: "live-window", count: 3, resetAt: new Date(now.getTime() + MINUTE) },
      ],
    });
    await cleanUpExpired(now);
    expect((await db.passwordResetToken.findMany({ select: { tokenHash: true } })).map((t) => t.tokenHash)).toEqual([
      "live-reset",
    ]);
    expect(await db.portalAccessCode.count({ where: { codeHash: "old" } })).toBe(0);
    expect((await db.rateLimitBucket.findMany({ select: { key: true } })).map((b) => b.key)).toEqual(["live-window"]);
  });
});
