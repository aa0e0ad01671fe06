import { GET as breakdown } from "@/app/api/reports/breakdown/route";
import { GET as heatmap } from "@/app/api/reports/heatmap/route";
import { GET as series } from "@/app/api/reports/series/route";
import { GET as summary } from "@/app/api/reports/summary/route";
import type { ReportSummary } from "@/lib/schemas/reports";
import {
  REPORT_DIMENSIONS,
  type ReportBreakdown,
  type ReportHeatmap,
  type ReportSeries,
} from "@/lib/schemas/reports-charts";
import { createUser, freshTwoTenants, nextTicketNumber, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// The reports page's series, breakdowns and heat map against the summary (itself checked against a
// direct count in summary.test.ts) and against counts computed here from the tickets.

type User = { id: string; sessionVersion: number };
type Handler = typeof summary;
let world: TwoTenants;
let second: User;
const ZONE = "America/New_York";
const NOVEMBER = { from: "2026-11-01", to: "2026-11-30" };

/**
 * 90 tickets from mid October to early December, every few hours, their attributes cycling at
 * different strides so that each group, agent, tag, company, priority and entrance holds a mix
 * of open, solved, reopened, rated and SLA-timed tickets.
 */
async function seedTickets() {
  const groups = await Promise.all(
    ["Billing", "Tech"].map((name) =>
      db.group.create({ data: { organizationId: world.org.id, name, nameKey: name.toLowerCase() } }),
    ),
  );
  const tags = await Promise.all(
    ["vip", "bug"].map((name) => db.tag.create({ data: { organizationId: world.org.id, name } })),
  );
  const companies = await Promise.all(
    ["Acme", "Globex"].map((name) =>
      db.company.create({ data: { organizationId: world.org.id, name, domains: [`${name.toLowerCase()}.test`] } }),
    ),
  );
  const priorities = ["low", "medium", "high", "urgent"] as const;
  const entrances = ["agent", "api", "portal", "email"] as const;
  const agents = [world.users.agent.id, second.id, null];
  for (let i = 0; i < 90; i++) {
    const createdAt = new Date(Date.parse("2026-10-20T02:00:00Z") + i * 17 * 3_600_000);
    const solved = i % 3 !== 0;
    const solvedAt = solved ? new Date(createdAt.getTime() + (30 + ((i * 97) % 3000)) * 60_000) : null;
    const reopened = solved && i % 7 === 0;
    const ticket = await db.ticket.create({
      data: {
        organizationId: world.org.id,
        ticketNumber: await nextTicketNumber(world.org.id),
        subject: `Chart ${i}`,
        description: "d",
        customerName: "Casey",
        // The database files a ticket under its customer's company, by the address's domain.
        customerEmail: i % 4 === 1 ? "casey@x.test" : `casey@${companies[i % 2]!.domains[0]}`,
        status: solved && !reopened ? (i % 2 ? "resolved" : "closed") : "open",
        priority: priorities[i % 4]!,
        assignedToId: agents[i % 3],
        groupId: i % 5 === 0 ? null : groups[i % 2]!.id,
        tagIds: i % 3 === 2 ? [tags[0]!.id, tags[1]!.id] : i % 2 ? [tags[0]!.id] : [],
        entrance: entrances[(i * 3) % 4]!,
        createdAt,
        updatedAt: createdAt,
        firstRespondedAt: i % 6 === 5 ? null : new Date(createdAt.getTime() + (5 + ((i * 37) % 400)) * 60_000),
        solvedAt,
        firstSolvedAt: solvedAt,
        resolvedAt: solved && !reopened && i % 2 ? solvedAt : null,
        reopenedAt: reopened ? new Date(solvedAt!.getTime() + 3_600_000) : null,
        reopenCount: reopened ? 1 : 0,
      },
    });
    if (solvedAt && i % 4 !== 3)
      await db.satisfactionRating.create({
        data: {
          organizationId: world.org.id,
          ticketId: ticket.id,
          score: i % 5 === 1 ? "bad" : "good",
          ratedAt: solvedAt,
          updatedAt: solvedAt,
        },
      });
    if (i % 2 === 0)
      await db.ticketSlaTarget.create({
        data: {
          organizationId: world.org.id,
          ticketId: ticket.id,
          target: "first_response",
          minutes: 120,
          startedAt: createdAt,
          dueAt: new Date(createdAt.getTime() + 120 * 60_000),
          metAt: i % 8 === 6 ? null : new Date(createdAt.getTime() + 60 * 60_000),
          breachedAt: i % 8 === 4 ? new Date(createdAt.getTime() + 120 * 60_000) : null,
        },
      });
  }
}

beforeAll(async () => {
  world = await freshTwoTenants();
  second = await createUser(world.org.id, "agent");
  await db.businessCalendar.updateMany({
    where: { organizationId: { in: [world.org.id, world.other.id] }, isDefault: true },
    data: { timeZone: ZONE },
  });
  await seedTickets();
  // Another organisation's ticket never counts in this one's reports.
  await db.ticket.create({
    data: {
      organizationId: world.other.id,
      ticketNumber: await nextTicketNumber(world.other.id),
      subject: "Elsewhere",
      description: "d",
      customerName: "Pat",
      customerEmail: "pat@y.test",
      createdAt: new Date("2026-11-10T15:00:00Z"),
    },
  });
}, 60_000);

async function get(handler: Handler, path: string, user: User, query: Record<string, string>) {
  const search = new URLSearchParams(query).toString();
  return readJson(
    await handler(makeRequest(`${path}?${search}`, { headers: { cookie: await sessionCookie(user) } }), params()),
  );
}
async function ok<T>(handler: Handler, path: string, user: User, query: Record<string, string>): Promise<T> {
  const res = await get(handler, path, user, query);
  expect(res.status).toBe(200);
  return res.body as T;
}
const summaryOf = (user: User, query: Record<string, string>) =>
  ok<ReportSummary>(summary, "/api/reports/summary", user, query);
const seriesOf = (user: User, query: Record<string, string>) =>
  ok<ReportSeries>(series, "/api/reports/series", user, query);
const breakdownOf = (user: User, query: Record<string, string>) =>
  ok<ReportBreakdown>(breakdown, "/api/reports/breakdown", user, query);
const heatmapOf = (user: User, query: Record<string, string>) =>
  ok<ReportHeatmap>(heatmap, "/api/reports/heatmap", user, query);

const addDays = (day: string, n: number) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);

