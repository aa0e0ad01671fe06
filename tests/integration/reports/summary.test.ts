import { GET as summary } from "@/app/api/reports/summary/route";
import type { ReportFigures, ReportSummary } from "@/lib/schemas/reports";
import { REPORT_DAY_INVALID, REPORT_RANGE_ORDER, REPORT_RANGE_TOO_LONG } from "@/lib/schemas/reports";
import { createUser, freshTwoTenants, nextTicketNumber, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// GET /api/reports/summary against a direct count over the seeded tickets (docs/design/reports.md).

type User = { id: string; sessionVersion: number };
let world: TwoTenants;
let second: User;
let groupId: string;
let tagId: string;

const at = (iso: string) => new Date(iso);
const minutes = (n: number) => n * 60_000;

type Seed = {
  created: string;
  status?: "open" | "pending" | "in_progress" | "resolved" | "closed";
  respondedAfter?: number;
  solvedAfter?: number;
  reopenedAt?: string;
  assignee?: "agent" | "second" | null;
  priority?: "urgent" | "high" | "medium" | "low";
  grouped?: boolean;
  tagged?: boolean;
  entrance?: "agent" | "api" | "portal" | "email";
  plan?: string;
  rating?: "good" | "bad";
  sla?: "met" | "breached" | "running";
};

async function seed(organizationId: string, s: Seed) {
  const createdAt = at(s.created);
  const solvedAt = s.solvedAfter === undefined ? null : new Date(createdAt.getTime() + minutes(s.solvedAfter));
  const status = s.status ?? (solvedAt && !s.reopenedAt ? "resolved" : "open");
  const assignee = s.assignee === undefined ? "agent" : s.assignee;
  const ticket = await db.ticket.create({
    data: {
      organizationId,
      ticketNumber: await nextTicketNumber(organizationId),
      subject: "Report",
      description: "d",
      customerName: "Casey",
      customerEmail: "casey@x.test",
      status,
      priority: s.priority ?? "medium",
      assignedToId: assignee === null ? null : assignee === "second" ? second.id : world.users.agent.id,
      groupId: s.grouped ? groupId : null,
      tagIds: s.tagged ? [tagId] : [],
      entrance: s.entrance ?? "agent",
      customFields: s.plan ? { plan: s.plan } : {},
      createdAt,
      updatedAt: createdAt,
      firstRespondedAt:
        s.respondedAfter === undefined ? null : new Date(createdAt.getTime() + minutes(s.respondedAfter)),
      solvedAt,
      firstSolvedAt: solvedAt,
      resolvedAt: status === "resolved" ? solvedAt : null,
      reopenedAt: s.reopenedAt ? at(s.reopenedAt) : null,
      reopenCount: s.reopenedAt ? 1 : 0,
    },
  });
  if (s.rating)
    await db.satisfactionRating.create({
      data: {
        organizationId,
        ticketId: ticket.id,
        score: s.rating,
        ratedAt: solvedAt ?? createdAt,
        updatedAt: solvedAt ?? createdAt,
      },
    });
  if (s.sla)
    await db.ticketSlaTarget.create({
      data: {
        organizationId,
        ticketId: ticket.id,
        target: "first_response",
        minutes: 60,
        startedAt: createdAt,
        dueAt: new Date(createdAt.getTime() + minutes(60)),
        metAt: s.sla === "running" ? null : new Date(createdAt.getTime() + minutes(30)),
        breachedAt: s.sla === "breached" ? new Date(createdAt.getTime() + minutes(60)) : null,
      },
    });
  return ticket;
}

// November 2026 in New York (the organisation's zone), and October before it.
const SEEDS: Seed[] = [
  { created: "2026-11-02T15:00:00Z", respondedAfter: 10, solvedAfter: 100, rating: "good", sla: "met", tagged: true },
  { created: "2026-11-03T15:00:00Z", respondedAfter: 20, solvedAfter: 200, rating: "bad", sla: "breached" },
  { created: "2026-11-04T15:00:00Z", respondedAfter: 30, sla: "running", priority: "urgent", grouped: true },
  { created: "2026-11-05T15:00:00Z", respondedAfter: 40, assignee: "second", entrance: "email", plan: "Pro" },
  { created: "2026-11-06T15:00:00Z", respondedAfter: 100, assignee: "second", solvedAfter: 50, plan: "Enterprise" },
  { created: "2026-11-07T15:00:00Z", assignee: null, solvedAfter: 30, reopenedAt: "2026-11-10T12:00:00Z" },
  // 22:00 in New York on 30 November: still November there, though already December in UTC.
  { created: "2026-12-01T03:00:00Z", respondedAfter: 5 },
  // 23:00 in New York on 31 October: October.
  { created: "2026-11-01T03:00:00Z", respondedAfter: 60, solvedAfter: 1_000, rating: "good", sla: "met" },
  { created: "2026-10-10T15:00:00Z", respondedAfter: 15, tagged: true, grouped: true },
];

beforeAll(async () => {
  world = await freshTwoTenants();
  second = await createUser(world.org.id, "agent");
  groupId = (await db.group.create({ data: { organizationId: world.org.id, name: "Billing", nameKey: "billing" } })).id;
  tagId = (await db.tag.create({ data: { organizationId: world.org.id, name: "vip" } })).id;
  await db.customField.create({
    data: {
      organizationId: world.org.id,
      key: "plan",
      label: "Plan",
      type: "dropdown",
      options: ["Pro", "Enterprise"],
      position: 0,
    },
  });
  await db.businessCalendar.updateMany({
    where: { organizationId: world.org.id, isDefault: true },
    data: { timeZone: "America/New_York" },
  });
  for (const s of SEEDS) await seed(world.org.id, s);
  // Another organisation's tickets never count.
  await seed(world.other.id, { created: "2026-11-02T15:00:00Z", respondedAfter: 1, solvedAfter: 2, rating: "good" });
});

async function get(user: User, query: Record<string, string>) {
  const search = new URLSearchParams(query).toString();
  return readJson(
    await summary(
      makeRequest(`/api/reports/summary?${search}`, { headers: { cookie: await sessionCookie(user) } }),
      params(),
    ),
  );
}
const ok = async (user: User, query: Record<string, string>) => {
  const res = await get(user, query);
  expect(res.status).toBe(200);
  return res.body as ReportSummary;
};

/** percentile_cont over the values, rounded as the summary rounds. */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return Math.round(sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low));
}

