import { PUT as update } from "@/app/api/tickets/[id]/route";
import type { AutomationWhen, GroupAssignment, Plan } from "@/generated/prisma/enums";
import { historySentence } from "@/lib/format/ticket-history";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { postTicket } from "../helpers/ticket-list";

// Automatic assignment: an unassigned ticket put in a group (by an agent or a rule's set_group),
// or a rule's assign "group", goes to a member by the group's mode: round robin the next member
// in turn, balanced the one with the fewest open tickets (ties in turn); members away,
// deactivated, no longer staff or at the cap are passed by, and with nobody left the ticket waits
// unassigned in the group. The group's row is locked while a member is chosen, so tickets arriving
// at once are shared out exactly.

type User = { id: string; sessionVersion: number; fullName: string };
const put = async (user: User, id: string, body: unknown) =>
  readJson(
    await update(
      makeRequest(`/api/tickets/${id}`, { method: "PUT", body, headers: { cookie: await sessionCookie(user) } }),
      params({ id }),
    ),
  );

beforeAll(async () => {
  await resetDatabase();
});

/** An organisation with `size` agents (named Agent 1..size, in id order) in a group of the given mode. */
async function team(
  assignment: GroupAssignment,
  size: number,
  { maxOpenPerAgent = null as number | null, name = "Billing", plan = "pro" as Plan } = {},
) {
  const org = await createOrg(plan);
  const admin = await createUser(org.id, "org_admin", { fullName: "Alex Admin" });
  const members: User[] = [];
  for (let i = 1; i <= size; i++) members.push(await createUser(org.id, "agent", { fullName: `Agent ${i}` }));
  members.sort((a, b) => (a.id < b.id ? -1 : 1));
  const group = await db.group.create({
    data: {
      organizationId: org.id,
      name,
      nameKey: name.toLowerCase(),
      assignment,
      maxOpenPerAgent,
      members: { create: members.map((m) => ({ userId: m.id })) },
    },
  });
  return { org, admin, members, group };
}

type Team = Awaited<ReturnType<typeof team>>;

async function newTicket(t: Team, extra: Record<string, unknown> = {}) {
  const res = await postTicket(t.admin, { customerEmail: "casey@customer.test", ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

/** A new ticket put in the group by an agent's change: who it went to (null: nobody). */
async function routed(t: Team, extra: Record<string, unknown> = {}) {
  const ticket = await newTicket(t);
  const res = await put(t.admin, ticket.id, { groupId: t.group.id, ...extra });
  expect(res.status).toBe(200);
  const stored = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } });
  expect(stored.groupId).toBe(t.group.id);
  expect((res.body as { assignedTo: string | null }).assignedTo).toBe(stored.assignedToId);
  return stored.assignedToId;
}

/** Open tickets already held by a member (written directly: not through the group). */
async function holding(t: Team, user: User, statuses: ("open" | "pending" | "in_progress" | "resolved" | "closed")[]) {
  for (const status of statuses) {
    const ticket = await newTicket(t, { assignedTo: user.id });
    await db.ticket.update({ where: { id: ticket.id }, data: { status } });
  }
}

