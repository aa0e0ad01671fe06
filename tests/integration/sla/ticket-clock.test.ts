import type { Plan, User } from "@/generated/prisma/client";
import { randomUUID } from "node:crypto";
import { GET as listRoute } from "@/app/api/tickets/route";
import { createReplySchema, createTicketSchema, updateTicketSchema } from "@/lib/schemas/tickets";
import type { SessionUser } from "@/lib/schemas/session-user";
import { sessionActor } from "@/lib/services/actor";
import { createReply } from "@/lib/services/replies/conversation";
import { forgetSlaSetup } from "@/lib/services/sla/setup";
import { changeTicketTags } from "@/lib/services/tickets/change-tags";
import { createTicket } from "@/lib/services/tickets/create";
import { sendSlaWarnings } from "@/lib/services/tickets/sla-warnings";
import { updateTicket } from "@/lib/services/tickets/update";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs } from "../helpers/jobs";
import { makeRequest, params } from "../helpers/request";

// A ticket's SLA under its organisation's policy: counted in the policy's business hours, standing
// still while the ticket waits on the customer, a follow-up answered against the next-response
// target, and worked out again from the ticket's history when a change brings another policy.
// Times are UTC; in December London's clock is UTC too.

const utc = (text: string) => new Date(`${text}Z`);
// Friday 4 December 2026, 16:30 in London.
const FRIDAY_1630 = utc("2026-12-04T16:30:00");

const OFFICE = {
  mon: [["09:00", "17:00"]],
  tue: [["09:00", "17:00"]],
  wed: [["09:00", "17:00"]],
  thu: [["09:00", "17:00"]],
  fri: [["09:00", "17:00"]],
  sat: [],
  sun: [],
};

/** The same targets for every priority but urgent (first response, next response, resolution). */
const targets = (urgent: number[], other: number[]) =>
  Object.fromEntries(
    (["urgent", "high", "medium", "low"] as const).map((p) => {
      const [firstResponse, nextResponse, resolution] = p === "urgent" ? urgent : other;
      return [p, { firstResponse, nextResponse, resolution }];
    }),
  );

const asSessionUser = (u: User): SessionUser => ({
  id: u.id,
  organizationId: u.organizationId,
  role: u.role,
  email: u.email,
  fullName: u.fullName,
  username: u.username,
  avatar: u.avatar,
  isActive: u.isActive,
  availability: u.availability,
  sessionVersion: u.sessionVersion,
});

/** An organisation working 09:00-17:00 in London with the policies given, in their order. */
async function team(plan: Plan, policies: { name: string; conditions?: object; targets: object }[]) {
  const org = await createOrg(plan);
  const calendar = await db.businessCalendar.create({
    data: { organizationId: org.id, name: "Office", nameKey: "office", timeZone: "Europe/London", hours: OFFICE },
  });
  const rows = [];
  for (const [i, p] of policies.entries())
    rows.push(
      await db.slaPolicy.create({
        data: {
          organizationId: org.id,
          name: p.name,
          nameKey: p.name.toLowerCase(),
          position: i + 1,
          calendarId: calendar.id,
          conditions: (p.conditions ?? { all: [], any: [] }) as object,
          targets: p.targets,
        },
      }),
    );
  forgetSlaSetup(org.id);
  const agent = asSessionUser(await createUser(org.id, "agent"));
  const customer = await createUser(org.id, "end_user", { email: `pat-${randomUUID().slice(0, 8)}@customer.test` });
  return { org, agent, customer: asSessionUser(customer), policies: rows };
}

const open = (agent: SessionUser, now: Date, given: object = {}) =>
  createTicket(
    sessionActor(agent),
    createTicketSchema.parse({
      subject: "Refund for order 4471",
      description: "The refund has not arrived.",
      customerName: "Pat",
      customerEmail: "pat@customer.test",
      priority: "medium",
      ...given,
    }),
    now,
  );

const stored = (id: string) =>
  db.ticket.findUniqueOrThrow({
    where: { id },
    include: { slaPolicy: { select: { name: true } }, slaTargets: { orderBy: [{ target: "asc" }, { cycle: "asc" }] } },
  });

beforeAll(async () => {
  await resetDatabase();
  await clearJobs();
});

