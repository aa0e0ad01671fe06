// A report is kept in memory for as long as no ticket of its organisation changes (as the queue
// counts and the saved views' counts are): a second look costs the database nothing, requests
// arriving together share one reading, a change heard from another process is read afresh, and a
// renamed SLA policy shows its new name even while the figures are kept.
import { GET as summary } from "@/app/api/reports/summary/route";
import { GET as series } from "@/app/api/reports/series/route";
import type { ReportSummary } from "@/lib/schemas/reports";
import type { ReportSeries } from "@/lib/schemas/reports-charts";
import type { SessionUser } from "@/lib/schemas/session-user";
import { keptReport, REPORT_LAG_MS } from "@/lib/services/reports/kept";
import { reportScope } from "@/lib/services/reports/scope";
import { organizationCounts, organizationCountsAt } from "@/lib/services/tickets/counts";
import { createOrg, createUser, nextTicketNumber, sessionCookie } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { until } from "../helpers/session-users";
import { heardSoFar } from "../helpers/heard-so-far";
import { slaPolicyRow } from "../sla/policy-rows";
import { anotherProcess } from "../helpers/another-process";

const other = anotherProcess(organizationCounts);

const today = () => new Date().toISOString().slice(0, 10);

async function team() {
  const org = await createOrg("pro");
  const admin = await createUser(org.id, "org_admin");
  const cookie = await sessionCookie(admin);
  const ticket = async (subject: string) =>
    db.ticket.create({
      data: {
        organizationId: org.id,
        ticketNumber: await nextTicketNumber(org.id),
        subject,
        description: "d",
        customerName: "Casey",
        customerEmail: "casey@x.test",
      },
    });
  return { org, admin, cookie, ticket };
}

/**
 * A new organisation's admin, its counts held (the sidebar's first request reads them, as they
 * are while a team works), and today's report of it, for keptReport itself.
 */
async function todayOfNewTeam() {
  const { org, admin } = await team();
  await heardSoFar(organizationCounts, other);
  const user = { id: admin.id, organizationId: org.id, role: "org_admin" } as SessionUser;
  const scope = await reportScope(user, { from: today(), to: today() });
  await organizationCountsAt(user, new Date());
  return { org, user, scope };
}

async function readSummary(cookie: string, query = `from=${today()}&to=${today()}`) {
  const res = await summary(makeRequest(`/api/reports/summary?${query}`, { headers: { cookie } }), params());
  expect(res.status).toBe(200);
  return (await readJson(res)).body as unknown as ReportSummary;
}

it("answers from memory until a change of the organisation's tickets is heard", async () => {
  const { org, cookie, ticket } = await team();
  await ticket("First");
  await heardSoFar(organizationCounts, other);
  const chart = async () =>
    (
      await readJson(
        await series(
          makeRequest(`/api/reports/series?from=${today()}&to=${today()}`, { headers: { cookie } }),
          params(),
        ),
      )
    ).body as unknown as ReportSeries;
  expect((await readSummary(cookie)).created).toBe(1);
  expect((await chart()).points[0]!.created).toBe(1);

  // A ticket written without announcing itself is not seen: the kept summary answers.
  await other.query(`SET session_replication_role = replica`);
  await other.query(
    `INSERT INTO "Ticket" ("id", "organizationId", "ticketNumber", "subject", "description", "customerName", "customerEmail", "updatedAt")
     VALUES (gen_random_uuid()::text, $1, 9001, 'Quiet', 'd', 'C', 'c@x.test', now())`,
    [org.id],
  );
  await other.query(`SET session_replication_role = DEFAULT`);
  expect((await readSummary(cookie)).created).toBe(1);
  expect((await chart()).points[0]!.created).toBe(1);

  // Another process's change announces itself: heard, and every report of the organisation is read again.
  await other.query(
    `INSERT INTO "Ticket" ("id", "organizationId", "ticketNumber", "subject", "description", "customerName", "customerEmail", "updatedAt")
     VALUES (gen_random_uuid()::text, $1, 9002, 'Loud', 'd', 'C', 'c@x.test', now())`,
    [org.id],
  );
  await heardSoFar(organizationCounts, other);
  expect((await readSummary(cookie)).created).toBe(3);
  expect((await chart()).points[0]!.created).toBe(3);

  // Another range, filter or time base is a report of its own.
  expect((await readSummary(cookie, `from=${today()}&to=${today()}&priority=urgent`)).created).toBe(0);
});

it("keeps each organisation's reports apart and an agent's own figures apart from the team's", async () => {
  const a = await team();
  const b = await team();
  const agent = await createUser(a.org.id, "agent");
  await a.ticket("A");
  await heardSoFar(organizationCounts, other);
  expect((await readSummary(a.cookie)).created).toBe(1);
  expect((await readSummary(await sessionCookie(agent))).created).toBe(0);
  expect((await readSummary(b.cookie)).created).toBe(0);
});