async function historyOf(ticketId: string) {
  const events = await db.auditEvent.findMany({ where: { ticketId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const users = await db.user.findMany({ select: { id: true, fullName: true } });
  return events.map((e) => historySentence(e, new Map(users.map((u) => [u.id, u.fullName])), "Casey"));
}

const addRule = (
  organizationId: string,
  name: string,
  actions: object[],
  { when = "ticket_created" as AutomationWhen, conditions = [] as object[] } = {},
) =>
  db.automation.create({
    data: { organizationId, name, when, conditions: { all: conditions, any: [] }, actions, active: true, position: 0 },
  });

describe("round robin", () => {
  it("gives each new ticket to the next member in turn, and says so in the history", async () => {
    const t = await team("round_robin", 3);
    const [a, b, c] = t.members;
    const got = [];
    for (let i = 0; i < 7; i++) got.push(await routed(t));
    expect(got).toEqual([a.id, b.id, c.id, a.id, b.id, c.id, a.id]);
    expect((await db.group.findUniqueOrThrow({ where: { id: t.group.id } })).lastAssignedUserId).toBe(a.id);

    const ticket = await db.ticket.findFirstOrThrow({ where: { assignedToId: b.id, groupId: t.group.id } });
    expect((await historyOf(ticket.id)).slice(-2)).toEqual([
      "Alex Admin set the group to Billing",
      "Ticketry assigned the ticket to Agent 2 by Billing's round robin",
    ]);
    // The version rises as with any change, so open workspaces hear of it.
    const { version } = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } });
    expect(version).toBeGreaterThan(2);
  });

  it("passes by members who are away, deactivated or no longer staff, and a member of another organisation", async () => {
    const t = await team("round_robin", 5);
    const [away, deactivated, customer, a, b] = t.members;
    await db.user.update({ where: { id: away.id }, data: { availability: "away" } });
    await db.user.update({ where: { id: deactivated.id }, data: { isActive: false } });
    await db.user.update({ where: { id: customer.id }, data: { role: "end_user" } });
    const elsewhere = await createOrg("pro");
    const stranger = await createUser(elsewhere.id, "agent");
    await db.groupMember.create({ data: { groupId: t.group.id, userId: stranger.id } });

    const got = [];
    for (let i = 0; i < 4; i++) got.push(await routed(t));
    expect(got).toEqual([a.id, b.id, a.id, b.id]);

    // Back from away: in turn again.
    await db.user.update({ where: { id: away.id }, data: { availability: "available" } });
    expect(await routed(t)).toBe(away.id);
  });

  it("leaves the ticket unassigned in the group when nobody is available", async () => {
    const t = await team("round_robin", 2);
    await db.user.updateMany({ where: { id: { in: t.members.map((m) => m.id) } }, data: { availability: "away" } });
    const ticket = await newTicket(t);
    const res = await put(t.admin, ticket.id, { groupId: t.group.id });
    expect(res.body).toMatchObject({ groupId: t.group.id, assignedTo: null });
    expect(await db.auditEvent.count({ where: { ticketId: ticket.id, action: "ticket.assigned" } })).toBe(0);
    expect((await db.group.findUniqueOrThrow({ where: { id: t.group.id } })).lastAssignedUserId).toBeNull();
  });

  it("passes by members at the cap of open tickets, and keeps the ticket waiting when all are", async () => {
    const t = await team("round_robin", 2, { maxOpenPerAgent: 2 });
    const [a, b] = t.members;
    await holding(t, a, ["open", "pending", "resolved", "closed"]);
    await holding(t, b, ["in_progress"]);
    expect(await routed(t)).toBe(b.id);
    expect(await routed(t)).toBeNull();
    // A's ticket resolved: A is under the cap again.
    const held = await db.ticket.findFirstOrThrow({ where: { assignedToId: a.id, status: "open" } });
    await db.ticket.update({ where: { id: held.id }, data: { status: "resolved" } });
    expect(await routed(t)).toBe(a.id);
  });
});

describe("balanced", () => {
  it("gives the ticket to the member with the fewest open tickets, ties in turn", async () => {
    const t = await team("balanced", 3, { name: "Technical" });
    const [a, b, c] = t.members;
    await holding(t, a, ["open", "pending"]);
    await holding(t, b, ["resolved", "closed"]);
    // B and C hold none open: B first in turn; then C; then B and C both hold one: B, after C's turn.
    expect(await routed(t)).toBe(b.id);
    expect(await routed(t)).toBe(c.id);
    expect(await routed(t)).toBe(b.id);
    const ticket = await db.ticket.findFirstOrThrow({ where: { assignedToId: c.id, groupId: t.group.id } });
    expect((await historyOf(ticket.id)).at(-1)).toBe(
      "Ticketry assigned the ticket to Agent 3 by Technical's balanced assignment",
    );
  });

  it("respects the cap", async () => {
    const t = await team("balanced", 2, { maxOpenPerAgent: 1 });
    const [a, b] = t.members;
    await holding(t, a, ["open"]);
    expect(await routed(t)).toBe(b.id);
    expect(await routed(t)).toBeNull();
  });
});