describe("a ticket's SLA under its organisation's policy", () => {
  it("counts in business hours: created Friday 16:30 with 8 business hours to reply, due Monday 16:30", async () => {
    const { agent } = await team("pro", [{ name: "Office", targets: targets([60, 120, 240], [480, 240, 960]) }]);
    const ticket = await open(agent, FRIDAY_1630);
    expect(ticket).toMatchObject({
      slaPolicy: { name: "Office" },
      firstResponseDueAt: utc("2026-12-07T16:30:00"),
      // 16 business hours: half an hour on Friday, Monday's eight, seven and a half on Tuesday.
      resolutionDueAt: utc("2026-12-08T16:30:00"),
      nextResponseDueAt: null,
      // At risk with a quarter of the first reply's 8 hours left: Monday 14:30.
      slaRiskAt: utc("2026-12-07T14:30:00"),
      slaPaused: false,
    });
    // Its targets' records start with it, for the reports.
    expect((await stored(ticket.id)).slaTargets.map((t) => [t.target, t.minutes, t.dueAt, t.metAt])).toEqual([
      ["first_response", 480, utc("2026-12-07T16:30:00"), null],
      ["resolution", 960, utc("2026-12-08T16:30:00"), null],
    ]);
    // The ticket's JSON carries the contract's fields, as other tools read them.
    const cookie = await sessionCookie({ id: agent.id, sessionVersion: agent.sessionVersion });
    const res = await listRoute(makeRequest("/api/tickets", { headers: { cookie } }), params());
    expect(res.status).toBe(200);
    const tickets = (await res.json()) as { id: string }[];
    const listed = tickets.find((t) => t.id === ticket.id);
    expect(listed).toMatchObject({
      slaPolicy: { id: expect.any(String), name: "Office" },
      firstResponseDueAt: "2026-12-07T16:30:00.000Z",
      nextResponseDueAt: null,
      resolutionDueAt: "2026-12-08T16:30:00.000Z",
      slaPaused: false,
    });
  });

  it("stands still while pending and resumes with the business time left", async () => {
    const { agent } = await team("pro", [{ name: "Office", targets: targets([60, 120, 240], [480, 240, 960]) }]);
    const ticket = await open(agent, FRIDAY_1630);
    // Monday 10:00: an hour and a half used (Friday's half hour, Monday's first hour), 390 minutes left.
    const waiting = await updateTicket(
      agent,
      ticket.id,
      updateTicketSchema.parse({ status: "pending" }),
      utc("2026-12-07T10:00:00"),
    );
    expect(waiting).toMatchObject({
      slaPaused: true,
      firstResponseDueAt: null,
      resolutionDueAt: null,
      slaRiskAt: null,
    });
    expect(await db.slaWatch.findUnique({ where: { ticketId: ticket.id } })).toBeNull();
    // Back on Wednesday 10:00: 390 minutes from then is Wednesday 16:30.
    const back = await updateTicket(
      agent,
      ticket.id,
      updateTicketSchema.parse({ status: "open" }),
      utc("2026-12-09T10:00:00"),
    );
    expect(back).toMatchObject({ slaPaused: false, firstResponseDueAt: utc("2026-12-09T16:30:00") });
    expect(
      await db.ticketSlaPause.findMany({
        where: { ticketId: ticket.id },
        select: { reason: true, startedAt: true, endedAt: true },
      }),
    ).toEqual([{ reason: "pending", startedAt: utc("2026-12-07T10:00:00"), endedAt: utc("2026-12-09T10:00:00") }]);
  });

  it("works the targets out again from the ticket's history when a new priority brings another policy", async () => {
    const { agent } = await team("pro", [
      {
        name: "Urgent",
        conditions: { all: [{ field: "priority", operator: "is", value: "urgent" }], any: [] },
        targets: targets([60, 60, 240], [60, 60, 240]),
      },
      { name: "Office", targets: targets([60, 120, 240], [480, 240, 960]) },
    ]);
    const ticket = await open(agent, FRIDAY_1630);
    expect(ticket.slaPolicy?.name).toBe("Office");
    // Monday 09:10, made urgent: an hour from its creation in business time is Monday 09:30, not 10:10.
    const urgent = await updateTicket(
      agent,
      ticket.id,
      updateTicketSchema.parse({ priority: "urgent" }),
      utc("2026-12-07T09:10:00"),
    );
    expect(urgent).toMatchObject({ slaPolicy: { name: "Urgent" }, firstResponseDueAt: utc("2026-12-07T09:30:00") });
    // The history says so: created under Office, then Urgent took it.
    const events = await db.auditEvent.findMany({
      where: { ticketId: ticket.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(events.map((e) => [e.action, e.metadata])).toEqual([
      ["ticket.created", { slaPolicy: "Office" }],
      ["ticket.priority_changed", { field: "priority", from: "medium", to: "urgent" }],
      [
        "ticket.sla_policy_changed",
        { field: "sla_policy", from: expect.any(String), to: expect.any(String), fromName: "Office", toName: "Urgent" },
      ],
    ]);
  });

  it("brings another policy when tags change", async () => {
    const { agent } = await team("pro", [
      {
        name: "VIP",
        conditions: { all: [{ field: "tags", operator: "contains", value: "vip" }], any: [] },
        targets: targets([30, 30, 120], [30, 30, 120]),
      },
    ]);
    const ticket = await open(agent, utc("2026-12-07T09:00:00"));
    expect(ticket.slaPolicy).toBeNull();
    await changeTicketTags(agent, ticket.id, { add: ["vip"], remove: [] }, utc("2026-12-07T09:05:00"));
    expect(await stored(ticket.id)).toMatchObject({
      slaPolicy: { name: "VIP" },
      firstResponseDueAt: utc("2026-12-07T09:30:00"),
    });
  });

  it("answers a customer's follow-up against the next-response target, and keeps each target's record", async () => {
    const { agent, customer } = await team("pro", [
      { name: "Office", targets: targets([60, 120, 240], [480, 240, 960]) },
    ]);
    const ticket = await open(agent, utc("2026-12-07T09:00:00"), { customerEmail: customer.email });
    const reply = (user: SessionUser, at: string) =>
      createReply(user, createReplySchema.parse({ ticketId: ticket.id, content: "Thanks" }), utc(at));
    await reply(agent, "2026-12-07T10:00:00");
    await reply(customer, "2026-12-07T11:00:00");
    expect((await stored(ticket.id)).nextResponseDueAt).toEqual(utc("2026-12-07T15:00:00"));
    await reply(agent, "2026-12-07T12:00:00");
    const answered = await stored(ticket.id);
    expect(answered.nextResponseDueAt).toBeNull();
    expect(
      answered.slaTargets.map((t) => [t.target, t.cycle, t.minutes, t.dueAt, t.metAt, t.breachedAt, t.businessMinutes]),
    ).toEqual([
      ["first_response", 0, 480, utc("2026-12-07T17:00:00"), utc("2026-12-07T10:00:00"), null, 60],
      ["next_response", 1, 240, utc("2026-12-07T15:00:00"), utc("2026-12-07T12:00:00"), null, 60],
      ["resolution", 0, 960, utc("2026-12-08T17:00:00"), null, null, 180],
    ]);
  });

  it("keeps the fixed targets around the clock below Pro, whatever policies were kept", async () => {
    const { agent } = await team("starter", [{ name: "Office", targets: targets([60, 120, 240], [480, 240, 960]) }]);
    const ticket = await open(agent, FRIDAY_1630);
    expect(ticket).toMatchObject({ slaPolicy: null, firstResponseDueAt: utc("2026-12-05T00:30:00") });
  });

  it("lists in SLA at Risk the ticket whose business-hours clock turned at risk, not one whose clock stands still", async () => {
    const { agent } = await team("pro", [{ name: "Office", targets: targets([60, 120, 240], [480, 240, 960]) }]);
    // Friday 3 January 2020, 16:30: long at risk and breached by now, under the office's hours.
    const friday = utc("2020-01-03T16:30:00");
    const running = await open(agent, friday, { subject: "Running" });
    const waiting = await open(agent, friday, { subject: "Waiting", status: "pending" });
    expect(running.slaRiskAt).toEqual(utc("2020-01-06T14:30:00"));
    const cookie = await sessionCookie({ id: agent.id, sessionVersion: agent.sessionVersion });
    const res = await listRoute(makeRequest("/api/tickets?view=sla-risk", { headers: { cookie } }), params());
    const ids = ((await res.json()) as { id: string }[]).map((t) => t.id);
    expect(ids).toContain(running.id);
    expect(ids).not.toContain(waiting.id);
  });

  it("warns of no breach while the clock stands still, and records a breach as it happens", async () => {
    const { agent } = await team("pro", [{ name: "Office", targets: targets([60, 120, 240], [480, 240, 960]) }]);
    const waiting = await open(agent, FRIDAY_1630, { subject: "Waiting", status: "pending" });
    const running = await open(agent, FRIDAY_1630, { subject: "Running" });
    await sendSlaWarnings(utc("2026-12-07T17:00:00"));
    const warned = await db.slaWarning.findMany({ where: { ticketId: { in: [waiting.id, running.id] } } });
    expect(warned.map((w) => [w.ticketId, w.state])).toEqual([[running.id, "breached"]]);
    const breached = (await stored(running.id)).slaTargets.find((t) => t.target === "first_response");
    expect(breached).toMatchObject({
      dueAt: utc("2026-12-07T16:30:00"),
      breachedAt: utc("2026-12-07T16:30:00"),
      metAt: null,
    });
  });
});
