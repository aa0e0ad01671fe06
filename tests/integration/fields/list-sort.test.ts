import { GET as list } from "@/app/api/tickets/route";
import { GET as listViews, POST as createView } from "@/app/api/views/route";
import { listener } from "@/lib/server/live-listener";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// GET /api/tickets?sort=field.<key> lists the tickets by a custom field's value, lowest first
// (-field.<key>: highest first): numbers by number, dates by date, No before Yes, tickets without
// a value last either way, newest first. Pages follow each other through keyset cursors, across
// the end of the valued tickets too; long text and multi-select fields have no order (400).

type User = { id: string; sessionVersion: number };
const cookie = async (user: User) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;

// name, values, minutes ago it was raised (the larger, the older)
const TICKETS: [string, Record<string, unknown>, number][] = [
  ["t1", { ref: "b", seats: 10, score: 2.5, due: "2026-01-05", vip: true, plan: "Pro", notes: "x" }, 60],
  ["t2", { ref: "a", seats: 9, score: 10.25, due: "2025-12-31", vip: false, plan: "Basic", areas: ["API"] }, 50],
  ["t3", { ref: "C", seats: 100, score: -1, due: "2026-02-01", vip: true, plan: "Enterprise" }, 40],
  ["t4", {}, 30],
  ["t5", { ref: "a", seats: 9, score: 3, due: "2026-01-05", vip: false, plan: "Pro" }, 20],
  ["t6", { notes: "only a note" }, 10],
];

beforeAll(async () => {
  world = await freshTwoTenants();
  const organizationId = world.org.id;
  await db.customField.createMany({
    data: [
      { organizationId, key: "ref", label: "Reference", type: "text", position: 0, customerVisible: true },
      { organizationId, key: "seats", label: "Seats", type: "number", position: 1 },
      { organizationId, key: "score", label: "Score", type: "decimal", position: 2 },
      { organizationId, key: "due", label: "Due", type: "date", position: 3 },
      { organizationId, key: "vip", label: "VIP", type: "checkbox", position: 4 },
      {
        organizationId,
        key: "plan",
        label: "Plan",
        type: "dropdown",
        options: ["Basic", "Pro", "Enterprise"],
        position: 5,
      },
      { organizationId, key: "notes", label: "Notes", type: "long_text", position: 6 },
      { organizationId, key: "areas", label: "Areas", type: "multi_select", options: ["API", "Web"], position: 7 },
    ],
  });
  await db.customField.create({
    data: { organizationId: world.other.id, key: "seats", label: "Seats", type: "number", position: 0 },
  });
  let n = 1;
  for (const [name, customFields, ago] of TICKETS) {
    const at = new Date(Date.now() - ago * 60_000);
    await db.ticket.create({
      data: {
        organizationId,
        ticketNumber: n++,
        subject: `Ticket ${name}`,
        description: "d",
        customerName: "C",
        customerEmail: name === "t1" || name === "t4" ? world.users.end_user.email : "c@x.test",
        customFields: customFields as object,
        createdAt: at,
        updatedAt: at,
      },
    });
  }
  await db.ticket.create({
    data: {
      organizationId: world.other.id,
      ticketNumber: 1,
      subject: "Ticket other",
      description: "d",
      customerName: "C",
      customerEmail: "c@x.test",
      customFields: { seats: 1 },
    },
  });
});
afterAll(() => listener.stop());

async function listed(query: string, user: User = world.users.agent) {
  const res = await list(makeRequest(`/api/tickets${query}`, { headers: await cookie(user) }), params());
  const cursor = res.headers.get("x-next-cursor");
  return { ...(await readJson(res)), cursor };
}
const names = (body: unknown) => (body as { subject: string }[]).map((t) => t.subject.replace("Ticket ", ""));

