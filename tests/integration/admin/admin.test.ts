import { GET as activity } from "@/app/api/admin/activity/route";
import { GET as agents } from "@/app/api/admin/agents/route";
import { auditText } from "@/lib/format/audit-text";
import { recordEvent } from "@/lib/services/audit";
import { createOrg, createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";

type User = { id: string; sessionVersion: number };
type Event = {
  id: string;
  action: string;
  text: string;
  actor: { name: string };
  createdAt: string;
  metadata: Record<string, unknown> | null;
};
const as = async (user: User) => ({ cookie: await sessionCookie(user) });

async function getAgents(user: User) {
  const res = await agents(makeRequest("/api/admin/agents", { headers: await as(user) }), params());
  return { status: res.status, body: (await res.json()) as Record<string, unknown>[] & { error?: string } };
}
async function getActivity(user: User, query = "") {
  const res = await activity(makeRequest(`/api/admin/activity${query}`, { headers: await as(user) }), params());
  return {
    status: res.status,
    body: (await res.json()) as { events: Event[]; nextCursor: string | null; error?: string },
  };
}

let ticketNumber = 0;
async function ticket(
  organizationId: string,
  status: "open" | "pending" | "in_progress" | "resolved" | "closed",
  assignedToId: string | null,
) {
  const now = new Date();
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: ++ticketNumber,
      subject: "s",
      description: "d",
      customerName: "c",
      customerEmail: "c@x.test",
      status,
      assignedToId,
      firstResponseDueAt: now,
      resolutionDueAt: now,
      slaRiskAt: now,
    },
  });
}

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

describe("GET /api/admin/agents", () => {
  it("lists agents and admins with open and total assigned counts, not end users or other tenants", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin", { fullName: "Ada Admin" });
    const busy = await createUser(org.id, "agent", { fullName: "Bea Busy" });
    const idle = await createUser(org.id, "agent", { fullName: "Cal Idle" });
    await db.user.update({ where: { id: idle.id }, data: { availability: "away" } });
    const gone = await createUser(org.id, "agent", { fullName: "Dee Gone", isActive: false });
    await createUser(org.id, "end_user", { fullName: "Eve Customer" });
    const stranger = await createUser(world.other.id, "agent");
    for (const status of ["open", "pending", "in_progress", "resolved", "closed"] as const)
      await ticket(org.id, status, busy.id);
    await ticket(org.id, "open", admin.id);
    await ticket(org.id, "resolved", gone.id);
    await ticket(org.id, "open", null);
    await ticket(world.other.id, "open", stranger.id);

    const res = await getAgents(admin);
    expect(res.status).toBe(200);
    expect(res.body.map((a) => a.fullName)).toEqual(["Ada Admin", "Bea Busy", "Cal Idle", "Dee Gone"]);
    const byId = Object.fromEntries(res.body.map((a) => [a.id, a]));
    expect(byId[busy.id]).toMatchObject({
      email: busy.email,
      role: "agent",
      isActive: true,
      availability: "available",
      openTickets: 3,
      assignedTickets: 5,
    });
    expect(byId[admin.id]).toMatchObject({ role: "org_admin", openTickets: 1, assignedTickets: 1 });
    expect(byId[idle.id]).toMatchObject({ availability: "away", openTickets: 0, assignedTickets: 0 });
    expect(byId[gone.id]).toMatchObject({ isActive: false, openTickets: 0, assignedTickets: 1 });
    expect(Object.keys(byId[busy.id]!).sort()).toEqual([
      "assignedTickets",
      "availability",
      "createdAt",
      "email",
      "fullName",
      "id",
      "isActive",
      "openTickets",
      "role",
    ]);
  });

  it.each([
    ["platform_admin", 200],
    ["org_admin", 200],
    ["agent", 403],
    ["end_user", 403],
  ] as const)("lets a %s see agents: %i", async (role, status) => {
    expect((await getAgents(world.users[role])).status).toBe(status);
  });

  it("needs a session", async () => {
    expect((await agents(makeRequest("/api/admin/agents"), params())).status).toBe(401);
  });
});

