// Relative created / updated ranges (issue 62, views): a bound may be a time ago (-24h, -7d,
// before the moment the list is read) or today, and a day is the organisation's day in its
// default calendar's time zone, not UTC's. GET /api/tickets?createdFrom=-7d&updatedTo=-24h.
import { rangeStart } from "@/lib/tickets/range-bounds";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { listTickets } from "../helpers/ticket-list";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();

let org: { id: string };
let agent: { id: string; sessionVersion: number };
let n = 0;

async function ticket(createdAt: Date, updatedAt = createdAt) {
  n += 1;
  await db.ticket.create({
    data: {
      organizationId: org.id,
      ticketNumber: n,
      subject: `Ticket ${n}`,
      description: "d",
      customerName: "c",
      customerEmail: "c@x.test",
      createdAt,
      updatedAt,
    },
  });
  return n;
}

const numbers = async (query: string) => {
  const res = await listTickets(agent, `${query}&limit=200`);
  expect([query, res.status]).toEqual([query, 200]);
  return res.body.map((t) => t.ticketNumber).sort((a, b) => a - b);
};

const refused = async (query: string) => {
  const res = await listTickets(agent, query);
  expect(res.status).toBe(400);
  return res.body.error;
};

const setZone = (timeZone: string) =>
  db.businessCalendar.updateMany({ where: { organizationId: org.id, isDefault: true }, data: { timeZone } });

let t: Record<string, number>;

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg("pro");
  agent = await createUser(org.id, "agent");
  await setZone("Australia/Sydney");
  const ago = (ms: number) => new Date(now - ms);
  t = {
    twoHours: await ticket(ago(2 * HOUR)),
    thirtyHours: await ticket(ago(30 * HOUR)),
    threeDays: await ticket(ago(3 * DAY), ago(50 * HOUR)),
    tenDays: await ticket(ago(10 * DAY)),
    // Old, but changed an hour ago.
    fortyDays: await ticket(ago(40 * DAY), ago(HOUR)),
    // 00:30 on 3 November in Sydney (summer time, UTC+11), still 2 November in UTC.
    sydneyThird: await ticket(new Date("2026-11-02T13:30:00Z")),
    // 23:30 on 2 November in Sydney.
    sydneySecond: await ticket(new Date("2026-11-02T12:30:00Z")),
  };
});

describe("a time ago", () => {
  it("lists what was created in the last hours or days", async () => {
    expect(await numbers("?createdFrom=-24h")).toEqual([t.twoHours]);
    expect(await numbers("?createdFrom=-7d")).toEqual([t.twoHours, t.thirtyHours, t.threeDays]);
    expect(await numbers("?createdFrom=-30d")).toEqual([t.twoHours, t.thirtyHours, t.threeDays, t.tenDays]);
  });

  it("as an upper bound lists what has not changed since (not updated in 24 hours, 7 days)", async () => {
    const old = [t.sydneyThird, t.sydneySecond];
    expect(await numbers("?updatedTo=-24h")).toEqual(
      [t.thirtyHours, t.threeDays, t.tenDays, ...old].sort((a, b) => a - b),
    );
    expect(await numbers("?updatedTo=-7d")).toEqual([t.tenDays, ...old].sort((a, b) => a - b));
  });

  it("makes a window between two times ago", async () => {
    expect(await numbers("?createdFrom=-7d&createdTo=-24h")).toEqual([t.thirtyHours, t.threeDays]);
    expect(await numbers("?createdFrom=-60d&updatedFrom=-3h")).toEqual([t.twoHours, t.fortyDays]);
  });
});

describe("days in the organisation's time zone", () => {
  it("reads a date as Sydney's whole day, not UTC's", async () => {
    expect(await numbers("?createdFrom=2026-11-03&createdTo=2026-11-03")).toEqual([t.sydneyThird]);
    expect(await numbers("?createdFrom=2026-11-02&createdTo=2026-11-02")).toEqual([t.sydneySecond]);
  });

  it("reads the same dates as UTC's days once the default calendar is in UTC", async () => {
    await setZone("UTC");
    try {
      expect(await numbers("?createdFrom=2026-11-02&createdTo=2026-11-02")).toEqual([t.sydneyThird, t.sydneySecond]);
      expect(await numbers("?createdFrom=2026-11-03&createdTo=2026-11-03")).toEqual([]);
    } finally {
      await setZone("Australia/Sydney");
    }
  });

  it("reads today from the start of Sydney's day", async () => {
    const start = rangeStart({ kind: "today" }, { now: new Date(), timeZone: "Australia/Sydney" });
    const first = await ticket(start);
    const before = await ticket(new Date(start.getTime() - 1));
    const listed = await numbers("?createdFrom=today");
    expect(listed).toContain(first);
    expect(listed).not.toContain(before);
    expect(await numbers("?createdTo=today")).toContain(before);
    await db.ticket.deleteMany({ where: { organizationId: org.id, ticketNumber: { in: [first, before] } } });
  });
});

describe("malformed bounds and ranges that end before they start", () => {
  it.each([
    [
      "?createdFrom=-0h",
      "createdFrom must be a date (YYYY-MM-DD), an ISO time, today, or a time ago such as -24h or -7d",
    ],
    [
      "?createdFrom=-7",
      "createdFrom must be a date (YYYY-MM-DD), an ISO time, today, or a time ago such as -24h or -7d",
    ],
    ["?updatedTo=7d", "updatedTo must be a date (YYYY-MM-DD), an ISO time, today, or a time ago such as -24h or -7d"],
    [
      "?updatedFrom=Today",
      "updatedFrom must be a date (YYYY-MM-DD), an ISO time, today, or a time ago such as -24h or -7d",
    ],
    ["?createdFrom=-9000h", "createdFrom may reach back at most 8784 hours (-8784h)"],
    ["?createdTo=-4000d", "createdTo may reach back at most 3660 days (-3660d)"],
    ["?createdFrom=-24h&createdTo=-7d", "createdFrom must not be after createdTo"],
    ["?updatedFrom=-2h&updatedTo=-3h", "updatedFrom must not be after updatedTo"],
    // Sydney's 3 November starts at 13:00 UTC on the 2nd: an end at noon UTC comes before it.
    ["?createdFrom=2026-11-03&createdTo=2026-11-02T12:00:00Z", "createdFrom must not be after createdTo"],
    ["?updatedFrom=2026-11-03T10:00:00Z&updatedTo=2026-11-02", "updatedFrom must not be after updatedTo"],
  ])("refuses %s", async (query, error) => {
    expect(await refused(query)).toBe(error);
  });

  it("compares a day with an instant in the zone: in Sydney this range holds a ticket", async () => {
    expect(await numbers("?createdFrom=2026-11-03&createdTo=2026-11-02T14:00:00Z")).toEqual([t.sydneyThird]);
  });

  it("never refuses a day against a time ago: such a range may hold tickets later", async () => {
    expect(await numbers("?createdFrom=2099-01-01&createdTo=-1h")).toEqual([]);
  });
});