/** Every page of a sort, `limit` at a time, through the cursors. */
async function allPages(sort: string, limit: number, user: User = world.users.agent) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 10; page++) {
    const res = await listed(`?sort=${sort}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, user);
    expect(res.status).toBe(200);
    seen.push(...names(res.body));
    cursor = res.cursor;
    if (!cursor) return seen;
  }
  throw new Error("more pages than tickets");
}

it.each([
  // Ties (t2 and t5 hold the same) oldest first lowest first, and the reverse highest first.
  ["field.seats", ["t2", "t5", "t1", "t3", "t6", "t4"]],
  ["-field.seats", ["t3", "t1", "t5", "t2", "t6", "t4"]],
  ["field.score", ["t3", "t1", "t5", "t2", "t6", "t4"]],
  ["-field.score", ["t2", "t5", "t1", "t3", "t6", "t4"]],
  ["field.due", ["t2", "t1", "t5", "t3", "t6", "t4"]],
  ["-field.due", ["t3", "t5", "t1", "t2", "t6", "t4"]],
  ["field.vip", ["t2", "t5", "t1", "t3", "t6", "t4"]],
  ["-field.vip", ["t3", "t1", "t5", "t2", "t6", "t4"]],
  ["field.plan", ["t2", "t3", "t1", "t5", "t6", "t4"]],
  ["-field.plan", ["t5", "t1", "t3", "t2", "t6", "t4"]],
  // Text by its characters as the database orders them (capitals before small letters).
  ["field.ref", ["t3", "t2", "t5", "t1", "t6", "t4"]],
  ["-field.ref", ["t1", "t5", "t2", "t3", "t6", "t4"]],
])("GET /api/tickets?sort=%s lists by the value, tickets without one last", async (sort, expected) => {
  const res = await listed(`?sort=${sort}`);
  expect(res.status).toBe(200);
  expect(names(res.body)).toEqual(expected);
  // The same order one and two at a time: each page starts after its cursor, across the end of the valued tickets.
  expect(await allPages(sort, 1)).toEqual(expected);
  expect(await allPages(sort, 2)).toEqual(expected);
});

it("sorts what the other filters and the search leave, in the same order", async () => {
  expect(names((await listed("?sort=field.seats&field.plan=Pro")).body)).toEqual(["t5", "t1"]);
  expect(names((await listed("?sort=-field.seats&q=ticket%20t")).body)).toEqual(["t3", "t1", "t5", "t2", "t6", "t4"]);
  expect(names((await listed("?sort=field.seats&field.ref=a&field.vip=false")).body)).toEqual(["t2", "t5"]);
});

it.each([
  ["field.notes", "The list cannot be sorted by Notes: a long text field has no order"],
  ["field.areas", "The list cannot be sorted by Areas: a multi-select field has no order"],
  ["field.nope", 'Unknown custom field "nope"'],
  ["field.Bad", "Unknown sort"],
  ["fields.seats", "Unknown sort"],
])("GET /api/tickets?sort=%s is a 400 naming the problem", async (sort, error) => {
  const res = await listed(`?sort=${sort}`);
  expect(res.status).toBe(400);
  expect((res.body as { error: string }).error).toBe(error);
});

it("refuses a tampered cursor or one of another order", async () => {
  const first = await listed("?sort=field.seats&limit=2");
  expect(first.cursor).toBeTruthy();
  const key = JSON.parse(Buffer.from(first.cursor!, "base64url").toString()) as unknown[];
  const forged = (k: unknown[]) => Buffer.from(JSON.stringify(k)).toString("base64url");
  for (const cursor of [
    "not-a-cursor",
    forged(["field.seats", 1, { $gt: 1 }, key[3], key[4]]),
    forged(["field.seats", 2, key[2], key[3], key[4]]),
    forged(["field.seats", 1, key[2], "yesterday", key[4]]),
    forged(["field.seats", 0, 9, key[3], key[4]]),
    forged(["field.seats", 1, key[2], key[3], ""]),
  ]) {
    const res = await listed(`?sort=field.seats&limit=2&cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toBe("Invalid cursor");
  }
  const other = await listed(`?sort=-field.seats&limit=2&cursor=${first.cursor}`);
  expect(other.status).toBe(400);
});

it("a customer sorts their own tickets by a field shown to them, never by a hidden one", async () => {
  expect(await allPages("field.ref", 1, world.users.end_user)).toEqual(["t1", "t4"]);
  const hidden = await listed("?sort=field.seats", world.users.end_user);
  expect(hidden.status).toBe(400);
  expect((hidden.body as { error: string }).error).toBe('Unknown custom field "seats"');
});

it("another organisation sorts only its own tickets", async () => {
  const res = await listed("?sort=-field.seats", world.users.otherAdmin);
  expect(names(res.body)).toEqual(["other"]);
});

it("a saved view keeps a field's order, and refuses one the list cannot sort by", async () => {
  const headers = await cookie(world.users.agent);
  const post = async (body: unknown) =>
    readJson(await createView(makeRequest("/api/views", { method: "POST", body, headers }), params()));
  const made = await post({ name: "Most seats", filters: { "field.plan": "Pro" }, sort: "-field.seats" });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ sort: "-field.seats", count: 2 });
  const views = await readJson(await listViews(makeRequest("/api/views", { headers }), params()));
  expect((views.body as { views: { name: string; sort: string }[] }).views).toContainEqual(
    expect.objectContaining({ name: "Most seats", sort: "-field.seats" }),
  );
  const refused = await post({ name: "By notes", sort: "field.notes" });
  expect(refused.status).toBe(400);
  expect((refused.body as { error: string }).error).toBe(
    "The list cannot be sorted by Notes: a long text field has no order",
  );
  expect((await post({ name: "Odd", sort: "field.Bad" })).status).toBe(400);
});
