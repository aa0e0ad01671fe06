import { POST as create } from "@/app/api/tickets/route";
import { POST as apiCreate } from "@/app/api/v1/tickets/route";
import { POST as portalCreate } from "@/app/api/portal/tickets/route";
import { GET as portalFieldsRoute } from "@/app/api/portal/fields/route";
import { listener } from "@/lib/server/live-listener";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { apiTokenOf } from "../helpers/api-token";
import { portalAuth } from "../helpers/portal-auth";
import { portalToken } from "../attachments/attachments-helpers";
import { send } from "../api-v1/write-calls";

// A new ticket may come with its custom field values: the team's (workspace and API) for any
// field, a customer's (account or portal) only for the fields shown to customers and left for
// them to fill in. Each value is checked by its field's type (400 naming the field); a
// required field may stay empty until the ticket is resolved.

type User = { id: string; sessionVersion: number };
const cookie = async (user: User) => ({ cookie: await sessionCookie(user) });
const NEW = { subject: "Refund please", description: "Charged twice", customerEmail: "casey@x.test" };

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
  const organizationId = world.org.id;
  await db.customField.createMany({
    data: [
      {
        organizationId,
        key: "order_number",
        label: "Order number",
        type: "text",
        position: 0,
        customerVisible: true,
        customerEditable: true,
      },
      {
        organizationId,
        key: "plan",
        label: "Plan",
        type: "dropdown",
        options: ["Basic", "Pro"],
        position: 1,
        customerVisible: true,
      },
      { organizationId, key: "refund", label: "Refund approved", type: "checkbox", position: 2, required: true },
      { organizationId, key: "seats", label: "Seats", type: "number", position: 3 },
    ],
  });
  await db.customField.create({
    data: { organizationId: world.other.id, key: "secret", label: "Secret", type: "text", position: 0 },
  });
});
afterAll(() => listener.stop());

async function post(body: unknown, user: User = world.users.agent) {
  return readJson(
    await create(makeRequest("/api/tickets", { method: "POST", body, headers: await cookie(user) }), params()),
  );
}
const stored = async (id: string) => (await db.ticket.findUniqueOrThrow({ where: { id } })).customFields;

describe("POST /api/tickets", () => {
  it("keeps the team's values and answers with them; a required field may wait until resolving", async () => {
    const res = await post({ ...NEW, customFields: { order_number: " A-1234 ", plan: "Pro", seats: 12 } });
    expect(res.status).toBe(201);
    const body = res.body as { id: string; customFields: unknown };
    expect(body.customFields).toEqual({ order_number: "A-1234", plan: "Pro", seats: 12 });
    expect(await stored(body.id)).toEqual({ order_number: "A-1234", plan: "Pro", seats: 12 });
  });

  it("a ticket without values holds none", async () => {
    const res = await post(NEW);
    expect(res.status).toBe(201);
    expect((res.body as { customFields: unknown }).customFields).toEqual({});
  });

  it.each([
    [{ seats: "12" }, "Seats must be a whole number"],
    [{ seats: 1.5 }, "Seats must be a whole number"],
    [{ plan: "Gold" }, "Plan must be one of its options"],
    [{ refund: "yes" }, "Refund approved must be true or false"],
    [{ order_number: "a\nb" }, "Order number must be a single line"],
    [{ nope: 1 }, 'Unknown custom field "nope"'],
    [{ secret: "x" }, 'Unknown custom field "secret"'],
    ["not an object", "customFields must be an object of values by field key"],
  ])("refuses %j with a 400 naming the field, and writes no ticket", async (customFields, error) => {
    const before = await db.ticket.count();
    const res = await post({ ...NEW, customFields });
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toContain(error);
    expect(await db.ticket.count()).toBe(before);
  });

  it("an end user may fill in only the fields customers may edit; others are refused by name", async () => {
    const ok = await post({ ...NEW, customFields: { order_number: "B-77" } }, world.users.end_user);
    expect(ok.status).toBe(201);
    expect(await stored((ok.body as { id: string }).id)).toEqual({ order_number: "B-77" });
    for (const [key, value] of [
      ["plan", "Pro"],
      ["refund", true],
    ] as const) {
      const refused = await post({ ...NEW, customFields: { [key]: value } }, world.users.end_user);
      expect(refused.status).toBe(400);
      expect((refused.body as { error: string }).error).toBe(`Unknown custom field "${key}"`);
    }
  });
});

describe("POST /api/v1/tickets", () => {
  it("takes values like the workspace, and refuses a wrong type naming the field", async () => {
    const token = await apiTokenOf(world.org.id, ["tickets:read", "tickets:write"], "CRM");
    const ok = await send<{ customFields: unknown }>(apiCreate, "/api/v1/tickets", {
      body: { ...NEW, customFields: { plan: "Basic", refund: false } },
      headers: token.headers,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.customFields).toEqual({ plan: "Basic", refund: false });
    const bad = await send(apiCreate, "/api/v1/tickets", {
      body: { ...NEW, customFields: { seats: "many" } },
      headers: token.headers,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("Seats must be a whole number");
  });
});

describe("POST /api/portal/tickets", () => {
  it("takes the fields customers may fill in, answers with only those they see, and refuses the rest by name", async () => {
    const headers = portalAuth(world.org.slug, await portalToken(world.org.id, "pat@x.test"));
    const call = (customFields: unknown) =>
      portalCreate(
        makeRequest("/api/portal/tickets", {
          method: "POST",
          body: { subject: "Where is my order", description: "It is late", customFields },
          headers,
        }),
        params(),
      );
    const ok = await call({ order_number: "C-9" });
    expect(ok.status).toBe(201);
    const body = (await ok.json()) as { id: string; customFields: unknown };
    expect(body.customFields).toEqual({ order_number: "C-9" });
    expect(await stored(body.id)).toEqual({ order_number: "C-9" });
    for (const customFields of [{ plan: "Pro" }, { seats: 3 }]) {
      const refused = await call(customFields);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe(
        `Unknown custom field "${Object.keys(customFields)[0]}"`,
      );
    }
  });
});

describe("GET /api/portal/fields", () => {
  it("names only the fields customers fill in, without the team's settings", async () => {
    const headers = portalAuth(world.org.slug, await portalToken(world.org.id, "pat@x.test"));
    const res = await portalFieldsRoute(makeRequest("/api/portal/fields", { headers }), params());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      fields: [{ key: "order_number", label: "Order number", type: "text", helpText: "", options: [] }],
    });
  });
});
