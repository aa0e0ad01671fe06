import { POST as createRoute } from "@/app/api/v1/tickets/route";
import { GET as getRoute, PATCH as updateRoute } from "@/app/api/v1/tickets/[id]/route";
import { POST as bulkRoute } from "@/app/api/v1/tickets/bulk/route";
import type { AutomationWhen } from "@/generated/prisma/enums";
import { apiTokenOf } from "../helpers/api-token";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { historyOf, send, writeRefusals, WRITE_REFUSED } from "./write-calls";

// The public API's ticket writes: a token with tickets:write opens, changes and bulk-changes the
// organisation's tickets through the workspace's services, as the team, named in the history by
// the token's name; its tickets come in by the entrance "The API", which the rules still see on
// later changes.

type Ticket = {
  id: string;
  ticketNumber: number;
  status: string;
  priority: string;
  assignedTo: string | null;
  groupId?: string | null;
  tags?: string[];
  version: number;
  attachments?: unknown[];
};

let org: { id: string };
let other: { id: string };
let agent: { id: string };
let writer: Awaited<ReturnType<typeof apiTokenOf>>;

const create = (body: unknown, headers: Record<string, string> = writer.headers) =>
  send<Ticket>(createRoute, "/api/v1/tickets", { body, headers });
const update = (id: string, body: unknown, headers: Record<string, string> = writer.headers) =>
  send<Ticket>(updateRoute, `/api/v1/tickets/${id}`, { method: "PATCH", body, headers, values: { id } });
const bulk = (body: unknown, headers: Record<string, string> = writer.headers) =>
  send<{ data: Ticket[] }>(bulkRoute, "/api/v1/tickets/bulk", { body, headers });
const NEW = { subject: "Refund for order 4521", description: "Charged twice", customerEmail: "dana@example.com" };

async function ticketOf(organizationId: string, subject = "Printer on fire") {
  const counter = await db.ticket.count({ where: { organizationId } });
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: 1000 + counter,
      subject,
      description: "d",
      customerName: "Casey",
      customerEmail: "casey@x.test",
    },
  });
}

const rule = (organizationId: string, when: AutomationWhen, name: string, actions: object[]) =>
  db.automation.create({
    data: {
      organizationId,
      name,
      when,
      conditions: { all: [{ field: "entrance", operator: "is", value: "api" }], any: [] },
      actions,
      active: true,
      position: 0,
    },
  });

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg("enterprise");
  other = await createOrg("enterprise");
  agent = await createUser(org.id, "agent", { fullName: "Sam Agent" });
  writer = await apiTokenOf(org.id, ["tickets:read", "tickets:write"], "CRM sync");
});

describe("POST /api/v1/tickets", () => {
  it("opens the ticket as the team and answers 201 with it as GET /api/v1/tickets/{id} shows it", async () => {
    const { status, body } = await create({ ...NEW, priority: "high", customerName: "Dana", assignedTo: agent.id });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      subject: NEW.subject,
      customerEmail: NEW.customerEmail,
      customerName: "Dana",
      priority: "high",
      status: "open",
      assignedTo: agent.id,
      attachments: [],
    });
    const read = await send(getRoute, `/api/v1/tickets/${body.id}`, {
      method: "GET",
      headers: writer.headers,
      values: { id: body.id },
    });
    expect(read.body).toEqual(body);
    expect(await historyOf(body.id)).toEqual([
      "CRM sync (API) created the ticket",
      "CRM sync (API) assigned the ticket to Sam Agent",
    ]);
    const stored = await db.ticket.findUniqueOrThrow({ where: { id: body.id } });
    expect({ organizationId: stored.organizationId, raisedByCustomer: stored.raisedByCustomer }).toEqual({
      organizationId: org.id,
      raisedByCustomer: false,
    });
  });

  it("takes the contract's four fields, the rest defaulting as the workspace's new ticket does", async () => {
    const { status, body } = await create({ ...NEW, priority: "low" });
    expect(status).toBe(201);
    expect(body).toMatchObject({ priority: "low", status: "open", customerName: "Customer", assignedTo: null });
  });

  it.each([
    [{ ...NEW, subject: " " }, "Please fill in both subject and description"],
    [{ ...NEW, description: undefined }, "Please fill in both subject and description"],
    [{ ...NEW, subject: "x".repeat(201) }, "Subject must be at most 200 characters"],
    [{ ...NEW, customerEmail: "not-an-address" }, "Please enter a valid customer email"],
    [{ ...NEW, priority: "whenever" }, "Unknown priority"],
    [{ ...NEW, status: "archived" }, "Unknown status"],
    [{ ...NEW, category: "gossip" }, "Unknown category"],
  ])("refuses %j with 400 and the workspace's message", async (body, message) => {
    const before = await db.ticket.count();
    const res = await create(body);
    expect({ status: res.status, code: res.body.code, error: res.body.error }).toEqual({
      status: 400,
      code: "validation_failed",
      error: expect.stringContaining(message),
    });
    expect(await db.ticket.count()).toBe(before);
  });

  it("refuses an assignee who is not an active agent of the organisation (another's agent included)", async () => {
    const stranger = await createUser(other.id, "agent");
    const res = await create({ ...NEW, assignedTo: stranger.id });
    expect({ status: res.status, error: res.body.error }).toEqual({
      status: 400,
      error: "Assignee must be an active agent of this organization",
    });
  });

  it("needs tickets:write: tickets:read alone is 403, a revoked or expired token 401", async () => {
    const before = await db.ticket.count();
    expect(await writeRefusals(org.id, "tickets:write", (headers) => create(NEW, headers))).toEqual(WRITE_REFUSED);
    expect(await db.ticket.count()).toBe(before);
  });
});

