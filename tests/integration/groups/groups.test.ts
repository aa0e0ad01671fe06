import { DELETE as remove, PATCH as patch } from "@/app/api/groups/[id]/route";
import { GET as list, POST as create } from "@/app/api/groups/route";
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

// Groups: admins create, change and delete them; agents read the list (to filter the queue and
// put a ticket in one); customers nothing. Members are active agents and admins of the
// organisation; deleting a group leaves its tickets ungrouped, with the change in their history.

type User = { id: string; sessionVersion: number };
const as = async (user: User | null): Promise<Record<string, string>> =>
  user ? { cookie: await sessionCookie(user) } : {};
let n = 0;
const unique = (prefix = "Group") => `${prefix} ${++n}`;

const post = async (user: User | null, body: unknown) =>
  readJson(await create(makeRequest("/api/groups", { method: "POST", body, headers: await as(user) }), params()));
const get = async (user: User | null) =>
  readJson(await list(makeRequest("/api/groups", { headers: await as(user) }), params()));
const update = async (user: User | null, id: string, body: unknown) =>
  readJson(
    await patch(makeRequest(`/api/groups/${id}`, { method: "PATCH", body, headers: await as(user) }), params({ id })),
  );
const del = async (user: User | null, id: string) =>
  readJson(
    await remove(makeRequest(`/api/groups/${id}`, { method: "DELETE", headers: await as(user) }), params({ id })),
  );

const MEMBER_INVALID = "Members must be active agents or admins of this organization";

let world: TwoTenants;
let agent2: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  world = await freshTwoTenants();
  agent2 = await createUser(world.org.id, "agent", { fullName: "Second Agent" });
});

describe("POST /api/groups", () => {
  it("creates a group with its members, assignment mode and cap, and records it", async () => {
    const { agent, org_admin } = world.users;
    const res = await post(org_admin, {
      name: "  Billing ",
      memberIds: [agent.id, org_admin.id, agent.id],
      assignment: "round_robin",
      maxOpenPerAgent: 5,
    });
    expect(res).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        name: "Billing",
        memberIds: expect.any(Array),
        assignment: "round_robin",
        maxOpenPerAgent: 5,
      },
    });
    expect([...(res.body.memberIds as string[])].sort()).toEqual([agent.id, org_admin.id].sort());
    const stored = await db.group.findUniqueOrThrow({ where: { id: res.body.id as string } });
    expect(stored).toMatchObject({ organizationId: world.org.id, nameKey: "billing" });
    const event = await db.auditEvent.findFirstOrThrow({
      where: { organizationId: world.org.id, action: "group.created", targetId: stored.id },
    });
    expect(event).toMatchObject({ actorId: org_admin.id, targetType: "group", metadata: { name: "Billing" } });
  });

  it("takes a name alone: no members, manual assignment, no cap", async () => {
    const res = await post(world.users.org_admin, { name: unique() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ memberIds: [], assignment: "manual", maxOpenPerAgent: null });
  });

  it("lets a platform admin of the organisation create one", async () => {
    expect((await post(world.users.platform_admin, { name: unique() })).status).toBe(201);
  });

  it.each([
    ["agent", 403],
    ["end_user", 403],
  ] as const)("refuses the %s with %i and saves nothing", async (role, status) => {
    const name = unique("Refused");
    const res = await post(world.users[role], { name });
    expect(res).toEqual({ status, body: { error: "You do not have permission to do this", code: "forbidden" } });
    expect(await db.group.count({ where: { name } })).toBe(0);
  });

  it("refuses a caller who is not signed in", async () => {
    expect(await post(null, { name: unique() })).toMatchObject({ status: 401, body: { code: "unauthorized" } });
  });

  it.each([
    ["a missing name", {}, "name", "Please give the group a name"],
    ["a blank name", { name: "  " }, "name", "Please give the group a name"],
    ["a name over 60 characters", { name: "x".repeat(61) }, "name", "Name must be at most 60 characters"],
    ["a name with a line break", { name: "a\nb" }, "name", "Must be a single line without control characters"],
    ["members that are not a list", { name: "N", memberIds: "x" }, "memberIds", "Members must be a list of user ids"],
    ["an empty member id", { name: "N", memberIds: [""] }, "memberIds.0", "Unknown member"],
    [
      "an unknown mode",
      { name: "N", assignment: "random" },
      "assignment",
      "Assignment must be manual, round_robin or balanced",
    ],
    ["a cap of 0", { name: "N", maxOpenPerAgent: 0 }, "maxOpenPerAgent", "The cap must be at least 1"],
    ["a cap over 1000", { name: "N", maxOpenPerAgent: 1001 }, "maxOpenPerAgent", "The cap must be at most 1000"],
    ["a fractional cap", { name: "N", maxOpenPerAgent: 2.5 }, "maxOpenPerAgent", "The cap must be a whole number"],
    ["a cap that is text", { name: "N", maxOpenPerAgent: "5" }, "maxOpenPerAgent", "The cap must be a number or null"],
  ])("refuses %s with a 400 naming the field", async (_, body, path, error) => {
    const res = await post(world.users.org_admin, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error, code: "validation_failed" });
    expect(res.body.issues).toEqual(expect.arrayContaining([{ path, message: error }]));
  });

  it("refuses a member who is a customer, deactivated, of another organisation or nobody, naming each", async () => {
    const deactivated = await createUser(world.org.id, "agent", { isActive: false });
    const name = unique("Refused");
    const res = await post(world.users.org_admin, {
      name,
      memberIds: [world.users.agent.id, world.users.end_user.id, deactivated.id, world.users.otherAdmin.id, "nobody"],
    });
    expect(res).toEqual({
      status: 400,
      body: {
        error: MEMBER_INVALID,
        code: "validation_failed",
        issues: [1, 2, 3, 4].map((i) => ({ path: `memberIds.${i}`, message: MEMBER_INVALID })),
      },
    });
    expect(await db.group.count({ where: { name } })).toBe(0);
  });

  it("refuses a name the organisation already uses, whatever its case; another organisation may use it", async () => {
    const name = unique("Tier");
    expect((await post(world.users.org_admin, { name })).status).toBe(201);
    expect(await post(world.users.org_admin, { name: name.toUpperCase() })).toEqual({
      status: 409,
      body: { error: "A group with this name already exists", code: "conflict" },
    });
    expect((await post(world.users.otherAdmin, { name })).status).toBe(201);
  });

  it("is available on every plan", async () => {
    const org = await createOrg("free");
    const admin = await createUser(org.id, "org_admin");
    expect((await post(admin, { name: "Free plan group", memberIds: [admin.id] })).status).toBe(201);
  });
});