/** The figures computed straight from the tickets, ratings and SLA rows in the database. */
async function direct(organizationId: string, start: Date, end: Date, where: object = {}): Promise<ReportFigures> {
  const tickets = await db.ticket.findMany({
    where: { organizationId, ...where },
    include: { rating: true, slaTargets: true },
  });
  const within = (d: Date | null) => d !== null && d >= start && d < end;
  const created = tickets.filter((t) => within(t.createdAt));
  const solved = tickets.filter((t) => within(t.solvedAt));
  const targets = tickets.flatMap((t) => t.slaTargets).filter((g) => within(g.startedAt));
  const ratings = tickets.flatMap((t) => (t.rating && within(t.rating.ratedAt) ? [t.rating] : []));
  const first = created.flatMap((t) => (t.firstResponseMinutes === null ? [] : [t.firstResponseMinutes]));
  const resolution = solved.map((t) => t.resolutionMinutes!);
  return {
    created: created.length,
    solved: solved.length,
    reopened: tickets.filter((t) => within(t.reopenedAt)).length,
    backlog: tickets.filter(
      (t) =>
        t.createdAt < end && (!["resolved", "closed"].includes(t.status) || (t.solvedAt !== null && t.solvedAt >= end)),
    ).length,
    firstResponseMinutes: { median: percentile(first, 0.5), p90: percentile(first, 0.9) },
    resolutionMinutes: { median: percentile(resolution, 0.5), p90: percentile(resolution, 0.9) },
    slaCompliance: {
      met: targets.filter((g) => g.metAt && !g.breachedAt).length,
      breached: targets.filter((g) => g.breachedAt).length,
    },
    satisfaction: {
      good: ratings.filter((r) => r.score === "good").length,
      bad: ratings.filter((r) => r.score === "bad").length,
    },
  };
}

const NOVEMBER = { start: at("2026-11-01T04:00:00Z"), end: at("2026-12-01T05:00:00Z") };
const OCTOBER = { start: at("2026-10-02T04:00:00Z"), end: NOVEMBER.start };

