import pg from "pg";
import { GET as list } from "@/app/api/tickets/route";
import { listener } from "@/lib/server/live-listener";
import { createOrg, createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// The list ordered by a custom field reads the field's rows a batch at a time: as many as the page
// holds (the page and one more, which tells whether another page follows), then four times the
// batch before, each from the last row read. When the list's other conditions (here the status)
// drop most valued tickets, a page takes a second and a third batch and is still exactly the
// page the order gives, in both directions and across the end of the valued tickets.

let world: TwoTenants;

// Forty tickets hold a number of seats (1 to 40, the older the fewer); three of them are open,
// at seats 2, 10 and 30; two open tickets hold no value. With pages of 2, a batch reads 3 rows,
// then 12, then 48: seats 2 is in the first, 10 in the second, 30 only in the third.
const OPEN_VALUED = [2, 10, 30];
// The organisation's customer raised two of them.
const CUSTOMERS_TICKETS = ["s7", "s33"];

beforeAll(async () => {
  world = await freshTwoTenants();
  for (const organizationId of [world.org.id, world.other.id])
    await db.customField.create({
      data: { organizationId, key: "seats", label: "Seats", type: "number", position: 0, customerVisible: true },
    });
  const now = Date.now();
  const tickets = [
    ...Array.from({ length: 40 }, (_, i) => ({
      name: `s${i + 1}`,
      customFields: { seats: i + 1 },
      status: OPEN_VALUED.includes(i + 1) ? ("open" as const) : ("closed" as const),
      ago: 1000 - i,
    })),
    { name: "u1", customFields: {}, status: "open" as const, ago: 20 },
    { name: "u2", customFields: {}, status: "open" as const, ago: 10 },
  ];
  let n = 1;
  for (const t of tickets) {
    const at = new Date(now - t.ago * 60_000);
    await db.ticket.create({
      data: {
        organizationId: world.org.id,
        ticketNumber: n++,
        subject: `Ticket ${t.name}`,
        description: "d",
        customerName: "C",
        customerEmail: CUSTOMERS_TICKETS.includes(t.name) ? world.users.end_user.email : "c@x.test",
        status: t.status,
        customFields: t.customFields,
        createdAt: at,
        updatedAt: at,
      },
    });
  }
  // The other organisation's open tickets hold every number in between: were its rows read into
  // a batch, the batches would end elsewhere and its tickets would fill the pages.
  for (let i = 1; i <= 40; i++)
    await db.ticket.create({
      data: {
        organizationId: world.other.id,
        ticketNumber: i,
        subject: `Other ${i}`,
        description: "d",
        customerName: "C",
        customerEmail: "c@x.test",
        customFields: { seats: i + 0.5 },
        createdAt: new Date(now - (2000 - i) * 60_000),
      },
    });
});
afterAll(() => listener.stop());

// The statements a request sends, as node-postgres (the driver under Prisma's adapter) sees them.
const sent: string[] = [];
const originalQuery = pg.Client.prototype.query;
beforeEach(() => {
  sent.length = 0;
  jest.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const [config] = args as [string | { text?: string }];
    const text = typeof config === "string" ? config : config?.text;
    if (text) sent.push(text);
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query);
});
afterEach(() => jest.restoreAllMocks());

/** The list statements that joined a batch of the field's rows to their tickets. */
const batchReads = () => sent.filter((t) => /FROM \(SELECT "ticketId"[\s\S]*LIMIT \d+\s*\) AS "fieldRows"/.test(t));

async function page(query: string, user: { id: string; sessionVersion: number } = world.users.agent) {
  const headers = { cookie: await sessionCookie(user) };
  const res = await list(makeRequest(`/api/tickets${query}`, { headers }), params());
  const cursor = res.headers.get("x-next-cursor");
  const { status, body } = await readJson(res);
  expect(status).toBe(200);
  return { names: (body as unknown as { subject: string }[]).map((t) => t.subject.replace("Ticket ", "")), cursor };
}

