import { GET as list } from "@/app/api/tickets/route";
import { GET as apiList } from "@/app/api/v1/tickets/route";
import { listener } from "@/lib/server/live-listener";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { apiTokenOf } from "../helpers/api-token";

// GET /api/tickets?field.<key>=<value> lists the tickets whose custom field holds the value, read
// by the field's type; several filters narrow together, a key that is no field of the
// organisation is a 400 naming it, and a customer may filter only on fields shown to them.

type User = { id: string; sessionVersion: number };
const cookie = async (user: User) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;
const numbers: Record<string, number> = {};

beforeAll(async () => {
  world = await freshTwoTenants();
  const organizationId = world.org.id;
  await db.customField.createMany({
    data: [
      { organizationId, key: "order_number", label: "Order number", type: "text", position: 0, customerVisible: true },
      { organizationId, key: "plan", label: "Plan", type: "dropdown", options: ["Basic", "Pro"], position: 1 },
      { organizationId, key: "refund", label: "Refund approved", type: "checkbox", position: 2 },
      { organizationId, key: "seats", label: "Seats", type: "number", position: 3 },
      { organizationId, key: "areas", label: "Areas", type: "multi_select", options: ["Billing", "API"], position: 4 },
      { organizationId, key: "due", label: "Due", type: "date", position: 5 },
    ],
  });
  await db.customField.create({
    data: { organizationId: world.other.id, key: "order_number", label: "Order number", type: "text", position: 0 },
  });
  const tickets: [string, string, object, string?][] = [
    [
      "a",
      world.org.id,
      { order_number: "A-1", plan: "Pro", refund: true, seats: 12, areas: ["Billing", "API"], due: "2026-12-24" },
    ],
    ["b", world.org.id, { order_number: "A-2", plan: "Basic", refund: false, seats: 3, areas: ["API"] }],
    ["c", world.org.id, { plan: "Pro", order_number: "C-3" }, world.users.end_user.email],
    ["d", world.org.id, {}],
    ["other", world.other.id, { order_number: "A-1" }],
  ];
  let n = 1;
  for (const [name, organizationId, customFields, email] of tickets) {
    const t = await db.ticket.create({
      data: {
        organizationId,
        ticketNumber: n++,
        subject: `Ticket ${name}`,
        description: "d",
        customerName: "C",
        customerEmail: email ?? "c@x.test",
        customFields,
      },
    });
    numbers[t.id] = t.ticketNumber;
    numbers[name] = t.ticketNumber;
  }
});
afterAll(() => listener.stop());

async function listed(query: string, user: User = world.users.agent) {
  const res = await readJson(
    await list(makeRequest(`/api/tickets${query}`, { headers: await cookie(user) }), params()),
  );
  return res;
}
const subjects = (body: unknown) => (body as { subject: string }[]).map((t) => t.subject.replace("Ticket ", "")).sort();

it.each([
  ["?field.order_number=A-1", ["a"]],
  ["?field.plan=Pro", ["a", "c"]],
  ["?field.plan=pro", ["a", "c"]],
  ["?field.refund=true", ["a"]],
  ["?field.refund=false", ["b"]],
  ["?field.seats=12", ["a"]],
  ["?field.areas=API", ["a", "b"]],
  ["?field.areas=Billing", ["a"]],
  ["?field.due=2026-12-24", ["a"]],
  ["?field.plan=Pro&field.seats=12", ["a"]],
  ["?field.plan=Basic&field.areas=Billing", []],
  ["?field.order_number=A-1&status=open", ["a"]],
  ["?field.order_number=A-404", []],
])("GET /api/tickets%s lists the tickets holding it", async (query, expected) => {
  const res = await listed(query);
  expect(res.status).toBe(200);
  expect(subjects(res.body)).toEqual(expected);
});

it.each([
  ["?field.nope=1", 'Unknown custom field "nope"'],
  ["?field.Bad-Key=1", 'Unknown custom field "Bad-Key"'],
  ["?field.seats=twelve", "Seats must be a whole number"],
  ["?field.refund=maybe", "Refund approved must be true or false"],
  ["?field.plan=Gold", "Plan must be one of its options"],
  ["?field.due=2026-02-30", "Due must be a date written YYYY-MM-DD"],
  ["?field.plan=", 'The filter on "plan" needs a value'],
  [`?${Array.from({ length: 11 }, (_, i) => `field.k${i}=1`).join("&")}`, "At most 10 custom field filters at once"],
])("GET /api/tickets%s is a 400 naming the problem", async (query, error) => {
  const res = await listed(query);
  expect(res.status).toBe(400);
  expect((res.body as { error: string }).error).toBe(error);
});

it("a customer filters their own tickets on the fields shown to them, never on a hidden one", async () => {
  const visible = await listed("?field.order_number=C-3", world.users.end_user);
  expect(visible.status).toBe(200);
  expect(subjects(visible.body)).toEqual(["c"]);
  const others = await listed("?field.order_number=A-1", world.users.end_user);
  expect(subjects(others.body)).toEqual([]);
  const hidden = await listed("?field.plan=Pro", world.users.end_user);
  expect(hidden.status).toBe(400);
  expect((hidden.body as { error: string }).error).toBe('Unknown custom field "plan"');
});

it("another organisation's fields and tickets stay its own", async () => {
  const res = await listed("?field.order_number=A-1", world.users.otherAdmin);
  expect(subjects(res.body)).toEqual(["other"]);
});

it("GET /api/v1/tickets filters alike, and its next page keeps the filter", async () => {
  const token = await apiTokenOf(world.org.id, ["tickets:read"]);
  const res = await apiList(
    makeRequest("/api/v1/tickets?field.plan=Pro&limit=1", {
      headers: { ...token.headers, "x-forwarded-for": "10.1.1.1" },
    }),
    params(),
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { subject: string }[]; next_cursor: string | null };
  expect(body.data).toHaveLength(1);
  expect(res.headers.get("link")).toContain("field.plan=Pro");
  const bad = await apiList(
    makeRequest("/api/v1/tickets?field.nope=1", { headers: { ...token.headers, "x-forwarded-for": "10.1.1.1" } }),
    params(),
  );
  expect(bad.status).toBe(400);
});