describe("GET /api/admin/activity", () => {
  it("pages the organisation's own events newest first by keyset, never repeating or skipping", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin", { fullName: "Ada Admin" });
    const base = Date.now() - 60_000;
    // 7 events, two of them sharing one timestamp, plus noise in another organisation.
    const times = [0, 1000, 2000, 2000, 3000, 4000, 5000];
    for (const [i, offset] of times.entries()) {
      await db.auditEvent.create({
        data: {
          organizationId: org.id,
          actorId: admin.id,
          action: "user.login",
          metadata: { n: i },
          createdAt: new Date(base + offset),
        },
      });
    }
    await db.auditEvent.create({
      data: { organizationId: world.other.id, action: "user.login", createdAt: new Date(base + 10_000) },
    });

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await getActivity(admin, `?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.events.map((e) => e.metadata!.n as number));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const stamps = seen.map((n) => times[n]!);
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
  });

  it("describes each event as a sentence with its actor and hides secrets in metadata", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin", { fullName: "Ada Admin" });
    const agent = await createUser(org.id, "agent", { fullName: "Sam Agent" });
    const t = await ticket(org.id, "open", null);
    await recordEvent(db, {
      organizationId: org.id,
      actorId: admin.id,
      action: "user.role_changed",
      targetType: "user",
      targetId: agent.id,
      metadata: { email: agent.email, from: "agent", to: "org_admin" },
    });
    await recordEvent(db, {
      organizationId: org.id,
      actorId: admin.id,
      action: "ticket.assigned",
      ticketId: t.id,
      metadata: { field: "assignee", from: null, to: agent.id },
    });
    await recordEvent(db, {
      organizationId: org.id,
      actorType: "customer",
      actorLabel: "casey@customer.test",
      action: "ticket.created",
      ticketId: t.id,
    });
    await recordEvent(db, {
      organizationId: org.id,
      actorId: admin.id,
      action: "invite.sent",
      metadata: { email: "new@x.test", role: "agent", token: "s3cret", tokenHash: "abc" },
    });
    await recordEvent(db, { organizationId: org.id, action: "something.new" });

    const { body } = await getActivity(admin);
    // Recorded within the same millisecond or so: compare as a set (ordering has its own test).
    const texts = body.events.map((e) => e.text).sort();
    expect(texts).toEqual(
      [
        "something.new",
        "Ada Admin invited new@x.test as Agent",
        `casey@customer.test created ticket #${t.ticketNumber}`,
        `Ada Admin assigned ticket #${t.ticketNumber} to Sam Agent`,
        `Ada Admin changed the role of ${agent.email} from Agent to Admin`,
      ].sort(),
    );
    expect(body.events.find((e) => e.action === "invite.sent")).toMatchObject({
      action: "invite.sent",
      actor: { name: "Ada Admin" },
      metadata: { email: "new@x.test", role: "agent" },
    });
    expect(JSON.stringify(body)).not.toMatch(/s3cret|tokenHash|"abc"/);
    expect(body.events.find((e) => e.action === "something.new")!.actor.name).toBe("Someone");
  });

  it("does not resolve names of another organisation's users", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin");
    const outsider = await createUser(world.other.id, "agent", { fullName: "Secret Outsider" });
    await recordEvent(db, {
      organizationId: org.id,
      actorId: admin.id,
      action: "ticket.assigned",
      metadata: { from: null, to: outsider.id },
    });
    const { body } = await getActivity(admin);
    expect(JSON.stringify(body)).not.toContain("Secret Outsider");
  });

  it.each([
    ["?limit=0", "limit must be at least 1"],
    ["?limit=101", "limit must be at most 100"],
    ["?limit=abc", "limit must be a number"],
    ["?cursor=bm9wZQ", "Invalid cursor"],
  ])("rejects %s", async (query, message) => {
    expect(await getActivity(world.users.org_admin, query)).toMatchObject({ status: 400, body: { error: message } });
  });

  it.each([
    ["platform_admin", 200],
    ["org_admin", 200],
    ["agent", 403],
    ["end_user", 403],
  ] as const)("lets a %s read the activity: %i", async (role, status) => {
    expect((await getActivity(world.users[role])).status).toBe(status);
  });

  it("needs a session", async () => {
    expect((await activity(makeRequest("/api/admin/activity"), params())).status).toBe(401);
  });
});

describe("auditText", () => {
  it.each([
    [{ action: "user.login" }, "Ada signed in"],
    [{ action: "user.deactivated", metadata: { email: "x@y.test" } }, "Ada deactivated x@y.test"],
    [{ action: "user.activated", metadata: { email: "x@y.test" } }, "Ada activated x@y.test"],
    [
      { action: "invite.revoked", metadata: { email: "x@y.test", role: "agent" } },
      "Ada revoked the invitation for x@y.test",
    ],
    [{ action: "invite.accepted", metadata: { role: "org_admin" } }, "Ada accepted an invitation and joined as Admin"],
    [{ action: "support_email.added", metadata: { email: "help@x.test" } }, "Ada added the support email help@x.test"],
    [
      { action: "support_email.deactivated", metadata: { email: "help@x.test" } },
      "Ada deactivated the support email help@x.test",
    ],
    [
      { action: "organization.plan_changed", metadata: { from: "free", to: "pro" } },
      "Ada changed the plan from Free to Pro",
    ],
    [
      { action: "ticket.status_changed", metadata: { from: "open", to: "in_progress" }, ticketNumber: 7 },
      "Ada changed the status of ticket #7 from Open to In Progress",
    ],
    [{ action: "ticket.assigned", metadata: { to: null }, ticketNumber: 7 }, "Ada unassigned ticket #7"],
    [{ action: "portal.signed_in" }, "Ada signed in to the customer portal"],
  ])("%j -> %s", (event, text) => {
    expect(auditText({ actor: "Ada", metadata: null, ...event })).toBe(text);
  });
});
