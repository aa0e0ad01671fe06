import { GET as detail } from "@/app/api/tickets/detail/[id]/route";
import { GET as pane } from "@/app/api/tickets/[id]/pane/route";
import { PUT as update } from "@/app/api/tickets/[id]/route";
import { historySentence } from "@/lib/format/ticket-history";
import { createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { listTickets, postTicket } from "../helpers/ticket-list";

// A ticket belongs to at most one group: staff put it in one and take it out with the ticket's
// change (recorded in its history, naming the group), and read it in every ticket shape the
// workspace reads (list rows, the ticket, the pane). Customers never see a team's groups.

type User = { id: string; sessionVersion: number };
const as = async (user: User) => ({ cookie: await sessionCookie(user) });
const put = async (user: User, id: string, body: unknown) =>
  readJson(
    await update(makeRequest(`/api/tickets/${id}`, { method: "PUT", body, headers: await as(user) }), params({ id })),
  );
const readDetail = async (user: User, id: string) =>
  readJson(await detail(makeRequest(`/api/tickets/detail/${id}`, { headers: await as(user) }), params({ id })));
const readPane = async (user: User, id: string) =>
  readJson(await pane(makeRequest(`/api/tickets/${id}/pane`, { headers: await as(user) }), params({ id })));

const GROUP_UNKNOWN = "Group must be a group of this organization";

let world: TwoTenants;
let billing: { id: string; name: string };
let tier2: { id: string; name: string };
let foreign: { id: string; name: string };
beforeAll(async () => {
  world = await freshTwoTenants();
  const group = (organizationId: string, name: string) =>
    db.group.create({ data: { organizationId, name, nameKey: name.toLowerCase() }, select: { id: true, name: true } });
  billing = await group(world.org.id, "Billing");
  tier2 = await group(world.org.id, "Tier 2");
  foreign = await group(world.other.id, "Elsewhere");
});

async function newTicket(customerEmail = world.users.end_user.email) {
  return (await postTicket(world.users.agent, { subject: "Refund please", customerEmail })).body as { id: string };
}

describe("PUT /api/tickets/{id} with groupId", () => {
  it("puts the ticket in a group, moves it to another and takes it out, naming each in the history", async () => {
    const t = await newTicket();
    const res = await put(world.users.agent, t.id, { groupId: billing.id });
    expect(res).toMatchObject({ status: 200, body: { id: t.id, groupId: billing.id, group: billing } });
    await put(world.users.agent, t.id, { groupId: tier2.id });
    expect((await put(world.users.agent, t.id, { groupId: null })).body).toMatchObject({ groupId: null, group: null });

    const events = await db.auditEvent.findMany({
      where: { ticketId: t.id, action: "ticket.group_changed" },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => e.metadata)).toEqual([
      { field: "group", from: null, to: billing.id, fromName: null, toName: "Billing" },
      { field: "group", from: billing.id, to: tier2.id, fromName: "Billing", toName: "Tier 2" },
      { field: "group", from: tier2.id, to: null, fromName: "Tier 2", toName: null },
    ]);
    expect(events.map((e) => historySentence(e, new Map(), "Casey"))).toEqual([
      "Test agent set the group to Billing",
      "Test agent set the group to Tier 2",
      "Test agent removed the ticket from the group Tier 2",
    ]);
  });

  it("records nothing when the ticket is already in that group, and still answers with it", async () => {
    const t = await newTicket();
    await put(world.users.agent, t.id, { groupId: billing.id });
    const res = await put(world.users.agent, t.id, { groupId: billing.id });
    expect(res).toMatchObject({ status: 200, body: { groupId: billing.id, group: billing } });
    expect(await db.auditEvent.count({ where: { ticketId: t.id, action: "ticket.group_changed" } })).toBe(1);
  });

  it("changes the group with status and priority in one request", async () => {
    const t = await newTicket();
    const res = await put(world.users.org_admin, t.id, { groupId: tier2.id, status: "pending", priority: "high" });
    expect(res.body).toMatchObject({ status: "pending", priority: "high", groupId: tier2.id });
  });

  it.each([
    ["another organisation's group", () => foreign.id],
    ["a group that does not exist", () => "no-such-group"],
  ])("refuses %s with a 400 naming groupId and leaves the ticket alone", async (_, id) => {
    const t = await newTicket();
    expect(await put(world.users.agent, t.id, { groupId: id(), status: "pending" })).toEqual({
      status: 400,
      body: { error: GROUP_UNKNOWN, code: "validation_failed", issues: [{ path: "groupId", message: GROUP_UNKNOWN }] },
    });
    expect(await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).toMatchObject({ groupId: null, status: "open" });
  });

  it.each([
    ["an empty id", "", "Unknown group"],
    ["a number", 7, "Unknown group"],
  ])("refuses %s as groupId", async (_, groupId, error) => {
    const t = await newTicket();
    const res = await put(world.users.agent, t.id, { groupId });
    expect(res).toMatchObject({ status: 400, body: { error, code: "validation_failed" } });
  });

  it("forbids a customer and answers 404 for another organisation's ticket", async () => {
    const t = await newTicket();
    expect((await put(world.users.end_user, t.id, { groupId: billing.id })).status).toBe(403);
    expect(await put(world.users.otherAdmin, t.id, { groupId: foreign.id })).toEqual({
      status: 404,
      body: { error: "Ticket not found", code: "not_found" },
    });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).groupId).toBeNull();
  });
});

describe("the group in the ticket shapes the workspace reads", () => {
  it("staff read groupId and group in list rows, the ticket and the pane", async () => {
    const t = await newTicket();
    const plain = await newTicket();
    await put(world.users.agent, t.id, { groupId: billing.id });
    for (const user of [world.users.agent, world.users.org_admin]) {
      const list = await listTickets<{ id: string; groupId: string | null; group: unknown }>(user, "?limit=100");
      expect(list.body.find((r) => r.id === t.id)).toMatchObject({ groupId: billing.id, group: billing });
      expect(list.body.find((r) => r.id === plain.id)).toMatchObject({ groupId: null, group: null });
      expect((await readDetail(user, t.id)).body).toMatchObject({ groupId: billing.id, group: billing });
      expect((await readPane(user, t.id)).body.ticket as object).toMatchObject({ groupId: billing.id, group: billing });
      expect((await readPane(user, plain.id)).body.ticket as object).toMatchObject({ groupId: null, group: null });
    }
  });

  it("shows the group's name as it is now, after a rename", async () => {
    const t = await newTicket();
    const group = await db.group.create({ data: { organizationId: world.org.id, name: "Old", nameKey: "old" } });
    await put(world.users.agent, t.id, { groupId: group.id });
    await db.group.update({ where: { id: group.id }, data: { name: "New", nameKey: "new" } });
    expect((await readDetail(world.users.agent, t.id)).body.group).toEqual({ id: group.id, name: "New" });
  });

  it("never shows a customer the group", async () => {
    const customer = await createUser(world.org.id, "end_user");
    const t = await newTicket(customer.email);
    await put(world.users.agent, t.id, { groupId: billing.id });
    const list = await listTickets<Record<string, unknown>>(customer, "");
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty("group");
    expect(list.body[0]).not.toHaveProperty("groupId");
    expect((await readDetail(customer, t.id)).body).not.toHaveProperty("group");
    expect((await readPane(customer, t.id)).body.ticket).not.toHaveProperty("groupId");
  });
});
