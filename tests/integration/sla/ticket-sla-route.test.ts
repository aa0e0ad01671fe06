import type { Plan, User } from "@/generated/prisma/client";
import { randomUUID } from "node:crypto";
import { GET as slaRoute } from "@/app/api/tickets/[id]/sla/route";
import { createTicketSchema, updateTicketSchema } from "@/lib/schemas/tickets";
import type { SessionUser } from "@/lib/schemas/session-user";
import { sessionActor } from "@/lib/services/actor";
import { forgetSlaSetup } from "@/lib/services/sla/setup";
import { ticketSlaDetail } from "@/lib/services/sla/ticket-sla-detail";
import { createTicket } from "@/lib/services/tickets/create";
import { updateTicket } from "@/lib/services/tickets/update";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs } from "../helpers/jobs";
import { makeRequest, params } from "../helpers/request";

// GET /api/tickets/{id}/sla: the ticket's SLA as the team reads it in the ticket pane (the policy
// that applies and why, its calendar, each target as it went), for staff of the ticket's own
// organisation only. Times are UTC; in December London's clock is UTC too.

const utc = (text: string) => new Date(`${text}Z`);
// Friday 4 December 2026, 16:30 in London.
const FRIDAY_1630 = utc("2026-12-04T16:30:00");

const WEEKDAY = [["09:00", "17:00"]];
const OFFICE = { mon: WEEKDAY, tue: WEEKDAY, wed: WEEKDAY, thu: WEEKDAY, fri: WEEKDAY, sat: [], sun: [] };
const HOLIDAYS = [{ date: "2026-12-25", yearly: true }];

/** 8 business hours to reply, 4 to answer a follow-up, 16 to resolve, whatever the priority. */
const TARGETS = Object.fromEntries(
  (["urgent", "high", "medium", "low"] as const).map((p) => [
    p,
    { firstResponse: 480, nextResponse: 240, resolution: 960 },
  ]),
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

/** An organisation working 09:00-17:00 in London whose Billing group's tickets fall under the Billing policy. */
async function team(plan: Plan) {
  const org = await createOrg(plan);
  const calendar = await db.businessCalendar.create({
    data: {
      organizationId: org.id,
      name: "London office",
      nameKey: "london office",
      timeZone: "Europe/London",
      hours: OFFICE,
      holidays: HOLIDAYS,
    },
  });
  const billing = await db.group.create({ data: { organizationId: org.id, name: "Billing", nameKey: "billing" } });
  await db.slaPolicy.create({
    data: {
      organizationId: org.id,
      name: "Billing",
      nameKey: "billing",
      position: 1,
      calendarId: calendar.id,
      conditions: { all: [{ field: "group", operator: "is", value: billing.id }], any: [] },
      targets: TARGETS,
    },
  });
  forgetSlaSetup(org.id);
  const [agent, admin, customer] = await Promise.all(
    (["agent", "org_admin", "end_user"] as const).map((role) =>
      createUser(org.id, role, { email: `${role}-${randomUUID().slice(0, 8)}@team.test` }),
    ),
  );
  return { org, billing, agent: asSessionUser(agent!), admin: admin!, customer: customer! };
}

/** A Billing ticket (or, with `group: null`, one no policy matches) opened on Friday at 16:30. */
async function billingTicket(
  t: Awaited<ReturnType<typeof team>>,
  { group = true, customerEmail = "pat@customer.test" } = {},
) {
  const ticket = await createTicket(
    sessionActor(t.agent),
    createTicketSchema.parse({
      subject: "Refund for order 4471 has not arrived",
      description: "The refund has not reached my card.",
      customerName: "Pat",
      customerEmail,
      priority: "medium",
    }),
    FRIDAY_1630,
  );
  if (group) await updateTicket(t.agent, ticket.id, updateTicketSchema.parse({ groupId: t.billing.id }), FRIDAY_1630);
  return ticket;
}

async function getSla(user: { id: string; sessionVersion: number } | null, ticketId: string) {
  const headers: Record<string, string> = user ? { cookie: await sessionCookie(user) } : {};
  const res = await slaRoute(makeRequest(`/api/tickets/${ticketId}/sla`, { headers }), params({ id: ticketId }));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  await resetDatabase();
  await clearJobs();
});