describe("GET /api/groups", () => {
  it("lists the organisation's groups by name to admins and agents, never another organisation's", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin");
    const agent = await createUser(org.id, "agent");
    const customer = await createUser(org.id, "end_user");
    await post(admin, { name: "tier 2", memberIds: [agent.id] });
    await post(admin, { name: "Billing", memberIds: [agent.id, admin.id] });
    await post(world.users.otherAdmin, { name: unique("Elsewhere") });
    for (const user of [admin, agent]) {
      const res = await get(user);
      expect(res.status).toBe(200);
      expect((res.body.groups as { name: string }[]).map((g) => g.name)).toEqual(["Billing", "tier 2"]);
    }
    expect((await get(customer)).status).toBe(403);
    expect((await get(null)).status).toBe(401);
  });
});

describe("PATCH /api/groups/{id}", () => {
  const fresh = async (memberIds: string[] = []) =>
    (await post(world.users.org_admin, { name: unique(), memberIds })).body as { id: string; name: string };

  it("renames the group and changes its mode and cap, leaving what is not sent alone", async () => {
    const group = await fresh([world.users.agent.id]);
    const name = unique("Renamed");
    const res = await update(world.users.org_admin, group.id, { name, assignment: "balanced", maxOpenPerAgent: 3 });
    expect(res).toEqual({
      status: 200,
      body: { id: group.id, name, memberIds: [world.users.agent.id], assignment: "balanced", maxOpenPerAgent: 3 },
    });
    const event = await db.auditEvent.findFirstOrThrow({ where: { action: "group.updated", targetId: group.id } });
    expect(event.metadata).toEqual({ name, from: group.name });
    expect((await update(world.users.org_admin, group.id, { maxOpenPerAgent: null })).body.maxOpenPerAgent).toBeNull();
  });

  it("replaces the members with memberIds", async () => {
    const group = await fresh([world.users.agent.id]);
    const res = await update(world.users.org_admin, group.id, { memberIds: [agent2.id, world.users.org_admin.id] });
    expect([...(res.body.memberIds as string[])].sort()).toEqual([agent2.id, world.users.org_admin.id].sort());
  });

  it("adds and removes members by id; adding one already in the group adds nothing", async () => {
    const group = await fresh([world.users.agent.id, agent2.id]);
    const res = await update(world.users.org_admin, group.id, {
      addMemberIds: [world.users.org_admin.id, agent2.id],
      removeMemberIds: [world.users.agent.id],
    });
    expect(res.status).toBe(200);
    expect([...(res.body.memberIds as string[])].sort()).toEqual([agent2.id, world.users.org_admin.id].sort());
  });

  it("lets an agent be in several groups", async () => {
    const a = await fresh([agent2.id]);
    const b = await fresh([agent2.id]);
    const memberships = await db.groupMember.findMany({ where: { userId: agent2.id, groupId: { in: [a.id, b.id] } } });
    expect(memberships).toHaveLength(2);
  });

  it.each([
    ["memberIds", (id: string) => ({ memberIds: [id] })],
    ["addMemberIds", (id: string) => ({ addMemberIds: [id] })],
  ] as const)("refuses a customer or another organisation's user in %s, naming the field", async (field, body) => {
    const group = await fresh([world.users.agent.id]);
    for (const id of [world.users.end_user.id, world.users.otherAdmin.id]) {
      const res = await update(world.users.org_admin, group.id, body(id));
      expect(res).toEqual({
        status: 400,
        body: {
          error: MEMBER_INVALID,
          code: "validation_failed",
          issues: [{ path: `${field}.0`, message: MEMBER_INVALID }],
        },
      });
    }
    expect(await db.groupMember.findMany({ where: { groupId: group.id }, select: { userId: true } })).toEqual([
      { userId: world.users.agent.id },
    ]);
  });

  it("refuses memberIds together with addMemberIds", async () => {
    const group = await fresh();
    const res = await update(world.users.org_admin, group.id, { memberIds: [], addMemberIds: [agent2.id] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "validation_failed",
      error: "Send either memberIds or addMemberIds/removeMemberIds, not both",
    });
  });

  it("refuses a name another group of the organisation has", async () => {
    const a = await fresh();
    const b = await fresh();
    expect(await update(world.users.org_admin, b.id, { name: a.name.toLowerCase() })).toEqual({
      status: 409,
      body: { error: "A group with this name already exists", code: "conflict" },
    });
  });

  it("answers 404 for another organisation's group and changes nothing; agents and customers get 403", async () => {
    const group = await fresh();
    expect(await update(world.users.otherAdmin, group.id, { name: "Stolen" })).toEqual({
      status: 404,
      body: { error: "Group not found", code: "not_found" },
    });
    expect((await update(world.users.agent, group.id, { name: "Agent's" })).status).toBe(403);
    expect((await update(world.users.end_user, group.id, { name: "Customer's" })).status).toBe(403);
    expect((await db.group.findUniqueOrThrow({ where: { id: group.id } })).name).toBe(group.name);
  });
});