describe("GET /api/reports/summary", () => {
  it("answers the contract's figures with known values, days in the organisation's zone", async () => {
    const body = await ok(world.users.org_admin, { from: "2026-11-01", to: "2026-11-30" });
    // Created in November (New York): the six of the month and the late one of the 30th.
    expect(body.created).toBe(7);
    // First responses 5, 10, 20, 30, 40, 100: median 25, p90 between 40 and 100 at a half.
    expect(body.firstResponseMinutes).toEqual({ median: 25, p90: 70 });
    expect(body.solved).toBe(5);
    expect(body.reopened).toBe(1);
    expect(body.slaCompliance).toEqual({ met: 1, breached: 1 });
    // The October ticket solved (and rated) on 1 November counts there.
    expect(body.satisfaction).toEqual({ good: 2, bad: 1 });
    expect(body.previous.created).toBe(2);
    expect(body).toEqual({
      ...(await direct(world.org.id, NOVEMBER.start, NOVEMBER.end)),
      previous: await direct(world.org.id, OCTOBER.start, OCTOBER.end),
    });
  });

  it("matches a direct count for several ranges", async () => {
    for (const [from, to, start, end] of [
      ["2026-11-03", "2026-11-05", "2026-11-03T05:00:00Z", "2026-11-06T05:00:00Z"],
      ["2026-11-30", "2026-11-30", "2026-11-30T05:00:00Z", "2026-12-01T05:00:00Z"],
      ["2026-01-01", "2026-12-31", "2026-01-01T05:00:00Z", "2027-01-01T05:00:00Z"],
    ] as const) {
      const body = await ok(world.users.org_admin, { from, to });
      const { previous: _previous, ...figures } = body;
      expect(figures).toEqual(await direct(world.org.id, at(start), at(end)));
    }
  });

  it("filters by group, agent, priority, tag, entrance, company and custom field", async () => {
    const november = { from: "2026-11-01", to: "2026-11-30" };
    const cases: [Record<string, string>, object][] = [
      [{ group: groupId }, { groupId }],
      [{ agent: second.id }, { assignedToId: second.id }],
      [{ priority: "urgent" }, { priority: "urgent" }],
      [{ tag: "VIP" }, { tagIds: { has: tagId } }],
      [{ entrance: "email" }, { entrance: "email" }],
      [{ "field.plan": "enterprise" }, { customFields: { equals: { plan: "Enterprise" } } }],
    ];
    for (const [filter, where] of cases) {
      const { previous: _previous, ...figures } = await ok(world.users.org_admin, { ...november, ...filter });
      expect(figures).toEqual(await direct(world.org.id, NOVEMBER.start, NOVEMBER.end, where));
      expect(figures.created).toBeGreaterThan(0);
    }
    expect((await ok(world.users.org_admin, { ...november, tag: "never-used" })).created).toBe(0);
    expect((await ok(world.users.org_admin, { ...november, company: "no-such-company" })).created).toBe(0);
  });

  it("gives business minutes with businessHours=true", async () => {
    const body = await ok(world.users.org_admin, { from: "2026-11-01", to: "2026-11-30", businessHours: "true" });
    const rows = await db.ticket.findMany({
      where: { organizationId: world.org.id, createdAt: { gte: NOVEMBER.start, lt: NOVEMBER.end } },
    });
    const business = rows.flatMap((t) =>
      t.firstResponseBusinessMinutes === null ? [] : [t.firstResponseBusinessMinutes],
    );
    expect(body.firstResponseMinutes).toEqual({ median: percentile(business, 0.5), p90: percentile(business, 0.9) });
  });

  it("shows an agent only their own tickets, whatever agent they ask for", async () => {
    const november = { from: "2026-11-01", to: "2026-11-30" };
    const own = await direct(world.org.id, NOVEMBER.start, NOVEMBER.end, { assignedToId: second.id });
    for (const query of [november, { ...november, agent: world.users.agent.id }]) {
      const { previous: _previous, ...figures } = await ok(second, query);
      expect(figures).toEqual(own);
    }
  });

  it("refuses customers and counts nothing of another organisation", async () => {
    expect((await get(world.users.end_user, { from: "2026-11-01", to: "2026-11-30" })).status).toBe(403);
    const other = await ok(world.users.otherAdmin, { from: "2026-11-01", to: "2026-11-30" });
    expect(other.created).toBe(1);
    expect(other.firstResponseMinutes).toEqual({ median: 1, p90: 1 });
  });

  it("refuses a bad range with a readable 400", async () => {
    for (const [query, message] of [
      [{ to: "2026-11-30" }, REPORT_DAY_INVALID("from")],
      [{ from: "2026-02-30", to: "2026-03-01" }, REPORT_DAY_INVALID("from")],
      [{ from: "2026-11-01", to: "30/11/2026" }, REPORT_DAY_INVALID("to")],
      [{ from: "2026-11-30", to: "2026-11-01" }, REPORT_RANGE_ORDER],
      [{ from: "2025-01-01", to: "2026-01-02" }, REPORT_RANGE_TOO_LONG],
      [{ from: "2026-11-01", to: "2026-11-30", priority: "huge" }, "Unknown priority"],
      [{ from: "2026-11-01", to: "2026-11-30", "field.nope": "x" }, 'Unknown custom field "nope"'],
    ] as [Record<string, string>, string][]) {
      const res = await get(world.users.org_admin, query);
      expect(res).toMatchObject({ status: 400, body: { error: message } });
    }
    // A leap year's whole year is 366 days: allowed.
    expect((await get(world.users.org_admin, { from: "2028-01-01", to: "2028-12-31" })).status).toBe(200);
  });
});