describe("GET /api/tickets/{id}/sla", () => {
  it("names the policy, why it applies, its calendar and each target's due time", async () => {
    const t = await team("pro");
    const ticket = await billingTicket(t);
    const { status, body } = await getSla(t.agent, ticket.id);
    expect(status).toBe(200);
    expect(body).toEqual({
      policy: { id: expect.any(String), name: "Billing" },
      reason: "Billing: the group is Billing",
      calendar: { name: "London office", timeZone: "Europe/London", hours: OFFICE, holidays: HOLIDAYS },
      paused: false,
      // Whether a target is breached yet, and the minutes taken so far, depend on when this runs (below, at a given moment).
      targets: [
        expect.objectContaining({
          target: "first_response",
          cycle: 0,
          minutes: 480,
          startedAt: "2026-12-04T16:30:00.000Z",
          // Friday's last half hour, then Monday until 16:30.
          dueAt: "2026-12-07T16:30:00.000Z",
          metAt: null,
        }),
        expect.objectContaining({
          target: "resolution",
          cycle: 0,
          minutes: 960,
          startedAt: "2026-12-04T16:30:00.000Z",
          dueAt: "2026-12-08T16:30:00.000Z",
          metAt: null,
        }),
      ],
    });
    expect(Object.keys((body.targets as object[])[0]!).sort()).toEqual([
      "breachedAt",
      "businessMinutes",
      "cycle",
      "dueAt",
      "metAt",
      "minutes",
      "startedAt",
      "target",
    ]);
  });

  it("counts each target as of now: the business minutes taken, a breach when its due time has passed", async () => {
    const t = await team("pro");
    const ticket = await billingTicket(t);
    // Monday 17:00: half an hour on Friday and Monday's eight hours taken; the first reply was due at 16:30.
    const sla = await ticketSlaDetail(t.agent, ticket.id, utc("2026-12-07T17:00:00"));
    expect(sla.targets).toEqual([
      expect.objectContaining({
        target: "first_response",
        dueAt: "2026-12-07T16:30:00.000Z",
        breachedAt: "2026-12-07T16:30:00.000Z",
        businessMinutes: 510,
      }),
      expect.objectContaining({
        target: "resolution",
        dueAt: "2026-12-08T16:30:00.000Z",
        breachedAt: null,
        businessMinutes: 510,
      }),
    ]);
  });

  it("answers admins as it answers agents", async () => {
    const t = await team("pro");
    const ticket = await billingTicket(t);
    const { status, body } = await getSla(t.admin, ticket.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ policy: { name: "Billing" }, reason: "Billing: the group is Billing" });
  });

  it("refuses customers, even on their own ticket (403), and anyone signed out (401)", async () => {
    const t = await team("pro");
    const ticket = await billingTicket(t, { customerEmail: t.customer.email });
    expect((await getSla(t.customer, ticket.id)).status).toBe(403);
    expect((await getSla(null, ticket.id)).status).toBe(401);
  });

  it("answers 404 for another organisation's ticket and for one that does not exist", async () => {
    const t = await team("pro");
    const other = await team("pro");
    const theirs = await billingTicket(other);
    const { status, body } = await getSla(t.agent, theirs.id);
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain("Billing");
    expect((await getSla(t.agent, randomUUID())).status).toBe(404);
  });

  it("gives the default targets around the clock when no policy matches", async () => {
    const t = await team("pro");
    const ticket = await billingTicket(t, { group: false });
    const { status, body } = await getSla(t.agent, ticket.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      policy: null,
      reason: null,
      calendar: { name: "24/7", timeZone: "UTC", holidays: [] },
      paused: false,
    });
    expect((body.calendar as { hours: object }).hours).toMatchObject({ sat: [["00:00", "24:00"]] });
    // Medium: 8 hours to reply, 48 to resolve, counted through the weekend.
    expect(body.targets).toEqual([
      expect.objectContaining({ target: "first_response", minutes: 480, dueAt: "2026-12-05T00:30:00.000Z" }),
      expect.objectContaining({ target: "resolution", minutes: 2880, dueAt: "2026-12-06T16:30:00.000Z" }),
    ]);
  });

  it("says a ticket waiting on the customer is paused, with its targets standing still", async () => {
    const t = await team("pro");
    const ticket = await billingTicket(t);
    // Monday 10:00: an hour and a half of the first reply's eight used.
    await updateTicket(t.agent, ticket.id, updateTicketSchema.parse({ status: "pending" }), utc("2026-12-07T10:00:00"));
    const { status, body } = await getSla(t.agent, ticket.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ policy: { name: "Billing" }, paused: true });
    // Monday 12:00, still waiting: no due times, the hour and a half taken kept.
    const waiting = await ticketSlaDetail(t.agent, ticket.id, utc("2026-12-07T12:00:00"));
    expect(waiting.targets).toEqual([
      expect.objectContaining({ target: "first_response", dueAt: null, metAt: null, businessMinutes: 90 }),
      expect.objectContaining({ target: "resolution", dueAt: null, metAt: null, businessMinutes: 90 }),
    ]);
  });
});