describe("PATCH /api/v1/tickets/{id}", () => {
  it("changes status, priority, assignee, group and tags in one change, each named by the token in the history", async () => {
    const ticket = await ticketOf(org.id);
    const billing = await db.group.create({ data: { organizationId: org.id, name: "Billing", nameKey: "billing" } });
    await update(ticket.id, { addTags: ["triage"] });
    const { status, body } = await update(ticket.id, {
      status: "pending",
      priority: "urgent",
      assignedTo: agent.id,
      groupId: billing.id,
      addTags: ["refund"],
      removeTags: ["triage"],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "pending",
      priority: "urgent",
      assignedTo: agent.id,
      groupId: billing.id,
      group: { id: billing.id, name: "Billing" },
      tags: ["refund"],
      attachments: [],
    });
    expect(await historyOf(ticket.id)).toEqual([
      "CRM sync (API) added the tag triage",
      "CRM sync (API) changed the status from Open to Pending",
      "CRM sync (API) changed the priority from Medium to Urgent",
      "CRM sync (API) assigned the ticket to Sam Agent",
      "CRM sync (API) set the group to Billing",
      "CRM sync (API) added the tag refund",
      "CRM sync (API) removed the tag triage",
    ]);
  });

  it("writes nothing when a part of the change fails: the fields wait for the tags and the reverse", async () => {
    const ticket = await ticketOf(org.id);
    const res = await update(ticket.id, { status: "resolved", addTags: ["x".repeat(51)] });
    expect(res.status).toBe(400);
    const stored = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } });
    expect({ status: stored.status, tags: stored.tagIds, history: await historyOf(ticket.id) }).toEqual({
      status: "open",
      tags: [],
      history: [],
    });
  });

  it("refuses a stale change with 409 as the workspace does, and applies one from the current version", async () => {
    const ticket = await ticketOf(org.id);
    const seen = (await update(ticket.id, { priority: "high" })).body.version;
    await update(ticket.id, { status: "pending" });
    const stale = await update(ticket.id, { status: "resolved", version: seen });
    expect({ status: stale.status, code: stale.body.code }).toEqual({ status: 409, code: "stale_version" });
    const fresh = await update(ticket.id, { status: "resolved", version: seen + 1 });
    expect({ status: fresh.status, ticket: fresh.body.status }).toEqual({ status: 200, ticket: "resolved" });
  });

  it.each([
    [{}, "Nothing to update"],
    [{ addTags: [], removeTags: [] }, "Nothing to update"],
    [{ addTags: ["vip"], removeTags: ["VIP"] }, "A tag cannot be added and removed at once"],
    [{ status: "archived" }, "Unknown status"],
    [{ priority: 3 }, "Unknown priority"],
    [{ version: 0, status: "open" }, "version must be a whole number"],
    [{ groupId: "" }, "Unknown group"],
    [{ addTags: "vip" }, "addTags must be a list of tags"],
  ])("refuses %j with 400", async (body, message) => {
    const ticket = await ticketOf(org.id);
    const res = await update(ticket.id, body);
    expect({ status: res.status, error: res.body.error }).toEqual({
      status: 400,
      error: expect.stringContaining(message),
    });
  });

  it("refuses another organisation's group (400) and another organisation's ticket (404), changing neither", async () => {
    const ticket = await ticketOf(org.id);
    const theirs = await ticketOf(other.id);
    const theirGroup = await db.group.create({ data: { organizationId: other.id, name: "Ops", nameKey: "ops" } });
    expect((await update(ticket.id, { groupId: theirGroup.id })).status).toBe(400);
    const foreign = await update(theirs.id, { status: "closed" });
    expect({ status: foreign.status, code: foreign.body.code }).toEqual({ status: 404, code: "not_found" });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe("open");
  });

  it("needs tickets:write", async () => {
    const ticket = await ticketOf(org.id);
    expect(
      await writeRefusals(org.id, "tickets:write", (headers) => update(ticket.id, { status: "closed" }, headers)),
    ).toEqual(WRITE_REFUSED);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).status).toBe("open");
  });
});

