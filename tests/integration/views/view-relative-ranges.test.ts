// Saved views keep relative ranges as written ("created in the last 24 hours" stays so), and
// their counts follow the clock: a view of a time ago is counted afresh, a view of today is
// kept until the organisation's midnight, while a view of fixed dates is kept until a ticket
// changes. Counted through countViews with the `now` the sidebar's call would take.
import pg from "pg";
import { GET as list, POST as create } from "@/app/api/views/route";
import { usersById } from "@/lib/auth/session";
import { countViews } from "@/lib/services/views/counts";
import { listener } from "@/lib/server/live-listener";
import { organizationCounts } from "@/lib/services/tickets/counts";
import { env } from "@/lib/server/env";
import type { SavedView, SavedViewList } from "@/lib/schemas/views";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";
import { until } from "../helpers/session-users";
import { heardSoFar } from "../helpers/heard-so-far";

const HOUR = 3_600_000;
let other: pg.Client;
let org: { id: string };
let agent: { id: string; sessionVersion: number };
let cookie: string;
let n = 0;

// Far enough from now that no queue window (24 hours, 7 days) or SLA time moves meanwhile.
const NOW = new Date("2026-12-07T12:00:00Z");

async function ticket(createdAt: Date, updatedAt = createdAt) {
  n += 1;
  return db.ticket.create({
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
}

async function save(name: string, filters: Record<string, string>) {
  const res = await create(
    makeRequest("/api/views", { method: "POST", body: { name, filters }, headers: { cookie } }),
    params(),
  );
  return { status: res.status, body: (await res.json()) as SavedView & { error?: string } };
}

async function countsAt(now: Date): Promise<Record<string, number | undefined>> {
  const user = (await usersById([agent.id])).get(agent.id)!;
  const views = await db.savedView.findMany({ where: { organizationId: org.id } });
  const counted = await countViews(
    user,
    views.map((v) => ({ id: v.id, filters: v.filters as Record<string, string> })),
    now,
  );
  return Object.fromEntries(views.map((v) => [v.name, counted.get(v.id)?.count]));
}

/** A change no process hears of (as a restore or a script with triggers off would make it). */
async function silently(sql: string, values: unknown[]) {
  await other.query(`SET session_replication_role = replica`);
  await other.query(sql, values);
  await other.query(`SET session_replication_role = DEFAULT`);
}

beforeAll(async () => {
  await resetDatabase();
  other = new pg.Client({ connectionString: env.databaseUrl });
  await other.connect();
  await listener.ensure();
  await until(() => organizationCounts.isActive, "this process listens");
  org = await createOrg("pro");
  agent = await createUser(org.id, "agent");
  cookie = await sessionCookie(agent);
  await db.businessCalendar.updateMany({
    where: { organizationId: org.id, isDefault: true },
    data: { timeZone: "Australia/Sydney" },
  });
});
afterAll(() => other.end());

it("keeps the bounds as written and says so in the list of views", async () => {
  const saved = await save("Last day", { createdFrom: "-24h", updatedTo: "today" });
  expect(saved.status).toBe(201);
  expect(saved.body.filters).toEqual({ createdFrom: "-24h", updatedTo: "today" });
  const body = (await (
    await list(makeRequest("/api/views", { headers: { cookie } }), params())
  ).json()) as SavedViewList;
  expect(body.views.find((v) => v.name === "Last day")?.filters).toEqual({ createdFrom: "-24h", updatedTo: "today" });
  await db.savedView.deleteMany({ where: { organizationId: org.id } });
});

it.each([
  [
    { createdFrom: "-1w" },
    "createdFrom must be a date (YYYY-MM-DD), an ISO time, today, or a time ago such as -24h or -7d",
  ],
  [{ updatedFrom: "-7d", updatedTo: "-8d" }, "updatedFrom must not be after updatedTo"],
  // Sydney's 3 December starts at 13:00 UTC on the 2nd.
  [{ createdFrom: "2026-12-03", createdTo: "2026-12-02T12:00:00Z" }, "createdFrom must not be after createdTo"],
])("refuses a view of %j (400)", async (filters, error) => {
  const res = await save("Bad", filters);
  expect(res.status).toBe(400);
  expect(res.body.error).toBe(error);
});

it("counts a relative view afresh as time passes, a view of today until Sydney's midnight", async () => {
  // Created 22 hours before NOW: 01:00 on 7 December in Sydney (UTC+11); not changed since.
  const made = await ticket(new Date(NOW.getTime() - 22 * HOUR));
  await save("Created in the last 24 hours", { createdFrom: "-24h" });
  await save("Not updated in 24 hours", { updatedTo: "-24h" });
  await save("Created today", { createdFrom: "today" });
  await save("Created on 7 December", { createdFrom: "2026-12-07", createdTo: "2026-12-07" });

  // At NOW (23:00 in Sydney) it is the day's ticket.
  expect(await countsAt(NOW)).toEqual({
    "Created in the last 24 hours": 1,
    "Not updated in 24 hours": 0,
    "Created today": 1,
    "Created on 7 December": 1,
  });

  // Three hours on, with no ticket changing: it left the last 24 hours and has waited over 24
  // hours, and Sydney's 7 December ended at 13:00 UTC.
  const later = new Date(NOW.getTime() + 3 * HOUR);
  expect(await countsAt(later)).toEqual({
    "Created in the last 24 hours": 0,
    "Not updated in 24 hours": 1,
    "Created today": 0,
    "Created on 7 December": 1,
  });

  // A change nobody hears of, to 00:30 on 9 December in Sydney: a time ago's counts are read
  // afresh and see it; the fixed dates' count is the kept one; today's is kept until Sydney's
  // next midnight (13:00 UTC on the 8th) and read again from then.
  await heardSoFar(organizationCounts, other);
  await silently(`UPDATE "Ticket" SET "createdAt" = $1, "updatedAt" = $1 WHERE "id" = $2`, [
    new Date("2026-12-08T13:30:00Z"),
    made.id,
  ]);
  expect(await countsAt(later)).toEqual({
    "Created in the last 24 hours": 1,
    "Not updated in 24 hours": 0,
    "Created today": 0,
    "Created on 7 December": 1,
  });
  expect((await countsAt(new Date("2026-12-08T12:59:59.999Z")))["Created today"]).toBe(0);
  expect(await countsAt(new Date("2026-12-08T13:00:00Z"))).toEqual({
    "Created in the last 24 hours": 1,
    "Not updated in 24 hours": 0,
    "Created today": 1,
    "Created on 7 December": 1,
  });
});