/** The figures a bucket and the summary of its days share. */
const shared = (f: Omit<ReportSummary, "previous">) => ({
  created: f.created,
  solved: f.solved,
  reopened: f.reopened,
  backlog: f.backlog,
  firstResponseMinutes: f.firstResponseMinutes,
  resolutionMinutes: f.resolutionMinutes,
});

describe("GET /api/reports/series", () => {
  it("gives each day the summary's figures for that day, and adds up to the month", async () => {
    const { interval, points } = await seriesOf(world.users.org_admin, NOVEMBER);
    expect(interval).toBe("day");
    expect(points.map((p) => p.start)).toEqual(Array.from({ length: 30 }, (_, i) => addDays("2026-11-01", i)));
    for (const point of points.filter((_, i) => i % 4 === 0)) {
      const { start, ...figures } = point;
      expect(figures).toEqual(shared(await summaryOf(world.users.org_admin, { from: start, to: start })));
    }
    const month = await summaryOf(world.users.org_admin, NOVEMBER);
    const sum = (key: "created" | "solved" | "reopened") => points.reduce((n, p) => n + p[key], 0);
    expect({ created: sum("created"), solved: sum("solved"), reopened: sum("reopened") }).toEqual({
      created: month.created,
      solved: month.solved,
      reopened: month.reopened,
    });
    expect(points.at(-1)!.backlog).toBe(month.backlog);
    expect(month.created).toBeGreaterThan(30);
  });

  it("cuts weeks from Monday, the first and last clipped to the range, each the summary of its days", async () => {
    const { points } = await seriesOf(world.users.org_admin, { ...NOVEMBER, interval: "week" });
    // 1 November 2026 is a Sunday: a one-day week, then Mondays, the last week ends on the 30th (a Monday).
    expect(points.map((p) => p.start)).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
    const ends = [...points.slice(1).map((p) => addDays(p.start, -1)), NOVEMBER.to];
    for (const [i, { start, ...figures }] of points.entries())
      expect(figures).toEqual(shared(await summaryOf(world.users.org_admin, { from: start, to: ends[i]! })));
  });

  it("reads business minutes and the filters as the summary does", async () => {
    const filters: Record<string, string>[] = [
      { businessHours: "true" },
      { priority: "urgent" },
      { tag: "vip" },
      { entrance: "email" },
    ];
    for (const filter of filters) {
      const { points } = await seriesOf(world.users.org_admin, { ...NOVEMBER, interval: "week", ...filter });
      const { start, ...figures } = points[2]!;
      const week = await summaryOf(world.users.org_admin, { from: start, to: addDays(start, 6), ...filter });
      expect(figures).toEqual(shared(week));
    }
  });

  it("shows an agent their own tickets only, and another organisation none of these", async () => {
    const own = await seriesOf(second, { ...NOVEMBER, agent: world.users.agent.id });
    const asked = await seriesOf(world.users.org_admin, { ...NOVEMBER, agent: second.id });
    expect(own).toEqual(asked);
    const other = await seriesOf(world.users.otherAdmin, NOVEMBER);
    expect(other.points.reduce((n, p) => n + p.created, 0)).toBe(1);
  });
});