describe("when it runs", () => {
  it("a manual group assigns nobody", async () => {
    const t = await team("manual", 2);
    expect(await routed(t)).toBeNull();
  });

  it("an assignee named in the same change wins, even none; an assigned ticket keeps its assignee", async () => {
    const t = await team("round_robin", 2);
    const [a, b] = t.members;
    expect(await routed(t, { assignedTo: b.id })).toBe(b.id);
    expect(await routed(t, { assignedTo: null })).toBeNull();
    const assigned = await newTicket(t, { assignedTo: b.id });
    await put(t.admin, assigned.id, { groupId: t.group.id });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: assigned.id } })).assignedToId).toBe(b.id);
    // The turn was not taken by any of those: A is next.
    expect(await routed(t)).toBe(a.id);
  });

  it("a rule's set_group shares out a new ticket, named in the history as the rule's", async () => {
    const t = await team("round_robin", 2);
    await addRule(t.org.id, "Refunds to Billing", [{ type: "set_group", value: t.group.id }]);
    const first = await newTicket(t);
    const second = await newTicket(t);
    const stored = await db.ticket.findMany({
      where: { id: { in: [first.id, second.id] } },
      orderBy: { ticketNumber: "asc" },
    });
    expect(stored.map((s) => [s.groupId, s.assignedToId])).toEqual([
      [t.group.id, t.members[0].id],
      [t.group.id, t.members[1].id],
    ]);
    expect(await historyOf(first.id)).toContain(
      "Rule 'Refunds to Billing' assigned the ticket to Agent 1 by Billing's round robin",
    );
  });

  it("a rule's assign 'group' gives a waiting ticket to the group's next member once one is free", async () => {
    const t = await team("round_robin", 2);
    await db.user.updateMany({ where: { id: { in: t.members.map((m) => m.id) } }, data: { availability: "away" } });
    const waiting = await newTicket(t);
    await put(t.admin, waiting.id, { groupId: t.group.id });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: waiting.id } })).assignedToId).toBeNull();

    await addRule(t.org.id, "Share out pending", [{ type: "assign", value: "group" }], {
      when: "ticket_updated",
      conditions: [{ field: "status", operator: "is", value: "pending" }],
    });
    await db.user.update({ where: { id: t.members[1].id }, data: { availability: "available" } });
    const res = await put(t.admin, waiting.id, { status: "pending" });
    expect(res.body).toMatchObject({ status: "pending", assignedTo: t.members[1].id });
    expect((await historyOf(waiting.id)).at(-1)).toBe(
      "Rule 'Share out pending' assigned the ticket to Agent 2 by Billing's round robin",
    );
  });

  it("a rule's assign 'group' leaves an assigned ticket and a ticket in no group alone", async () => {
    const t = await team("round_robin", 2);
    await addRule(t.org.id, "Share out", [{ type: "assign", value: "group" }]);
    const assigned = await newTicket(t, { assignedTo: t.members[1].id });
    const ungrouped = await newTicket(t);
    const stored = await db.ticket.findMany({ where: { id: { in: [assigned.id, ungrouped.id] } } });
    expect(stored.map((s) => s.assignedToId).sort()).toEqual([t.members[1].id, null].sort());
  });
});

describe("under concurrency", () => {
  it("50 tickets created at once, routed by a rule into a round-robin group of 5, give each member 10", async () => {
    // Enterprise: new tickets are numbered without locking the organisation, so they really race.
    const t = await team("round_robin", 5, { plan: "enterprise" });
    await addRule(t.org.id, "Everything to Billing", [{ type: "set_group", value: t.group.id }]);
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postTicket(t.admin, { subject: `Burst ${i}`, customerEmail: `burst${i}@customer.test` }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(50).fill(201));
    const counts = await db.ticket.groupBy({
      by: ["assignedToId"],
      where: { organizationId: t.org.id, groupId: t.group.id },
      _count: { _all: true },
    });
    expect(Object.fromEntries(counts.map((c) => [c.assignedToId, c._count._all]))).toEqual(
      Object.fromEntries(t.members.map((m) => [m.id, 10])),
    );
  });

  it("tickets put in a balanced group at once by agents are shared out evenly", async () => {
    const t = await team("balanced", 4);
    const tickets = [];
    for (let i = 0; i < 20; i++) tickets.push(await newTicket(t));
    const answers = await Promise.all(tickets.map((ticket) => put(t.admin, ticket.id, { groupId: t.group.id })));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const counts = await db.ticket.groupBy({
      by: ["assignedToId"],
      where: { organizationId: t.org.id, groupId: t.group.id },
      _count: { _all: true },
    });
    expect(counts.map((c) => c._count._all)).toEqual([5, 5, 5, 5]);
  });
});
