import { GET as counts } from "@/app/api/tickets/counts/route";
import { GET as detail } from "@/app/api/tickets/detail/[id]/route";
import { GET as history } from "@/app/api/tickets/[id]/history/route";
import { PUT as update } from "@/app/api/tickets/[id]/route";
import { GET as list, POST as create } from "@/app/api/tickets/route";
import { GET as usage } from "@/app/api/usage/route";
import { GET as stats } from "@/app/api/tickets/stats/route";
import {
  createOrg,
  createTickets,
  createUser,
  freshTwoTenants,
  sessionCookie,
  type TwoTenants,
} from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { SLA_TARGETS } from "@/lib/tickets/sla";
import { PAGE_QUERY_RULES } from "../helpers/page-query";

type User = { id: string; sessionVersion: number };
const as = async (user: User) => ({ cookie: await sessionCookie(user) });

async function post(user: User, body: unknown) {
  return create(makeRequest("/api/tickets", { method: "POST", body, headers: await as(user) }), params());
}
async function get(user: User, query = "") {
  const res = await list(makeRequest(`/api/tickets${query}`, { headers: await as(user) }), params());
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>[] & { error?: string },
    next: res.headers.get("x-next-cursor"),
  };
}
async function put(user: User, id: string, body: unknown) {
  return readJson(
    await update(makeRequest(`/api/tickets/${id}`, { method: "PUT", body, headers: await as(user) }), params({ id })),
  );
}

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

describe("POST /api/tickets", () => {
  it("creates an open medium ticket with defaults, the next number and SLA due times", async () => {
    const before = Date.now();
    const res = await post(world.users.agent, {
      subject: " Printer on fire ",
      description: "Smoke everywhere",
      customerName: " ",
      customerEmail: "",
      category: "technical",
    });
    const { status, body } = await readJson(res);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      subject: "Printer on fire",
      status: "open",
      priority: "medium",
      customerName: "Customer",
      customerEmail: "customer@unknown.invalid",
      category: "technical",
      assignedTo: null,
      organizationId: world.org.id,
    });
    expect(body.ticketNumber).toBe(1);
    const created = new Date(body.createdAt as string).getTime();
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(body.firstResponseDueAt as string).getTime() - created).toBe(SLA_TARGETS.medium.firstResponseMs);
    expect(new Date(body.resolutionDueAt as string).getTime() - created).toBe(SLA_TARGETS.medium.resolutionMs);
    expect(await db.auditEvent.count({ where: { ticketId: body.id as string, action: "ticket.created" } })).toBe(1);
  });

  it.each([
    [{ description: "x" }, "Please fill in both subject and description"],
    [{ subject: "x", description: "   " }, "Please fill in both subject and description"],
    [{ subject: "x", description: "y", priority: "critical" }, "Unknown priority"],
    [{ subject: "x", description: "y", status: "archived" }, "Unknown status"],
    [{ subject: "x", description: "y", customerEmail: "nope" }, "Please enter a valid customer email"],
    [{ subject: "x", description: "y", category: "sales" }, "Unknown category"],
  ])("rejects %j", async (body, message) => {
    expect(await readJson(await post(world.users.agent, body))).toMatchObject({
      status: 400,
      body: { error: message },
    });
  });

  it("ignores an organizationId in the body", async () => {
    const { body } = await readJson(
      await post(world.users.agent, { subject: "s", description: "d", organizationId: world.other.id }),
    );
    expect(body.organizationId).toBe(world.org.id);
  });

  it("hands out unique sequential numbers under 50 parallel creates", async () => {
    const org = await createOrg("enterprise");
    const agent = await createUser(org.id, "agent");
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(agent, { subject: `s${i}`, description: "d" }).then(readJson)),
    );
    const numbers = results.map((r) => r.body.ticketNumber as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it("refuses a ticket beyond the plan limit and reports usage", async () => {
    const org = await createOrg("free");
    const agent = await createUser(org.id, "org_admin");
    await createTickets(org.id, 149);
    expect((await post(agent, { subject: "150th", description: "d" })).status).toBe(201);
    const refused = await readJson(await post(agent, { subject: "151st", description: "d" }));
    expect(refused).toMatchObject({
      status: 403,
      body: { error: expect.stringMatching(/^Ticket limit reached/), code: "ticket_limit_reached" },
    });
    expect(await db.ticket.count({ where: { organizationId: org.id } })).toBe(150);
    const u = await readJson(await usage(makeRequest("/api/usage", { headers: await as(agent) }), params()));
    expect(u.body).toEqual({
      plan: "free",
      tickets: { current: 150, limit: 150, remaining: 0, percentUsed: 100 },
      storage: { used: 0, limit: 0 },
    });
  });
});