it.each([
  ["field.seats", ["s2", "s10"], ["s30", "u2"], ["u1"]],
  ["-field.seats", ["s30", "s10"], ["s2", "u2"], ["u1"]],
])(
  "GET /api/tickets?sort=%s&status=open reads on batch after batch until the page is full",
  async (sort, first, second, third) => {
    const one = await page(`?sort=${sort}&status=open&limit=2`);
    expect(one.names).toEqual(first);
    // Lowest first: seats 2 from the first batch, 10 from the second, and the third finds 30, which
    // tells that another page follows. Highest first: none in the first (40 to 38), 30 in the
    // second (37 to 26), 10 and 2 in the third.
    expect(batchReads()).toHaveLength(3);

    sent.length = 0;
    const two = await page(`?sort=${sort}&status=open&limit=2&cursor=${one.cursor}`);
    // From the cursor on, the last valued ticket and then the first of those without a value.
    expect(two.names).toEqual(second);
    expect(batchReads().length).toBeGreaterThan(1);

    sent.length = 0;
    const three = await page(`?sort=${sort}&status=open&limit=2&cursor=${two.cursor}`);
    // A cursor in the tickets without a value reads no field rows at all.
    expect(three.names).toEqual(third);
    expect(three.cursor).toBeNull();
    expect(batchReads()).toEqual([]);
  },
);

it("a page the first batch fills takes one statement", async () => {
  const res = await page("?sort=field.seats&limit=5");
  expect(res.names).toEqual(["s1", "s2", "s3", "s4", "s5"]);
  expect(batchReads()).toHaveLength(1);
});

it("the batches read only the organisation's own rows", async () => {
  const all = await page("?sort=field.seats&status=open&limit=10");
  expect(all.names).toEqual(["s2", "s10", "s30", "u2", "u1"]);
  expect(all.cursor).toBeNull();
  const headers = { cookie: await sessionCookie(world.users.otherAdmin) };
  const res = await readJson(await list(makeRequest("/api/tickets?sort=-field.seats&limit=3", { headers }), params()));
  expect((res.body as unknown as { subject: string }[]).map((t) => t.subject)).toEqual([
    "Other 40",
    "Other 39",
    "Other 38",
  ]);
});

it("a customer's own tickets are read whole and sorted, not in batches of the organisation's rows", async () => {
  const one = await page("?sort=-field.seats&limit=1", world.users.end_user);
  expect(one.names).toEqual(["s33"]);
  const two = await page(`?sort=-field.seats&limit=1&cursor=${one.cursor}`, world.users.end_user);
  expect(two.names).toEqual(["s7"]);
  expect(two.cursor).toBeNull();
  expect(batchReads()).toEqual([]);
  expect(sent.some((t) => /FROM "Ticket" JOIN \(SELECT "ticketId"/.test(t))).toBe(true);
});

it("a filter too selective for three batches has the rest of its page read by one statement planned for it", async () => {
  // A hundred tickets hold seats 1 to 100, only seats 90 open: pages of 1 read batches of 2, 8
  // and 32 rows (to seats 42), then the rest in one statement through the list's own indexes.
  const org = await createOrg("pro");
  const agent = await createUser(org.id, "agent");
  await db.customField.create({
    data: { organizationId: org.id, key: "seats", label: "Seats", type: "number", position: 0 },
  });
  const now = Date.now();
  for (let seats = 1; seats <= 100; seats++)
    await db.ticket.create({
      data: {
        organizationId: org.id,
        ticketNumber: seats,
        subject: `Ticket s${seats}`,
        description: "d",
        customerName: "C",
        customerEmail: "c@x.test",
        status: seats === 90 ? "open" : "closed",
        customFields: { seats },
        createdAt: new Date(now - (1000 - seats) * 60_000),
      },
    });
  const res = await page("?sort=field.seats&status=open&limit=1", agent);
  expect(res.names).toEqual(["s90"]);
  expect(res.cursor).toBeNull();
  expect(batchReads()).toHaveLength(3);
  expect(sent.filter((t) => /FROM "Ticket" JOIN \(SELECT "ticketId"/.test(t))).toHaveLength(1);
});