it("reads once for the requests that arrive together, and keeps no failed reading", async () => {
  const { user, scope } = await todayOfNewTeam();
  let readings = 0;
  const read = async () => {
    readings += 1;
    return readings;
  };
  const together = await Promise.all([1, 2, 3].map(() => keptReport(user, "test", scope, null, read)));
  expect(together).toEqual([1, 1, 1]);
  expect(readings).toBe(1);

  const failing = () => Promise.reject(new Error("the database went away"));
  await expect(keptReport(user, "failing", scope, null, failing)).rejects.toThrow("went away");
  expect(await keptReport(user, "failing", scope, null, read)).toBe(2);
});

it("while a reading is in flight after a change, answers with the last one answered, if recent", async () => {
  const { org, user, scope } = await todayOfNewTeam();
  const ends = new Map<number, () => void>();
  let readings = 0;
  const read = () =>
    new Promise<number>((resolve) => {
      const reading = ++readings;
      if (reading === 1) resolve(reading);
      else ends.set(reading, () => resolve(reading));
    });
  expect(await keptReport(user, "lagging", scope, null, read)).toBe(1);

  // A change: the next request waits for a reading begun after it (a lead sees their own change).
  organizationCounts.forget(org.id);
  await organizationCountsAt(user, new Date());
  const own = keptReport(user, "lagging", scope, null, read);
  await until(() => readings === 2, "a reading after the change starts");
  // Another change while that reading is in flight: the last answered, begun moments ago, answers
  // at once, and one more reading waits for the one in flight.
  organizationCounts.forget(org.id);
  await organizationCountsAt(user, new Date());
  expect(await keptReport(user, "lagging", scope, null, read)).toBe(1);
  ends.get(2)!();
  expect(await own).toBe(2);
  await until(() => readings === 3, "the waiting reading starts once the one in flight ended");
  // Once the last answered began too long ago, a request waits for the reading in flight.
  organizationCounts.forget(org.id);
  await organizationCountsAt(user, new Date());
  const late = keptReport(user, "lagging", scope, null, read, Date.now() + REPORT_LAG_MS);
  ends.get(3)!();
  await until(() => readings === 4, "a reading after the latest change starts");
  ends.get(4)!();
  expect(await late).toBe(4);
});

it("asked after a change past the lag, waits for the reading in flight to end and shares the next one", async () => {
  const { org, user, scope } = await todayOfNewTeam();
  const ends: (() => void)[] = [];
  let readings = 0;
  const read = () =>
    new Promise<number>((resolve) => {
      const reading = ++readings;
      ends.push(() => resolve(reading));
    });
  const before = keptReport(user, "gated", scope, null, read);
  await until(() => readings === 1, "the first reading starts");

  // A change is heard while it is in flight: a report asked now must show it, so it cannot be
  // that reading, and the requests asked meanwhile do not each start one of their own.
  organizationCounts.forget(org.id);
  await organizationCountsAt(user, new Date());
  const later = Date.now() + REPORT_LAG_MS;
  const after = [1, 2, 3].map(() => keptReport(user, "gated", scope, null, read, later));
  await new Promise((resolve) => setImmediate(resolve));
  expect(readings).toBe(1);
  ends[0]!();
  expect(await before).toBe(1);
  await until(() => readings === 2, "the next reading starts once the first ended");
  ends[1]!();
  expect(await Promise.all(after)).toEqual([2, 2, 2]);
  expect(readings).toBe(2);
});

it("names each SLA policy as it is now, however long its figures have been kept", async () => {
  const { org, cookie, ticket } = await team();
  const policy = await slaPolicyRow(org.id, "Gold");
  const made = await ticket("Fast");
  const now = new Date();
  await db.ticketSlaTarget.create({
    data: {
      ticketId: made.id,
      organizationId: org.id,
      target: "first_response",
      slaPolicyId: policy.id,
      minutes: 60,
      startedAt: now,
      dueAt: new Date(now.getTime() + 3_600_000),
      metAt: now,
    },
  });
  await heardSoFar(organizationCounts, other);
  const first = await readSummary(cookie);
  expect(first.slaCompliance).toEqual({ met: 1, breached: 0 });
  expect(first.slaByPolicy).toEqual([{ policyId: policy.id, name: "Gold", met: 1, breached: 0 }]);

  // Renaming a policy changes no ticket: the figures stay kept, the name is read afresh.
  await db.slaPolicy.update({ where: { id: policy.id }, data: { name: "Platinum", nameKey: "platinum" } });
  const renamed = await readSummary(cookie);
  expect(renamed.slaByPolicy).toEqual([{ policyId: policy.id, name: "Platinum", met: 1, breached: 0 }]);
});