describe("GET /api/reports/breakdown", () => {
  it("gives each row the summary's figures with that row's filter", async () => {
    const month = await summaryOf(world.users.org_admin, NOVEMBER);
    for (const by of REPORT_DIMENSIONS) {
      const { rows } = await breakdownOf(world.users.org_admin, { ...NOVEMBER, by });
      expect({ by, several: rows.length > 1 }).toEqual({ by, several: true });
      if (by !== "tag") expect(rows.reduce((n, r) => n + r.created, 0)).toBe(month.created);
      for (const row of rows.filter((r) => r.key !== null)) {
        const filter = by === "tag" ? row.label! : row.key!;
        const figures = await summaryOf(world.users.org_admin, { ...NOVEMBER, [by]: filter });
        expect(row).toEqual({
          key: row.key,
          label: row.label,
          created: figures.created,
          solved: figures.solved,
          firstResponseMedian: figures.firstResponseMinutes.median,
          resolutionMedian: figures.resolutionMinutes.median,
          slaCompliance: figures.slaCompliance,
          satisfaction: figures.satisfaction,
        });
      }
    }
  });

  it("names groups, agents, tags and companies, and counts tickets without one in a row of their own", async () => {
    const groups = await breakdownOf(world.users.org_admin, { ...NOVEMBER, by: "group" });
    expect(groups.rows.map((r) => r.label).sort()).toEqual(["Billing", "Tech", null].sort());
    const none = await db.ticket.count({
      where: {
        organizationId: world.org.id,
        groupId: null,
        createdAt: { gte: new Date("2026-11-01T04:00:00Z"), lt: new Date("2026-12-01T05:00:00Z") },
      },
    });
    expect(groups.rows.find((r) => r.key === null)!.created).toBe(none);
    const agents = await breakdownOf(world.users.org_admin, { ...NOVEMBER, by: "agent" });
    expect(agents.rows.find((r) => r.key === second.id)!.label).toBeTruthy();
    const tags = await breakdownOf(world.users.org_admin, { ...NOVEMBER, by: "tag" });
    expect(tags.rows.map((r) => r.label).sort()).toEqual(["bug", "vip"]);
    const priorities = await breakdownOf(world.users.org_admin, { ...NOVEMBER, by: "priority" });
    expect(priorities.rows.map((r) => r.key).sort()).toEqual(["high", "low", "medium", "urgent"]);
  });

  it("shows an agent only their own row, whatever agent they ask for", async () => {
    for (const query of [
      { ...NOVEMBER, by: "agent" },
      { ...NOVEMBER, by: "agent", agent: world.users.agent.id },
    ]) {
      const { rows } = await breakdownOf(second, query);
      expect(rows.map((r) => r.key)).toEqual([second.id]);
    }
    const other = await breakdownOf(world.users.otherAdmin, { ...NOVEMBER, by: "group" });
    expect(other.rows).toEqual([expect.objectContaining({ key: null, created: 1 })]);
  });
});

describe("GET /api/reports/heatmap", () => {
  it("counts the range's tickets by day of the week and hour in the organisation's zone", async () => {
    const body = await heatmapOf(world.users.org_admin, NOVEMBER);
    expect(body.timeZone).toBe(ZONE);
    const tickets = await db.ticket.findMany({
      where: {
        organizationId: world.org.id,
        createdAt: { gte: new Date("2026-11-01T04:00:00Z"), lt: new Date("2026-12-01T05:00:00Z") },
      },
    });
    const expected = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: ZONE,
      weekday: "short",
      hour: "numeric",
      hourCycle: "h23",
    });
    const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    for (const t of tickets) {
      const parts = Object.fromEntries(local.formatToParts(t.createdAt).map((p) => [p.type, p.value]));
      expected[days.indexOf(parts.weekday!)]![Number(parts.hour)]! += 1;
    }
    expect(body.counts).toEqual(expected);
    expect(tickets.length).toBeGreaterThan(30);
    const own = await heatmapOf(second, NOVEMBER);
    const asked = await heatmapOf(world.users.org_admin, { ...NOVEMBER, agent: second.id });
    expect(own).toEqual(asked);
  });
});

describe("the reports page's calls refuse", () => {
  it("customers, and bad input with a readable 400", async () => {
    expect((await get(series, "/api/reports/series", world.users.end_user, NOVEMBER)).status).toBe(403);
    expect((await get(heatmap, "/api/reports/heatmap", world.users.end_user, NOVEMBER)).status).toBe(403);
    const bad: [Handler, string, Record<string, string>, string][] = [
      [series, "/api/reports/series", { ...NOVEMBER, interval: "month" }, "interval must be day or week"],
      [series, "/api/reports/series", { from: "2026-11-30", to: "2026-11-01" }, "to must not be before from"],
      [breakdown, "/api/reports/breakdown", NOVEMBER, `by must be one of: ${REPORT_DIMENSIONS.join(", ")}`],
      [
        breakdown,
        "/api/reports/breakdown",
        { ...NOVEMBER, by: "customer" },
        `by must be one of: ${REPORT_DIMENSIONS.join(", ")}`,
      ],
      [heatmap, "/api/reports/heatmap", { from: "2026-11-01" }, "to must be a date written YYYY-MM-DD"],
    ];
    for (const [handler, path, query, message] of bad)
      expect(await get(handler, path, world.users.org_admin, query)).toMatchObject({
        status: 400,
        body: { error: message },
      });
  });
});
