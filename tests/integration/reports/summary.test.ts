import { GET as summary } from "@/app/api/reports/summary/route";
import type { ReportFigures, ReportSummary } from "@/lib/schemas/reports";
import { REPORT_DAY_INVALID, REPORT_RANGE_ORDER, REPORT_RANGE_TOO_LONG } from "@/lib/schemas/reports";
import { createUser, freshTwoTenants, nextTicketNumber, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { slaPolicyRow } from "../sla/policy-rows";

// GET /api/reports/summary against a direct count over the seeded tickets (docs/design/reports.md).

type User = { id: string; sessionVersion: number };
let world: TwoTenants;
let second: User;
let groupId: string;
let tagId: string;
let policyId: string;

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
  /** Public messages after creation, each minutes after it, by the team or the customer (in order). */
  conversation?: [by: "team" | "customer", after: number][];
  comment?: string;
  /** More SLA targets started at creation: their kind, outcome, and whether under the Gold policy. */
  targets?: [target: "next_response" | "resolution", outcome: "met" | "breached", gold: boolean][];
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
  // Written one by one, as replies come: the reply trigger keeps the ticket's counts and next responses.
  for (const [by, after] of s.conversation ?? [])
    await db.reply.create({
      data: {
        organizationId,
        ticketId: ticket.id,
        content: "message",
        type: "public",
        authorType: by === "team" ? "agent" : "customer",
        authorEmail: by === "team" ? "agent@x.test" : "casey@x.test",
        createdAt: new Date(createdAt.getTime() + minutes(after)),
      },
    });
  if (s.rating)
    await db.satisfactionRating.create({
      data: {
        organizationId,
        ticketId: ticket.id,
        score: s.rating,
        comment: s.comment ?? null,
        ratedAt: solvedAt ?? createdAt,
        updatedAt: solvedAt ?? createdAt,
      },
    });
  for (const [i, [target, outcome, gold]] of (s.targets ?? []).entries())
    await db.ticketSlaTarget.create({
      data: {
        organizationId,
        ticketId: ticket.id,
        target,
        cycle: i + 1,
        slaPolicyId: gold ? policyId : null,
        minutes: 60,
        startedAt: createdAt,
        metAt: outcome === "met" ? new Date(createdAt.getTime() + minutes(30)) : null,
        breachedAt: outcome === "breached" ? new Date(createdAt.getTime() + minutes(60)) : null,
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
  // Conversations: next responses of 70 and 30 minutes (the second customer message before the
  // answer belongs to the first), then a one-touch ticket, a customer still waiting, a customer
  // message before any team reply (the first response's, not a next one), and an October question
  // answered in November.
  {
    created: "2026-11-09T15:00:00Z",
    conversation: [
      ["team", 10],
      ["customer", 30],
      ["customer", 40],
      ["team", 100],
      ["customer", 200],
      ["team", 230],
    ],
    solvedAfter: 300,
    rating: "good",
    comment: "Quick and kind",
    targets: [
      ["next_response", "breached", true],
      ["resolution", "met", true],
    ],
    tagged: true,
  },
  {
    created: "2026-11-10T15:00:00Z",
    conversation: [["team", 15]],
    solvedAfter: 60,
    rating: "bad",
    comment: "=HYPERLINK(1) too slow",
    assignee: "second",
  },
  {
    created: "2026-11-11T15:00:00Z",
    conversation: [
      ["team", 5],
      ["customer", 50],
    ],
    targets: [["next_response", "met", false]],
  },
  {
    created: "2026-11-12T15:00:00Z",
    conversation: [
      ["customer", 5],
      ["team", 20],
    ],
    solvedAfter: 40,
    assignee: "second",
  },
  {
    created: "2026-10-20T15:00:00Z",
    conversation: [
      ["team", 10],
      ["customer", 15_840],
      ["team", 18_780],
    ],
    grouped: true,
  },
];

beforeAll(async () => {
  world = await freshTwoTenants();
  second = await createUser(world.org.id, "agent");
  groupId = (await db.group.create({ data: { organizationId: world.org.id, name: "Billing", nameKey: "billing" } })).id;
  tagId = (await db.tag.create({ data: { organizationId: world.org.id, name: "vip" } })).id;
  policyId = (await slaPolicyRow(world.org.id, "Gold")).id;
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

/** percentile_cont over some values. */
function percentileRaw(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** percentile_cont over the values, rounded to whole minutes as the summary rounds. */
const percentile = (values: number[], p: number): number | null =>
  values.length === 0 ? null : Math.round(percentileRaw(values, p));

/** The answers' times of a conversation, walked as a person reads it (the SLA's next-response cycles). */
function nextResponses(replies: { createdAt: Date; authorType: string }[]): { answeredAt: Date; minutes: number }[] {
  const pairs: { answeredAt: Date; minutes: number }[] = [];
  let teamReplied = false;
  let asked: Date | null = null;
  for (const reply of [...replies].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    if (reply.authorType === "agent") {
      if (asked)
        pairs.push({
          answeredAt: reply.createdAt,
          minutes: Math.round((reply.createdAt.getTime() - asked.getTime()) / 60_000),
        });
      asked = null;
      teamReplied = true;
    } else if (teamReplied && !asked) asked = reply.createdAt;
  }
  return pairs;
}

/** The SLA outcomes of some targets, as the summary counts them. */
const outcomes = (targets: { metAt: Date | null; breachedAt: Date | null }[]) => ({
  met: targets.filter((g) => g.metAt && !g.breachedAt).length,
  breached: targets.filter((g) => g.breachedAt).length,
});

/** The figures computed straight from the tickets, replies, ratings and SLA rows in the database. */
async function direct(organizationId: string, start: Date, end: Date, where: object = {}): Promise<ReportFigures> {
  const tickets = await db.ticket.findMany({
    where: { organizationId, ...where },
    include: {
      rating: true,
      slaTargets: { include: { slaPolicy: true } },
      replies: { where: { type: "public", senderVerified: true } },
    },
  });
  const within = (d: Date | null) => d !== null && d >= start && d < end;
  const created = tickets.filter((t) => within(t.createdAt));
  const solved = tickets.filter((t) => within(t.solvedAt));
  const targets = tickets.flatMap((t) => t.slaTargets).filter((g) => within(g.startedAt));
  const ratings = tickets.flatMap((t) => (t.rating && within(t.rating.ratedAt) ? [t.rating] : []));
  const first = created.flatMap((t) => (t.firstResponseMinutes === null ? [] : [t.firstResponseMinutes]));
  const resolution = solved.map((t) => t.resolutionMinutes!);
  const next = tickets.flatMap((t) =>
    nextResponses(t.replies)
      .filter((p) => within(p.answeredAt))
      .map((p) => p.minutes),
  );
  const teamReplies = (t: (typeof tickets)[number]) => t.replies.filter((r) => r.authorType === "agent").length;
  const replies = solved.map(teamReplies);
  const tenth = (p: number) => (replies.length === 0 ? null : Math.round(percentileRaw(replies, p) * 10) / 10);
  const kinds = ["first_response", "next_response", "resolution"] as const;
  const policies = [...new Set(targets.map((g) => g.slaPolicy?.name ?? null))].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : a.localeCompare(b),
  );
  const counted = <T extends { met: number; breached: number }>(rows: T[]) =>
    rows.filter((r) => r.met + r.breached > 0);
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
    slaCompliance: outcomes(targets),
    satisfaction: {
      good: ratings.filter((r) => r.score === "good").length,
      bad: ratings.filter((r) => r.score === "bad").length,
    },
    nextResponseMinutes: { median: percentile(next, 0.5), p90: percentile(next, 0.9) },
    agentRepliesPerTicket: { median: tenth(0.5), p90: tenth(0.9) },
    oneTouchSolved: solved.filter((t) => teamReplies(t) === 1 && t.reopenCount === 0).length,
    slaByTarget: counted(kinds.map((target) => ({ target, ...outcomes(targets.filter((g) => g.target === target)) }))),
    slaByPolicy: counted(
      policies.map((name) => {
        const mine = targets.filter((g) => (g.slaPolicy?.name ?? null) === name);
        return { policyId: mine[0]!.slaPolicyId, name, ...outcomes(mine) };
      }),
    ),
    satisfactionComments: tickets
      .flatMap((t) => (t.rating?.comment && within(t.rating.ratedAt) ? [{ t, rating: t.rating }] : []))
      .sort((a, b) => b.rating.ratedAt.getTime() - a.rating.ratedAt.getTime())
      .slice(0, 5)
      .map(({ t, rating }) => ({
        ticketNumber: t.ticketNumber,
        subject: t.subject,
        score: rating.score,
        comment: rating.comment!,
        ratedAt: rating.ratedAt.toISOString(),
      })),
  };
}

const NOVEMBER = { start: at("2026-11-01T04:00:00Z"), end: at("2026-12-01T05:00:00Z") };
const OCTOBER = { start: at("2026-10-02T04:00:00Z"), end: NOVEMBER.start };

describe("GET /api/reports/summary", () => {
  it("answers the contract's figures with known values, days in the organisation's zone", async () => {
    const body = await ok(world.users.org_admin, { from: "2026-11-01", to: "2026-11-30" });
    // Created in November (New York): the ten of the month and the late one of the 30th.
    expect(body.created).toBe(11);
    // First responses 5, 5, 10, 10, 15, 20, 20, 30, 40, 100: median 17.5 rounded up, p90 a tenth from 40 to 100.
    expect(body.firstResponseMinutes).toEqual({ median: 18, p90: 46 });
    expect(body.solved).toBe(8);
    expect(body.reopened).toBe(1);
    expect(body.slaCompliance).toEqual({ met: 3, breached: 2 });
    // The October ticket solved (and rated) on 1 November counts there.
    expect(body.satisfaction).toEqual({ good: 3, bad: 2 });
    expect(body.previous.created).toBe(3);
    // Answers of 30 and 70 minutes, and the October question answered 2,940 minutes later.
    expect(body.nextResponseMinutes).toEqual({ median: 70, p90: 2366 });
    // Team replies of the eight solved: five none, two one, one three.
    expect(body.agentRepliesPerTicket).toEqual({ median: 0, p90: 1.6 });
    expect(body.oneTouchSolved).toBe(2);
    expect(body.slaByTarget).toEqual([
      { target: "first_response", met: 1, breached: 1 },
      { target: "next_response", met: 1, breached: 1 },
      { target: "resolution", met: 1, breached: 0 },
    ]);
    expect(body.slaByPolicy).toEqual([
      { policyId, name: "Gold", met: 1, breached: 1 },
      { policyId: null, name: null, met: 2, breached: 1 },
    ]);
    expect(body.satisfactionComments.map((c) => [c.score, c.comment])).toEqual([
      ["bad", "=HYPERLINK(1) too slow"],
      ["good", "Quick and kind"],
    ]);
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
