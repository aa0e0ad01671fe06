import { GET as history } from "@/app/api/tickets/[id]/history/route";
import { PUT as update } from "@/app/api/tickets/[id]/route";
import { POST as create } from "@/app/api/tickets/route";
import { historySentence } from "@/lib/format/ticket-history";
import { listener } from "@/lib/server/live-listener";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// An agent fills in a ticket's custom fields (PUT /api/tickets/{id} with customFields): each
// value checked by its field's type, each change a history entry under the field's label,
// and a required field left empty stops the ticket being resolved or closed.

type User = { id: string; sessionVersion: number };
const headers = async (user: User) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
  const organizationId = world.org.id;
  await db.customField.createMany({
    data: [
      { organizationId, key: "order_number", label: "Order number", type: "number", position: 0 },
      { organizationId, key: "plan", label: "Plan", type: "dropdown", options: ["Basic", "Pro"], position: 1 },
      { organizationId, key: "refund", label: "Refund approved", type: "checkbox", position: 2 },
      { organizationId, key: "areas", label: "Areas", type: "multi_select", options: ["Billing", "API"], position: 3 },
      { organizationId, key: "due", label: "Due", type: "date", position: 4 },
      { organizationId, key: "renamed", label: "Old name", type: "text", position: 5 },
    ],
  });
  await db.customField.create({
    data: { organizationId: world.other.id, key: "secret", label: "Secret", type: "text", position: 0 },
  });
});
afterAll(() => listener.stop());

async function newTicket() {
  const res = await create(
    makeRequest("/api/tickets", {
      method: "POST",
      body: { subject: "Refund please", description: "Charged twice", customerEmail: "casey@x.test" },
      headers: await headers(world.users.agent),
    }),
    params(),
  );
  return (await res.json()) as { id: string };
}
async function put(id: string, body: unknown, user: User = world.users.agent) {
  return readJson(
    await update(
      makeRequest(`/api/tickets/${id}`, { method: "PUT", body, headers: await headers(user) }),
      params({ id }),
    ),
  );
}
const valuesOf = async (id: string) => (await db.ticket.findUniqueOrThrow({ where: { id } })).customFields;
async function sentences(id: string) {
  const res = await history(
    makeRequest(`/api/tickets/${id}/history`, { headers: await headers(world.users.agent) }),
    params({ id }),
  );
  const events = (await res.json()) as {
    action: string;
    actorType: string;
    actorLabel: string | null;
    metadata: unknown;
  }[];
  return events.filter((e) => e.action === "ticket.field_changed").map((e) => historySentence(e, new Map(), "Casey"));
}

it("sets, changes and clears values; the ticket carries them and the history tells each change", async () => {
  const { id } = await newTicket();
  const first = await put(id, {
    customFields: { order_number: 1234, plan: "Pro", refund: true, areas: ["API", "Billing"] },
  });
  expect(first.status).toBe(200);
  expect(await valuesOf(id)).toEqual({ order_number: 1234, plan: "Pro", refund: true, areas: ["Billing", "API"] });
  const second = await put(id, { customFields: { order_number: 1243, plan: null }, priority: "high" });
  expect(second.body).toMatchObject({ priority: "high" });
  expect(await valuesOf(id)).toEqual({ order_number: 1243, refund: true, areas: ["Billing", "API"] });
  // The same values again change nothing and add no history.
  await put(id, { customFields: { order_number: 1243 } });
  expect(await sentences(id)).toEqual([
    "Test agent set Order number to 1234",
    "Test agent set Plan to Pro",
    "Test agent set Refund approved to Yes",
    "Test agent set Areas to Billing, API",
    "Test agent changed Order number from 1234 to 1243",
    "Test agent cleared Plan (was Pro)",
  ]);
});

it("the history keeps the label of the time after a field is renamed or deleted", async () => {
  const { id } = await newTicket();
  await put(id, { customFields: { renamed: "first" } });
  await db.customField.update({
    where: { organizationId_key: { organizationId: world.org.id, key: "renamed" } },
    data: { label: "New name" },
  });
  expect(await sentences(id)).toEqual(["Test agent set Old name to first"]);
});

it.each([
  [{ order_number: "1234" }, "Order number must be a whole number"],
  [{ order_number: 12.5 }, "Order number must be a whole number"],
  [{ plan: "Gold" }, "Plan must be one of its options"],
  [{ refund: "yes" }, "Refund approved must be true or false"],
  [{ due: "2026-02-30" }, "Due must be a date written YYYY-MM-DD"],
  [{ areas: ["Billing", "Sales"] }, "Areas must be a list of its options"],
  [{ nope: 1 }, 'Unknown custom field "nope"'],
  [{ secret: "x" }, 'Unknown custom field "secret"'],
])("refuses %j with a 400 naming the field, and saves nothing", async (customFields, message) => {
  const { id } = await newTicket();
  const res = await put(id, { customFields, priority: "urgent" });
  expect(res).toMatchObject({ status: 400, body: { error: message } });
  const after = await db.ticket.findUniqueOrThrow({ where: { id } });
  expect(after.customFields).toEqual({});
  expect(after.priority).not.toBe("urgent");
});

it("customFields must be an object", async () => {
  const { id } = await newTicket();
  expect((await put(id, { customFields: ["order_number"] })).status).toBe(400);
  expect((await put(id, { customFields: "x" })).status).toBe(400);
});

describe("a required field", () => {
  beforeAll(async () => {
    await db.customField.update({
      where: { organizationId_key: { organizationId: world.org.id, key: "order_number" } },
      data: { required: true },
    });
  });
  afterAll(async () => {
    await db.customField.update({
      where: { organizationId_key: { organizationId: world.org.id, key: "order_number" } },
      data: { required: false },
    });
  });

  it.each(["resolved", "closed"])("blocks the move to %s while empty, naming it", async (status) => {
    const { id } = await newTicket();
    const res = await put(id, { status });
    expect(res).toMatchObject({
      status: 400,
      body: { error: "Order number is required before the ticket can be resolved or closed" },
    });
    expect((await db.ticket.findUniqueOrThrow({ where: { id } })).status).toBe("open");
    // Clearing it with the move is refused as well.
    await put(id, { customFields: { order_number: 7 } });
    expect((await put(id, { status, customFields: { order_number: null } })).status).toBe(400);
  });

  it("lets the ticket be resolved once filled, in the same change or before", async () => {
    const { id } = await newTicket();
    const res = await put(id, { status: "resolved", customFields: { order_number: 42 } });
    expect(res).toMatchObject({ status: 200, body: { status: "resolved" } });
    expect(await valuesOf(id)).toEqual({ order_number: 42 });
  });

  it("other status changes do not need it", async () => {
    const { id } = await newTicket();
    expect((await put(id, { status: "pending" })).status).toBe(200);
  });
});

it("customers cannot set values", async () => {
  const { id } = await newTicket();
  expect((await put(id, { customFields: { plan: "Pro" } }, world.users.end_user)).status).toBe(403);
});