describe("DELETE /api/groups/{id}", () => {
  it("leaves the group's tickets ungrouped, each with the change in its history, and records the deletion", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin", { fullName: "Ada Admin" });
    await createTickets(org.id, ["open", "resolved", "open"]);
    const group = (await post(admin, { name: "Billing" })).body as { id: string };
    const tickets = await db.ticket.findMany({ where: { organizationId: org.id }, orderBy: { ticketNumber: "asc" } });
    await db.ticket.updateMany({
      where: { id: { in: [tickets[0]!.id, tickets[1]!.id] } },
      data: { groupId: group.id },
    });

    expect(await del(admin, group.id)).toEqual({ status: 200, body: { ungrouped: 2 } });

    expect(await db.group.count({ where: { id: group.id } })).toBe(0);
    expect(await db.ticket.count({ where: { organizationId: org.id } })).toBe(3);
    expect(await db.ticket.count({ where: { organizationId: org.id, groupId: { not: null } } })).toBe(0);
    const history = await db.auditEvent.findMany({ where: { organizationId: org.id, action: "ticket.group_changed" } });
    expect(history.map((e) => e.ticketId).sort()).toEqual([tickets[0]!.id, tickets[1]!.id].sort());
    expect(history[0]).toMatchObject({
      actorId: admin.id,
      actorLabel: "Ada Admin",
      metadata: { field: "group", from: group.id, to: null, fromName: "Billing", toName: null, groupDeleted: true },
    });
    const event = await db.auditEvent.findFirstOrThrow({ where: { organizationId: org.id, action: "group.deleted" } });
    expect(event.metadata).toEqual({ name: "Billing", ungrouped: 2 });
  });

  it("answers 404 for another organisation's group and for one already deleted", async () => {
    const group = (await post(world.users.org_admin, { name: unique() })).body as { id: string };
    expect(await del(world.users.otherAdmin, group.id)).toEqual({
      status: 404,
      body: { error: "Group not found", code: "not_found" },
    });
    expect((await del(world.users.org_admin, group.id)).status).toBe(200);
    expect((await del(world.users.org_admin, group.id)).status).toBe(404);
  });

  it.each(["agent", "end_user"] as const)("refuses the %s with 403 and keeps the group", async (role) => {
    const group = (await post(world.users.org_admin, { name: unique() })).body as { id: string };
    expect((await del(world.users[role], group.id)).status).toBe(403);
    expect(await db.group.count({ where: { id: group.id } })).toBe(1);
  });
});
