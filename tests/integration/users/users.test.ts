import { PATCH as patchUser } from "@/app/api/users/[id]/route";
import { GET as teamList } from "@/app/api/users/organization/[organizationId]/route";
import { GET as listUsers } from "@/app/api/users/route";
import { GET as tickets } from "@/app/api/tickets/route";
import { GET as stats } from "@/app/api/users/stats/route";
import { createOrg, createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

type User = { id: string; sessionVersion: number };
type Row = { id: string; fullName: string; email: string; role: string; isActive: boolean; createdAt: string };
const headers = async (user: User | null): Promise<Record<string, string>> =>
  user ? { cookie: await sessionCookie(user) } : {};

async function get(user: User | null, query = "") {
  const res = await listUsers(makeRequest(`/api/users${query}`, { headers: await headers(user) }), params());
  return {
    status: res.status,
    body: (await res.json()) as Row[] & { error?: string },
    next: res.headers.get("x-next-cursor"),
  };
}
async function patch(user: User | null, id: string, body: unknown) {
  return readJson(
    await patchUser(
      makeRequest(`/api/users/${id}`, { method: "PATCH", body, headers: await headers(user) }),
      params({ id }),
    ),
  );
}
async function team(user: User | null, organizationId: string) {
  const res = await teamList(
    makeRequest(`/api/users/organization/${organizationId}`, { headers: await headers(user) }),
    params({ organizationId }),
  );
  return { status: res.status, body: (await res.json()) as Row[] & { error?: string } };
}
/** Any signed-in call: answers 401 once the cookie's session has been revoked. */
/** Whether a session cookie still works, on a route open to every role. */
const callWith = async (cookie: string) =>
  (await tickets(makeRequest("/api/tickets", { headers: { cookie } }), params())).status;
const fresh = (id: string) => db.user.findUniqueOrThrow({ where: { id } });

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

describe("GET /api/users", () => {
  it("lists the caller's organisation's users with the spec's fields, newest first", async () => {
    const { status, body } = await get(world.users.org_admin);
    expect(status).toBe(200);
    expect(body.map((u) => u.id).sort()).toEqual(
      [world.users.platform_admin, world.users.org_admin, world.users.agent, world.users.end_user]
        .map((u) => u.id)
        .sort(),
    );
    expect(Object.keys(body[0]!).sort()).toEqual(["createdAt", "email", "fullName", "id", "isActive", "role"]);
    expect(body.map((u) => u.email)).not.toContain(world.users.otherAdmin.email);
  });

  it("searches full name or email case-insensitively on the server", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin", { fullName: "Ada Admin" });
    await createUser(org.id, "agent", { fullName: "Grace HOPPER", email: "grace@navy.test" });
    await createUser(org.id, "end_user", { fullName: "Alan Turing", email: "alan@bletchley.test" });
    expect((await get(admin, "?q=hopper")).body.map((u) => u.fullName)).toEqual(["Grace HOPPER"]);
    expect((await get(admin, "?q=BLETCHLEY")).body.map((u) => u.fullName)).toEqual(["Alan Turing"]);
    expect((await get(admin, "?q=%20%20")).body).toHaveLength(3);
    expect((await get(admin, "?q=nobody-at-all")).body).toEqual([]);
  });

  it("pages with limit and X-Next-Cursor without gaps or repeats", async () => {
    const org = await createOrg("enterprise");
    const admin = await createUser(org.id, "org_admin");
    await db.user.createMany({
      data: Array.from({ length: 7 }, (_, i) => ({
        organizationId: org.id,
        fullName: `Bulk ${i}`,
        email: `bulk-${i}-${org.id}@example.test`,
        username: `bulk${i}`,
        role: "end_user" as const,
        passwordHash: "x",
        createdAt: new Date(2026, 0, 1),
      })),
    });
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: Awaited<ReturnType<typeof get>> = await get(admin, `?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.body.length).toBeLessThanOrEqual(3);
      seen.push(...page.body.map((u) => u.id));
      cursor = page.next;
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
  });

  it.each([
    ["?limit=0", "limit must be at least 1"],
    ["?limit=201", "limit must be at most 200"],
    ["?limit=abc", "limit must be a number"],
    ["?cursor=bm9wZQ", "Invalid cursor"],
    [`?q=${"x".repeat(201)}`, "Search is too long"],
  ])("rejects %s", async (query, message) => {
    expect(await get(world.users.org_admin, query)).toMatchObject({ status: 400, body: { error: message } });
  });

  it("is for admins only: 401 anonymous, 403 agent and end user, 200 platform admin", async () => {
    expect((await get(null)).status).toBe(401);
    expect((await get(world.users.agent)).status).toBe(403);
    expect((await get(world.users.end_user)).status).toBe(403);
    expect((await get(world.users.platform_admin)).status).toBe(200);
  });
});

describe("GET /api/users/stats", () => {
  it("counts total, active and inactive users of the organisation", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin");
    await createUser(org.id, "agent", { isActive: false });
    await createUser(org.id, "end_user");
    const res = await readJson(
      await stats(makeRequest("/api/users/stats", { headers: await headers(admin) }), params()),
    );
    expect(res).toEqual({ status: 200, body: { total: 3, active: 2, inactive: 1 } });
  });

  it("is for admins only", async () => {
    const status = async (user: User | null) =>
      (await stats(makeRequest("/api/users/stats", { headers: await headers(user) }), params())).status;
    expect(await status(null)).toBe(401);
    expect(await status(world.users.agent)).toBe(403);
    expect(await status(world.users.end_user)).toBe(403);
    expect(await status(world.users.platform_admin)).toBe(200);
  });
});

describe("GET /api/users/organization/{organizationId}", () => {
  it("returns the team (agents and admins) of the admin's own organisation", async () => {
    const { status, body } = await team(world.users.org_admin, world.org.id);
    expect(status).toBe(200);
    expect(body.map((u) => u.id).sort()).toEqual(
      [world.users.platform_admin, world.users.org_admin, world.users.agent].map((u) => u.id).sort(),
    );
    // Whether each is available for automatic assignment or away, too.
    expect(Object.keys(body[0]!).sort()).toEqual([
      "availability",
      "createdAt",
      "email",
      "fullName",
      "id",
      "isActive",
      "role",
    ]);
  });

  it("checks the role first: 401 anonymous, 403 for agents and end users even for another organisation", async () => {
    expect((await team(null, world.org.id)).status).toBe(401);
    for (const user of [world.users.agent, world.users.end_user]) {
      expect(await team(user, world.org.id)).toEqual({
        status: 403,
        body: { error: "You do not have permission to do this", code: "forbidden" },
      });
      expect((await team(user, world.other.id)).status).toBe(403);
    }
  });

  it("hides another organisation from an org admin (404) but not from a platform admin", async () => {
    expect(await team(world.users.org_admin, world.other.id)).toEqual({
      status: 404,
      body: { error: "Organization not found", code: "not_found" },
    });
    const platform = await team(world.users.platform_admin, world.other.id);
    expect(platform.status).toBe(200);
    expect(platform.body.map((u) => u.id)).toEqual([world.users.otherAdmin.id]);
    expect((await team(world.users.platform_admin, "no-such-org")).status).toBe(404);
  });
});

describe("PATCH /api/users/{id}", () => {
  it("changes a role: returns the user, records user.role_changed and ends the user's sessions", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin");
    const target = await createUser(org.id, "end_user");
    const oldCookie = await sessionCookie(target);
    expect(await callWith(oldCookie)).toBe(200);
    const res = await patch(admin, target.id, { role: "agent" });
    expect(res).toEqual({
      status: 200,
      body: {
        id: target.id,
        fullName: target.fullName,
        email: target.email,
        role: "agent",
        isActive: true,
        createdAt: target.createdAt.toISOString(),
      },
    });
    expect((await fresh(target.id)).sessionVersion).toBe(target.sessionVersion + 1);
    expect(await callWith(oldCookie)).toBe(401);
    expect(
      await db.auditEvent.findFirst({
        where: { organizationId: org.id, action: "user.role_changed", targetId: target.id },
      }),
    ).toMatchObject({
      actorId: admin.id,
      targetType: "user",
      metadata: { email: target.email, from: "end_user", to: "agent" },
    });
  });

  it("deactivates (sessions end at once, user.deactivated) and reactivates (user.activated)", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin");
    const target = await createUser(org.id, "agent");
    const targetCookie = await sessionCookie(target);
    expect(await callWith(targetCookie)).toBe(200);
    expect(await patch(admin, target.id, { isActive: false })).toMatchObject({
      status: 200,
      body: { isActive: false },
    });
    expect(await callWith(targetCookie)).toBe(401);
    expect(await patch(admin, target.id, { isActive: true })).toMatchObject({ status: 200, body: { isActive: true } });
    const actions = await db.auditEvent.findMany({
      where: { organizationId: org.id, targetId: target.id },
      orderBy: { createdAt: "asc" },
      select: { action: true, metadata: true },
    });
    expect(actions).toEqual([
      { action: "user.deactivated", metadata: { email: target.email } },
      { action: "user.activated", metadata: { email: target.email } },
    ]);
    // The old cookie stays dead after reactivation: the user signs in again.
    expect(await callWith(targetCookie)).toBe(401);
  });

  it("answers an unchanged value with the user and no event", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin");
    const target = await createUser(org.id, "agent");
    expect(await patch(admin, target.id, { role: "agent", isActive: true })).toMatchObject({
      status: 200,
      body: { role: "agent", isActive: true },
    });
    expect((await fresh(target.id)).sessionVersion).toBe(target.sessionVersion);
    expect(await db.auditEvent.count({ where: { targetId: target.id } })).toBe(0);
  });

  it.each([
    [{}, "Nothing to update"],
    [{ role: "owner" }, "Unknown role"],
    [{ isActive: "yes" }, "isActive must be true or false"],
  ])("rejects %j", async (body, message) => {
    expect(await patch(world.users.org_admin, world.users.agent.id, body)).toMatchObject({
      status: 400,
      body: { error: message },
    });
  });

  it("is for admins only: 401 anonymous, 403 agent and end user", async () => {
    expect((await patch(null, world.users.end_user.id, { role: "agent" })).status).toBe(401);
    expect((await patch(world.users.agent, world.users.end_user.id, { role: "agent" })).status).toBe(403);
    expect((await patch(world.users.end_user, world.users.end_user.id, { role: "agent" })).status).toBe(403);
    expect((await fresh(world.users.end_user.id)).role).toBe("end_user");
  });

  it("answers 404 for another organisation's user, even to a platform admin", async () => {
    for (const actor of [world.users.org_admin, world.users.platform_admin]) {
      expect(await patch(actor, world.users.otherAdmin.id, { isActive: false })).toEqual({
        status: 404,
        body: { error: "User not found", code: "not_found" },
      });
    }
    expect(await patch(world.users.org_admin, "no-such-user", { role: "agent" })).toEqual({
      status: 404,
      body: { error: "User not found", code: "not_found" },
    });
    expect((await fresh(world.users.otherAdmin.id)).isActive).toBe(true);
  });

  it("lets only a platform admin grant or remove platform_admin", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin");
    const platform = await createUser(org.id, "platform_admin");
    const agent = await createUser(org.id, "agent");
    const refused = {
      status: 403,
      body: { error: "Only a platform admin can grant or remove the Platform Admin role", code: "forbidden" },
    };
    expect(await patch(admin, agent.id, { role: "platform_admin" })).toEqual(refused);
    expect(await patch(admin, platform.id, { role: "agent" })).toEqual(refused);
    expect((await fresh(platform.id)).role).toBe("platform_admin");
    expect(await patch(admin, platform.id, { isActive: false })).toEqual({
      status: 403,
      body: { error: "Only a platform admin can activate or deactivate a Platform Admin", code: "forbidden" },
    });
    expect((await fresh(platform.id)).isActive).toBe(true);
    expect(await patch(platform, agent.id, { role: "platform_admin" })).toMatchObject({
      status: 200,
      body: { role: "platform_admin" },
    });
    expect(await patch(platform, agent.id, { role: "org_admin" })).toMatchObject({
      status: 200,
      body: { role: "org_admin" },
    });
  });

  it("refuses to let an admin deactivate or demote themself", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin");
    await createUser(org.id, "org_admin"); // another admin exists, so only the self rule applies
    const platform = await createUser(org.id, "platform_admin");
    expect(await patch(admin, admin.id, { isActive: false })).toEqual({
      status: 400,
      body: { error: "You cannot deactivate your own account", code: "bad_request" },
    });
    expect(await patch(admin, admin.id, { role: "agent" })).toEqual({
      status: 400,
      body: { error: "You cannot change your own role", code: "bad_request" },
    });
    expect(await patch(platform, platform.id, { role: "org_admin" })).toEqual({
      status: 400,
      body: { error: "You cannot change your own role", code: "bad_request" },
    });
    expect(await fresh(admin.id)).toMatchObject({ role: "org_admin", isActive: true });
  });

  it("never lets an organisation lose its last active org admin (409)", async () => {
    const org = await createOrg("pro");
    const platform = await createUser(org.id, "platform_admin");
    const admin = await createUser(org.id, "org_admin");
    await createUser(org.id, "org_admin", { isActive: false });
    const lastAdmin = {
      status: 409,
      body: {
        error: "An organization needs at least one active admin. Make someone else an admin first.",
        code: "conflict",
      },
    };
    expect(await patch(platform, admin.id, { isActive: false })).toEqual(lastAdmin);
    expect(await patch(platform, admin.id, { role: "agent" })).toEqual(lastAdmin);
    const second = await createUser(org.id, "agent");
    expect((await patch(platform, second.id, { role: "org_admin" })).status).toBe(200);
    expect(await patch(platform, admin.id, { role: "agent" })).toMatchObject({ status: 200, body: { role: "agent" } });
  });

  it("keeps one admin when two admins demote each other at the same time", async () => {
    const org = await createOrg("pro");
    const a = await createUser(org.id, "org_admin");
    const b = await createUser(org.id, "org_admin");
    const results = await Promise.all([patch(a, b.id, { isActive: false }), patch(b, a.id, { isActive: false })]);
    // The first deactivation revokes the other admin's session, or the second finds no other admin left.
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await db.user.count({ where: { organizationId: org.id, role: "org_admin", isActive: true } })).toBe(1);
  });

  it("checks the seat limit when activating or promoting, not when demoting or for end users", async () => {
    const org = await createOrg("starter"); // 2 seats
    const admin = await createUser(org.id, "org_admin");
    const agent = await createUser(org.id, "agent");
    const sleeper = await createUser(org.id, "agent", { isActive: false });
    const customer = await createUser(org.id, "end_user");
    const inactiveCustomer = await createUser(org.id, "end_user", { isActive: false });
    const full = {
      status: 409,
      body: {
        error: "Your Starter plan's agent seats are all in use. Upgrade your plan to add more team members.",
        code: "seat_limit_reached",
      },
    };
    expect(await patch(admin, sleeper.id, { isActive: true })).toEqual(full);
    expect(await patch(admin, customer.id, { role: "agent" })).toEqual(full);
    expect(await patch(admin, customer.id, { role: "org_admin" })).toEqual(full);
    expect((await patch(admin, inactiveCustomer.id, { isActive: true })).status).toBe(200);
    expect((await patch(admin, sleeper.id, { role: "org_admin" })).status).toBe(200); // inactive: takes no seat
    expect((await patch(admin, agent.id, { role: "org_admin" })).status).toBe(200); // already holds a seat
    expect((await patch(admin, agent.id, { role: "end_user" })).status).toBe(200);
    expect((await patch(admin, customer.id, { role: "agent" })).status).toBe(200);
  });

  it("counts a seat held by a live invitation when activating or promoting, as the seat figures do", async () => {
    const org = await createOrg("starter"); // 2 seats: the admin holds one, the invitation the other
    const admin = await createUser(org.id, "org_admin");
    const sleeper = await createUser(org.id, "agent", { isActive: false });
    const customer = await createUser(org.id, "end_user");
    const invite = await db.teamInvite.create({
      data: {
        organizationId: org.id,
        email: `held-${org.id}@example.test`,
        role: "agent",
        tokenHash: `held-${org.id}`,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    expect(await patch(admin, sleeper.id, { isActive: true })).toMatchObject({
      status: 409,
      body: { code: "seat_limit_reached" },
    });
    expect((await patch(admin, customer.id, { role: "agent" })).status).toBe(409);
    // An expired invitation holds nothing.
    await db.teamInvite.update({ where: { id: invite.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await patch(admin, sleeper.id, { isActive: true })).status).toBe(200);
  });

  it("admits only the free seats to 10 parallel activations", async () => {
    const org = await createOrg("starter"); // 2 seats: the admin holds one
    const admin = await createUser(org.id, "org_admin");
    const sleepers = await Promise.all(
      Array.from({ length: 10 }, () => createUser(org.id, "agent", { isActive: false })),
    );
    const results = await Promise.all(sleepers.map((s) => patch(admin, s.id, { isActive: true })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await db.user.count({ where: { organizationId: org.id, isActive: true } })).toBe(2);
  });

  it("admits only the free seats to 10 parallel promotions", async () => {
    const org = await createOrg("pro"); // 10 seats
    const admin = await createUser(org.id, "org_admin");
    await Promise.all(Array.from({ length: 7 }, () => createUser(org.id, "agent")));
    const customers = await Promise.all(Array.from({ length: 10 }, () => createUser(org.id, "end_user")));
    const results = await Promise.all(customers.map((c) => patch(admin, c.id, { role: "agent" })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(
      await db.user.count({ where: { organizationId: org.id, isActive: true, role: { in: ["agent", "org_admin"] } } }),
    ).toBe(10);
  });
});
