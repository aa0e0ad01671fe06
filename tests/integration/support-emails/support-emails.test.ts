import { DELETE as remove } from "@/app/api/support-emails/[id]/route";
import { PUT as toggle } from "@/app/api/support-emails/[id]/toggle/route";
import { GET as list, POST as create } from "@/app/api/support-emails/route";
import type { Plan } from "@/generated/prisma/enums";
import { createOrg, createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

type User = { id: string; sessionVersion: number };
const as = async (user: User) => ({ cookie: await sessionCookie(user) });
let n = 0;
const address = (prefix = "help") => `${prefix}-${++n}-${Date.now()}@support.test`;

async function post(user: User, body: unknown) {
  return readJson(
    await create(makeRequest("/api/support-emails", { method: "POST", body, headers: await as(user) }), params()),
  );
}
async function get(user: User, query = "") {
  const res = await list(makeRequest(`/api/support-emails${query}`, { headers: await as(user) }), params());
  return { status: res.status, body: (await res.json()) as Record<string, unknown>[] & { error?: string } };
}
async function flip(user: User, id: string) {
  return readJson(
    await toggle(
      makeRequest(`/api/support-emails/${id}/toggle`, { method: "PUT", headers: await as(user) }),
      params({ id }),
    ),
  );
}
async function del(user: User, id: string) {
  return readJson(
    await remove(
      makeRequest(`/api/support-emails/${id}`, { method: "DELETE", headers: await as(user) }),
      params({ id }),
    ),
  );
}
async function adminOf(plan: Plan) {
  const org = await createOrg(plan);
  return { org, admin: await createUser(org.id, "org_admin") };
}

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
  // Many tests below add to the shared organisation: lift its limit (limits have their own tests).
  await db.organization.update({ where: { id: world.org.id }, data: { plan: "enterprise" } });
});