describe("GET /api/tickets and /api/tickets/counts", () => {
  let org: { id: string };
  let agent: User & { email: string };
  let other: User;
  let customer: User & { email: string };
  beforeAll(async () => {
    org = await createOrg("enterprise");
    agent = await createUser(org.id, "agent");
    other = await createUser(org.id, "agent");
    customer = await createUser(org.id, "end_user");
    const now = Date.now();
    const hour = 3600_000;
    const rows = [
      { status: "open", assignedToId: null, createdAt: now - 2 * hour, customerEmail: customer.email },
      { status: "pending", assignedToId: agent.id, createdAt: now - 3 * hour },
      { status: "in_progress", assignedToId: other.id, createdAt: now - 50 * hour, updatedAt: now - 49 * hour },
      { status: "resolved", assignedToId: agent.id, createdAt: now - 80 * hour, updatedAt: now - 2 * hour },
      { status: "closed", assignedToId: null, createdAt: now - 400 * hour, updatedAt: now - 300 * hour },
      {
        status: "open",
        assignedToId: null,
        createdAt: now - 60 * hour,
        updatedAt: now - 59 * hour,
        subject: "Refund for order 77",
      },
    ] as const;
    let n = 0;
    for (const r of rows) {
      const createdAt = new Date(r.createdAt);
      await db.ticket.create({
        data: {
          organizationId: org.id,
          ticketNumber: ++n,
          subject: "subject" in r ? r.subject : `Ticket ${n}`,
          description: "About the printer",
          status: r.status,
          assignedToId: r.assignedToId,
          customerName: "Cust",
          customerEmail: "customerEmail" in r ? r.customerEmail : `c${n}@x.test`,
          createdAt,
          updatedAt: new Date("updatedAt" in r ? r.updatedAt : r.createdAt),
          firstResponseDueAt: new Date(r.createdAt + hour),
          resolutionDueAt: new Date(r.createdAt + 48 * hour),
          slaRiskAt: new Date(r.createdAt + 36 * hour),
        },
      });
    }
  });

  it("filters by view, and each view's size equals its count", async () => {
    const c = await readJson(await counts(makeRequest("/api/tickets/counts", { headers: await as(agent) }), params()));
    expect(c.body).toEqual({
      unassigned: 2,
      myOpen: 1,
      myGroups: 0,
      allOpen: 4,
      slaRisk: 2,
      recentlyUpdated: 3,
      closed: 1,
    });
    const views = {
      unassigned: "unassigned",
      "my-open": "myOpen",
      "my-groups": "myGroups",
      "all-open": "allOpen",
      "sla-risk": "slaRisk",
      "recently-updated": "recentlyUpdated",
      closed: "closed",
    } as const;
    for (const [view, key] of Object.entries(views)) {
      const page = await get(agent, `?view=${view}`);
      expect([view, page.body.length]).toEqual([view, c.body[key]]);
    }
  });

  it("searches subject, description, number, customer email and name, case-insensitively", async () => {
    expect((await get(agent, "?q=REFUND")).body.map((t) => t.subject)).toEqual(["Refund for order 77"]);
    expect((await get(agent, "?q=printer")).body).toHaveLength(6);
    expect((await get(agent, "?q=%232")).body.map((t) => t.ticketNumber)).toEqual([2]);
    expect((await get(agent, `?q=${encodeURIComponent(customer.email.toUpperCase())}`)).body).toHaveLength(1);
    expect((await get(agent, "?status=pending&priority=medium")).body.map((t) => t.ticketNumber)).toEqual([2]);
  });

  it("pages with a cursor and returns every ticket exactly once, newest first", async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof get>> = await get(agent, `?limit=4${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.body.map((t) => t.ticketNumber as number));
      cursor = page.next;
    } while (cursor);
    // Newest first by creation time: ticket 1 (2 h ago), 2 (3 h), 3 (50 h), 6 (60 h), 4 (80 h), 5 (400 h).
    expect(seen).toEqual([1, 2, 3, 6, 4, 5]);
  });

  it("reports dashboard figures that agree with the tickets", async () => {
    const res = await readJson(await stats(makeRequest("/api/tickets/stats", { headers: await as(agent) }), params()));
    const body = res.body as unknown as {
      totalTickets: number;
      openTickets: number;
      resolvedTickets: number;
      statusBreakdown: Record<string, number>;
      recentTickets: { ticketNumber: number }[];
      daily: { created: number }[];
    };
    expect(body).toMatchObject({
      totalTickets: 6,
      openTickets: 4,
      resolvedTickets: 2,
      statusBreakdown: { open: 2, pending: 1, in_progress: 1, resolved: 1, closed: 1 },
    });
    expect(body.recentTickets.map((t) => t.ticketNumber)).toEqual([1, 2, 3, 6, 4]);
    expect(body.daily).toHaveLength(30);
    // All six were created within the last 30 days (the oldest 400 hours ago).
    expect(body.daily.reduce((n, d) => n + d.created, 0)).toBe(6);
  });

  it("validates the query", async () => {
    expect((await get(agent, "?limit=500")).status).toBe(400);
    expect((await get(agent, "?view=mine")).status).toBe(400);
    expect((await get(agent, "?cursor=garbage")).status).toBe(400);
  });

  it("shows an end user only their own tickets", async () => {
    const mine = await get(customer);
    expect(mine.body.map((t) => t.customerEmail)).toEqual([customer.email]);
    const c = await readJson(
      await counts(makeRequest("/api/tickets/counts", { headers: await as(customer) }), params()),
    );
    expect(c.body.allOpen).toBe(1);
  });

  it("never shows another tenant's tickets", async () => {
    expect((await get(world.users.otherAdmin)).body.every((t) => t.organizationId === world.other.id)).toBe(true);
  });

  it("needs a session", async () => {
    expect((await list(makeRequest("/api/tickets"), params())).status).toBe(401);
  });
});

describe("PUT /api/tickets/{id} and history", () => {
  async function newTicket() {
    return (await readJson(await post(world.users.agent, { subject: "Change me", description: "d", priority: "low" })))
      .body as { id: string; resolutionDueAt: string };
  }

  it("changes status, priority and assignee, recording each change", async () => {
    const t = await newTicket();
    const res = await put(world.users.agent, t.id, {
      status: "in_progress",
      priority: "urgent",
      assignedTo: world.users.org_admin.id,
    });
    expect(res).toMatchObject({
      status: 200,
      body: { status: "in_progress", priority: "urgent", assignedTo: world.users.org_admin.id },
    });
    const h = await readJson(
      await history(
        makeRequest(`/api/tickets/${t.id}/history`, { headers: await as(world.users.agent) }),
        params({ id: t.id }),
      ),
    );
    expect((h.body as unknown as { action: string }[]).map((e) => e.action)).toEqual([
      "ticket.created",
      "ticket.status_changed",
      "ticket.priority_changed",
      "ticket.assigned",
    ]);
    expect((await put(world.users.agent, t.id, { assignedTo: null })).body.assignedTo).toBeNull();
  });

  it("stops the resolution clock at resolved and resumes it on reopen", async () => {
    const t = await newTicket();
    await put(world.users.agent, t.id, { status: "resolved" });
    const reopened = await put(world.users.agent, t.id, { status: "open" });
    expect(new Date(reopened.body.resolutionDueAt as string).getTime()).toBeGreaterThanOrEqual(
      new Date(t.resolutionDueAt).getTime(),
    );
    expect(reopened.body.resolvedAt).toBeNull();
  });

  it("refuses an assignee who is not an active agent of this organisation", async () => {
    const t = await newTicket();
    for (const assignedTo of [world.users.end_user.id, world.users.otherAdmin.id, "no-such-user"]) {
      expect(await put(world.users.agent, t.id, { assignedTo })).toEqual({
        status: 400,
        body: { error: "Assignee must be an active agent of this organization", code: "bad_request" },
      });
    }
  });

  it("validates the body", async () => {
    const t = await newTicket();
    expect(await put(world.users.agent, t.id, {})).toMatchObject({ status: 400, body: { error: "Nothing to update" } });
    expect(await put(world.users.agent, t.id, { status: "done" })).toMatchObject({
      status: 400,
      body: { error: "Unknown status" },
    });
  });

  it("forbids an end user and hides other tenants' tickets", async () => {
    const t = await newTicket();
    expect((await put(world.users.end_user, t.id, { status: "closed" })).status).toBe(403);
    expect(await put(world.users.otherAdmin, t.id, { status: "closed" })).toEqual({
      status: 404,
      body: { error: "Ticket not found", code: "not_found" },
    });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("open");
    const d = await detail(
      makeRequest(`/api/tickets/detail/${t.id}`, { headers: await as(world.users.otherAdmin) }),
      params({ id: t.id }),
    );
    expect(d.status).toBe(404);
  });
});

describe("GET /api/tickets/{id}/history, page by page", () => {
  async function getHistory(user: User, id: string, query = "") {
    const res = await history(
      makeRequest(`/api/tickets/${id}/history${query}`, { headers: await as(user) }),
      params({ id }),
    );
    return {
      status: res.status,
      body: (await res.json()) as { id: string; createdAt: string }[] & { error?: string },
      next: res.headers.get("x-next-cursor"),
    };
  }

  /** A ticket with 250 changes after its creation, three to each second (ties are ordered by id). */
  async function longHistory() {
    const { body } = await readJson(await post(world.users.agent, { subject: "Long", description: "d" }));
    const id = (body as { id: string }).id;
    const start = Date.now() - 3_600_000;
    await db.auditEvent.createMany({
      data: Array.from({ length: 250 }, (_, i) => ({
        organizationId: world.org.id,
        actorType: "user",
        actorLabel: "Agent",
        action: "ticket.priority_changed",
        targetType: "ticket",
        targetId: id,
        ticketId: id,
        metadata: { field: "priority", from: i % 2 ? "low" : "high", to: i % 2 ? "high" : "low" },
        createdAt: new Date(start + Math.floor(i / 3) * 1000),
      })),
    });
    const all = await db.auditEvent.findMany({
      where: { ticketId: id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    return { id, all: all.map((e) => e.id) };
  }

  it("answers the newest 100 changes oldest first, then each earlier page from the cursor", async () => {
    const { id, all } = await longHistory();
    expect(all).toHaveLength(251);
    const first = await getHistory(world.users.agent, id);
    expect(first.status).toBe(200);
    expect(first.body.map((e) => e.id)).toEqual(all.slice(151));
    const second = await getHistory(world.users.agent, id, `?cursor=${first.next}`);
    expect(second.body.map((e) => e.id)).toEqual(all.slice(51, 151));
    const third = await getHistory(world.users.agent, id, `?cursor=${second.next}`);
    expect(third.body.map((e) => e.id)).toEqual(all.slice(0, 51));
    expect(third.next).toBeNull();
  });

  it("takes a page size up to 200, and a whole short history has no cursor", async () => {
    const { id, all } = await longHistory();
    const page = await getHistory(world.users.agent, id, "?limit=200");
    expect(page.body.map((e) => e.id)).toEqual(all.slice(51));
    const rest = await getHistory(world.users.agent, id, `?limit=200&cursor=${page.next}`);
    expect(rest.body.map((e) => e.id)).toEqual(all.slice(0, 51));
    expect(rest.next).toBeNull();
  });

  it.each(PAGE_QUERY_RULES)("rejects %s", async (query, message) => {
    const { body } = await readJson(await post(world.users.agent, { subject: "Query", description: "d" }));
    const id = (body as { id: string }).id;
    expect(await getHistory(world.users.agent, id, query)).toMatchObject({ status: 400, body: { error: message } });
  });

  it("is staff's only, and another tenant's ticket is not found", async () => {
    const { id } = await longHistory();
    expect((await getHistory(world.users.end_user, id)).status).toBe(403);
    expect(await getHistory(world.users.otherAdmin, id)).toMatchObject({
      status: 404,
      body: { error: "Ticket not found" },
    });
  });
});