describe("POST /api/v1/tickets/bulk", () => {
  it("applies the workspace's bulk change and answers every ticket as it left them", async () => {
    const [a, b] = [await ticketOf(org.id), await ticketOf(org.id)];
    const { status, body } = await bulk({ ids: [a.id, b.id], status: "resolved", addTags: ["outage"] });
    expect(status).toBe(200);
    expect(body.data.map((t) => ({ id: t.id, status: t.status }))).toEqual([
      { id: a.id, status: "resolved" },
      { id: b.id, status: "resolved" },
    ]);
    for (const t of [a, b])
      expect(await historyOf(t.id)).toEqual([
        "CRM sync (API) changed the status from Open to Resolved",
        "CRM sync (API) added the tag outage",
      ]);
  });

  it("changes nothing when one id is another organisation's ticket (404)", async () => {
    const mine = await ticketOf(org.id);
    const theirs = await ticketOf(other.id);
    const res = await bulk({ ids: [mine.id, theirs.id], status: "closed" });
    expect(res.status).toBe(404);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: mine.id } })).status).toBe("open");
  });

  it.each([
    [{ ids: [], status: "closed" }, "Select at least one ticket"],
    [{ ids: ["a"] }, "Nothing to update"],
    [{ ids: ["a", "a"], status: "closed" }, "Each ticket may be listed only once"],
    [{ ids: Array.from({ length: 101 }, (_, i) => `t${i}`), status: "closed" }, "At most 100 tickets at once"],
  ])("refuses %j with 400", async (body, message) => {
    const res = await bulk(body);
    expect({ status: res.status, error: res.body.error }).toEqual({
      status: 400,
      error: expect.stringContaining(message),
    });
  });

  it("needs tickets:write", async () => {
    const ticket = await ticketOf(org.id);
    expect(
      await writeRefusals(org.id, "tickets:write", (headers) => bulk({ ids: [ticket.id], status: "closed" }, headers)),
    ).toEqual(WRITE_REFUSED);
  });
});

describe("the entrance The API", () => {
  it("is matched by a rule on the new ticket, and on a later change of it; an agent's ticket never matches", async () => {
    const rulesOrg = await createOrg("enterprise");
    const token = await apiTokenOf(rulesOrg.id, ["tickets:read", "tickets:write"], "CRM sync");
    await rule(rulesOrg.id, "ticket_created", "API tickets are high", [{ type: "set_priority", value: "high" }]);
    await rule(rulesOrg.id, "ticket_updated", "API tickets get a tag", [{ type: "add_tags", value: ["from-crm"] }]);
    const created = await create(NEW, token.headers);
    expect(created.body.priority).toBe("high");
    const changed = await update(created.body.id, { status: "pending" }, token.headers);
    expect(changed.body.tags).toEqual(["from-crm"]);

    // The same change to a ticket an agent opened: the rules do not take it for the API's.
    const agents = await ticketOf(rulesOrg.id);
    const agentsChanged = await update(agents.id, { status: "pending" }, token.headers);
    expect(agentsChanged.body.tags).toEqual([]);
    expect(await historyOf(created.body.id)).toEqual([
      "CRM sync (API) created the ticket",
      "Rule 'API tickets are high' set the priority to High",
      "CRM sync (API) changed the status from Open to Pending",
      "Rule 'API tickets get a tag' added the tag from-crm",
    ]);
  });
});