describe("POST /api/support-emails", () => {
  it("adds a trimmed, lowercased address to the caller's organisation and records it", async () => {
    const { org, admin } = await adminOf("pro");
    const res = await post(admin, { email: "  Help@Acme-Support.TEST ", displayName: "  Acme Help  " });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      email: "help@acme-support.test",
      displayName: "Acme Help",
      isActive: true,
      organizationId: org.id,
      verifiedAt: null,
      imapMailbox: null,
    });
    const event = await db.auditEvent.findFirstOrThrow({
      where: { organizationId: org.id, action: "support_email.added" },
    });
    expect(event).toMatchObject({
      actorId: admin.id,
      targetType: "support_email",
      targetId: res.body.id,
      metadata: { email: "help@acme-support.test" },
    });
  });

  it("accepts the caller's own organizationId (the settings screen sends it)", async () => {
    const res = await post(world.users.org_admin, {
      email: address(),
      displayName: "Own",
      organizationId: world.org.id,
    });
    expect(res).toMatchObject({ status: 201, body: { organizationId: world.org.id } });
  });

  it("answers 404 for another organisation's id and creates nothing there", async () => {
    const email = address();
    const res = await post(world.users.org_admin, { email, displayName: "Foreign", organizationId: world.other.id });
    expect(res).toEqual({ status: 404, body: { error: "Organization not found", code: "not_found" } });
    expect(await db.supportEmail.count({ where: { email } })).toBe(0);
  });

  it.each([
    [{}, "Please provide both email address and display name"],
    [{ email: "a@b.test" }, "Please provide both email address and display name"],
    [{ displayName: "Help" }, "Please provide both email address and display name"],
    [{ email: "   ", displayName: "Help" }, "Please provide both email address and display name"],
    [{ email: "a@b.test", displayName: "   " }, "Please provide both email address and display name"],
    [{ email: "not-an-email", displayName: "Help" }, "Please enter a valid email address"],
    [{ email: `${"a".repeat(250)}@b.test`, displayName: "Help" }, "Email address is too long"],
    [{ email: "a@b.test", displayName: "x".repeat(101) }, "Display name must be at most 100 characters"],
  ])("rejects %j", async (body, message) => {
    const { admin } = await adminOf("pro");
    expect(await post(admin, body)).toMatchObject({ status: 400, body: { error: message } });
  });

  it.each([
    ["platform_admin", 201],
    ["org_admin", 201],
    ["agent", 403],
    ["end_user", 403],
  ] as const)("lets a %s add: %i", async (role, status) => {
    expect(
      (await post(world.users[role], { email: address(role.replace("_", "-")), displayName: "Team" })).status,
    ).toBe(status);
  });

  it("needs a session", async () => {
    const res = await create(
      makeRequest("/api/support-emails", { method: "POST", body: { email: address(), displayName: "x" } }),
      params(),
    );
    expect(res.status).toBe(401);
  });

  it("keeps an address to one organisation platform-wide, without naming the holder", async () => {
    const email = address("shared");
    expect((await post(world.users.org_admin, { email, displayName: "Ours" })).status).toBe(201);
    const again = await post(world.users.otherAdmin, { email: email.toUpperCase(), displayName: "Theirs" });
    expect(again).toEqual({ status: 409, body: { error: "This email address is already in use", code: "conflict" } });
    expect(JSON.stringify(again.body)).not.toContain(world.org.name);
    const same = await post(world.users.org_admin, { email, displayName: "Ours again" });
    expect(same).toEqual({ status: 409, body: { error: "This email address is already in use", code: "conflict" } });
  });

  it.each([
    ["free", 1],
    ["starter", 1],
    ["pro", 5],
  ] as const)("stops a %s organisation at %i address(es) with a clear message", async (plan, limit) => {
    const { org, admin } = await adminOf(plan);
    for (let i = 0; i < limit; i++)
      expect((await post(admin, { email: address(plan), displayName: `Help ${i}` })).status).toBe(201);
    const over = await post(admin, { email: address(plan), displayName: "One too many" });
    const name = { free: "Free", starter: "Starter", pro: "Pro" }[plan];
    expect(over).toEqual({
      status: 409,
      body: {
        error: `Your ${name} plan allows ${limit} support email address${limit === 1 ? "" : "es"}. Upgrade your plan to add more.`,
        code: "support_email_limit_reached",
      },
    });
    expect(await db.supportEmail.count({ where: { organizationId: org.id } })).toBe(limit);
  });

  it("lets an enterprise organisation add without limit", async () => {
    const { org, admin } = await adminOf("enterprise");
    for (let i = 0; i < 8; i++)
      expect((await post(admin, { email: address("ent"), displayName: `Help ${i}` })).status).toBe(201);
    expect(await db.supportEmail.count({ where: { organizationId: org.id } })).toBe(8);
  });

  it("counts inactive addresses against the limit too", async () => {
    const { admin } = await adminOf("free");
    const first = await post(admin, { email: address("free"), displayName: "One" });
    await flip(admin, first.body.id as string);
    expect((await post(admin, { email: address("free"), displayName: "Two" })).status).toBe(409);
  });

  it("does not overshoot the limit under 12 parallel adds", async () => {
    const { org, admin } = await adminOf("pro");
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(admin, { email: address("race"), displayName: `Race ${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await db.supportEmail.count({ where: { organizationId: org.id } })).toBe(5);
  });

  it("gives one address to exactly one of two organisations adding it at once", async () => {
    const a = await adminOf("pro");
    const b = await adminOf("pro");
    const email = address("contested");
    const results = await Promise.all([
      post(a.admin, { email, displayName: "A" }),
      post(b.admin, { email, displayName: "B" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body).toEqual({
      error: "This email address is already in use",
      code: "conflict",
    });
  });
});

describe("GET /api/support-emails", () => {
  it("lists only the caller's organisation's addresses, oldest first", async () => {
    const { org, admin } = await adminOf("pro");
    const agent = await createUser(org.id, "agent");
    await post(admin, { email: "first@list.test", displayName: "First" });
    await post(admin, { email: "second@list.test", displayName: "Second" });
    await post(world.users.otherAdmin, { email: address("elsewhere"), displayName: "Elsewhere" });
    const res = await get(agent);
    expect(res.status).toBe(200);
    expect(res.body.map((e) => e.email)).toEqual(["first@list.test", "second@list.test"]);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      email: "first@list.test",
      displayName: "First",
      isActive: true,
      organizationId: org.id,
      verifiedAt: null,
      imapMailbox: null,
    });
    expect((await get(agent, `?organizationId=${org.id}`)).body).toHaveLength(2);
  });

  it("answers 404 when the query names another organisation", async () => {
    expect(await get(world.users.org_admin, `?organizationId=${world.other.id}`)).toEqual({
      status: 404,
      body: { error: "Organization not found", code: "not_found" },
    });
  });

  it.each([
    ["platform_admin", 200],
    ["org_admin", 200],
    ["agent", 200],
    ["end_user", 403],
  ] as const)("lets a %s list: %i", async (role, status) => {
    expect((await get(world.users[role])).status).toBe(status);
  });

  it("needs a session", async () => {
    expect((await list(makeRequest("/api/support-emails"), params())).status).toBe(401);
  });
});

describe("PUT /api/support-emails/{id}/toggle and DELETE /api/support-emails/{id}", () => {
  async function fresh() {
    const { org, admin } = await adminOf("pro");
    const created = await post(admin, { email: address("toggle"), displayName: "Toggle" });
    return { org, admin, id: created.body.id as string, email: created.body.email as string };
  }

  it("flips the active state back and forth, recording each change", async () => {
    const { org, admin, id, email } = await fresh();
    expect(await flip(admin, id)).toMatchObject({
      status: 200,
      body: { id, email, isActive: false, organizationId: org.id },
    });
    expect(await flip(admin, id)).toMatchObject({ status: 200, body: { id, isActive: true } });
    const events = await db.auditEvent.findMany({
      where: { organizationId: org.id, targetId: id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(events.map((e) => e.action)).toEqual([
      "support_email.added",
      "support_email.deactivated",
      "support_email.activated",
    ]);
    expect(events[1]).toMatchObject({ actorId: admin.id, targetType: "support_email", metadata: { email } });
  });

  it("removes an address and records it", async () => {
    const { org, admin, id, email } = await fresh();
    expect(await del(admin, id)).toEqual({ status: 200, body: { ok: true } });
    expect(await db.supportEmail.count({ where: { id } })).toBe(0);
    expect(
      await db.auditEvent.findFirst({ where: { organizationId: org.id, action: "support_email.removed" } }),
    ).toMatchObject({ actorId: admin.id, targetId: id, metadata: { email } });
    expect(await del(admin, id)).toEqual({
      status: 404,
      body: { error: "Support email not found", code: "not_found" },
    });
    expect(await flip(admin, id)).toEqual({
      status: 404,
      body: { error: "Support email not found", code: "not_found" },
    });
  });

  it("frees a removed address and a slot for a new one", async () => {
    const { admin: freeAdmin } = await adminOf("free");
    const email = address("reuse");
    const first = await post(freeAdmin, { email, displayName: "One" });
    await del(freeAdmin, first.body.id as string);
    expect((await post(freeAdmin, { email, displayName: "Again" })).status).toBe(201);
  });

  it("answers 404 for another tenant's address and leaves it untouched", async () => {
    const { id } = await fresh();
    expect(await flip(world.users.otherAdmin, id)).toEqual({
      status: 404,
      body: { error: "Support email not found", code: "not_found" },
    });
    expect(await del(world.users.otherAdmin, id)).toEqual({
      status: 404,
      body: { error: "Support email not found", code: "not_found" },
    });
    expect(await db.supportEmail.findUniqueOrThrow({ where: { id } })).toMatchObject({ isActive: true });
  });

  it("answers 404 for an id that does not exist", async () => {
    expect((await flip(world.users.org_admin, "no-such-id")).status).toBe(404);
    expect((await del(world.users.org_admin, "no-such-id")).status).toBe(404);
  });

  it.each(["agent", "end_user"] as const)("refuses a %s (403) and changes nothing", async (role) => {
    const created = await post(world.users.org_admin, { email: address("perm"), displayName: "Perm" });
    const id = created.body.id as string;
    expect((await flip(world.users[role], id)).status).toBe(403);
    expect((await del(world.users[role], id)).status).toBe(403);
    expect(await db.supportEmail.findUniqueOrThrow({ where: { id } })).toMatchObject({ isActive: true });
  });

  it("lets a platform admin of the organisation toggle and remove", async () => {
    const created = await post(world.users.org_admin, { email: address("pa"), displayName: "PA" });
    const id = created.body.id as string;
    expect((await flip(world.users.platform_admin, id)).body).toMatchObject({ isActive: false });
    expect((await del(world.users.platform_admin, id)).status).toBe(200);
  });

  it("refuses a cross-site request", async () => {
    const { admin, id } = await fresh();
    const res = await toggle(
      makeRequest(`/api/support-emails/${id}/toggle`, {
        method: "PUT",
        headers: { ...(await as(admin)), "sec-fetch-site": "cross-site" },
      }),
      params({ id }),
    );
    expect(res.status).toBe(403);
  });
});
