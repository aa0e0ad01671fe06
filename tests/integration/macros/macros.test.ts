import { DELETE as remove, PUT as put } from "@/app/api/macros/[id]/route";
import { GET as list, POST as create } from "@/app/api/macros/route";
import type { Plan } from "@/generated/prisma/enums";
import { macroChangesText } from "@/lib/macros/changes-text";
import type { Macro } from "@/lib/schemas/macros";
import { createOrg, createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// Macros: admins create, edit and delete them; agents list them (to apply from the reply box);
// customers nothing. Names are unique per organisation whatever their case, placeholders are
// checked when saved, and the plan's limit holds under parallel creates.

type User = { id: string; sessionVersion: number };
const as = async (user: User | null): Promise<Record<string, string>> =>
  user ? { cookie: await sessionCookie(user) } : {};
let n = 0;
const unique = (prefix = "Macro") => `${prefix} ${++n}`;

const post = async (user: User | null, body: unknown) =>
  readJson(await create(makeRequest("/api/macros", { method: "POST", body, headers: await as(user) }), params()));
const get = async (user: User | null) =>
  readJson(await list(makeRequest("/api/macros", { headers: await as(user) }), params()));
const update = async (user: User | null, id: string, body: unknown) =>
  readJson(
    await put(makeRequest(`/api/macros/${id}`, { method: "PUT", body, headers: await as(user) }), params({ id })),
  );
const del = async (user: User | null, id: string) =>
  readJson(
    await remove(makeRequest(`/api/macros/${id}`, { method: "DELETE", headers: await as(user) }), params({ id })),
  );

async function adminOf(plan: Plan) {
  const org = await createOrg(plan);
  return { org, admin: await createUser(org.id, "org_admin") };
}
const seedMacros = (organizationId: string, count: number) =>
  db.macro.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      organizationId,
      name: `Seeded ${i}`,
      nameKey: `seeded ${i}`,
      body: "Hello",
    })),
  });

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
  await db.organization.update({ where: { id: world.org.id }, data: { plan: "enterprise" } });
});

describe("POST /api/macros", () => {
  it("creates a macro with its field changes for the admin's organisation and records it", async () => {
    const { org, admin } = await adminOf("pro");
    const agent = await createUser(org.id, "agent", { fullName: "Sam Agent" });
    const res = await post(admin, {
      name: "  Refund issued ",
      body: "Hi {{customer.firstName}}, your refund for #{{ticket.number}} is on its way. {{agent.name}}",
      status: "resolved",
      priority: "low",
      assignee: agent.id,
      tags: ["Refunds"],
    });
    expect(res).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        name: "Refund issued",
        body: "Hi {{customer.firstName}}, your refund for #{{ticket.number}} is on its way. {{agent.name}}",
        status: "resolved",
        priority: "low",
        assignee: agent.id,
        assigneeName: "Sam Agent",
        tags: ["Refunds"],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const stored = await db.macro.findUniqueOrThrow({ where: { id: res.body.id as string } });
    expect(stored).toMatchObject({ organizationId: org.id, createdById: admin.id, nameKey: "refund issued" });
    const event = await db.auditEvent.findFirstOrThrow({ where: { organizationId: org.id, action: "macro.created" } });
    expect(event).toMatchObject({
      actorId: admin.id,
      targetType: "macro",
      targetId: stored.id,
      metadata: { name: "Refund issued" },
    });
  });

  it("keeps 'unassign' as a change and leaves fields without one alone", async () => {
    const res = await post(world.users.org_admin, { name: unique(), body: "Passing this on", assignee: "unassign" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: null, priority: null, assignee: "unassign", assigneeName: null });
  });

  it("lets a platform admin of the organisation create one", async () => {
    expect((await post(world.users.platform_admin, { name: unique(), body: "Hi" })).status).toBe(201);
  });

  it.each([
    ["agent", 403],
    ["end_user", 403],
  ] as const)("refuses the %s with %i and saves nothing", async (role, status) => {
    const name = unique("Refused");
    const res = await post(world.users[role], { name, body: "Hi" });
    expect(res).toEqual({ status, body: { error: "You do not have permission to do this", code: "forbidden" } });
    expect(await db.macro.count({ where: { name } })).toBe(0);
  });

  it("refuses a caller who is not signed in", async () => {
    expect(await post(null, { name: unique(), body: "Hi" })).toMatchObject({
      status: 401,
      body: { code: "unauthorized" },
    });
  });

  it.each([
    ["a missing name", { body: "Hi" }, "Please give the macro a name"],
    ["a blank name", { name: "   ", body: "Hi" }, "Please give the macro a name"],
    ["a name over 80 characters", { name: "x".repeat(81), body: "Hi" }, "Name must be at most 80 characters"],
    ["a name with a line break", { name: "a\nb", body: "Hi" }, "Must be a single line without control characters"],
    ["missing reply text", { name: "N" }, "Please write the macro's reply text"],
    ["blank reply text", { name: "N", body: " \n " }, "Please write the macro's reply text"],
    [
      "reply text over 10,000 characters",
      { name: "N", body: "x".repeat(10_001) },
      "Reply text must be at most 10,000 characters",
    ],
    ["an unknown status", { name: "N", body: "Hi", status: "archived" }, "Unknown status"],
    ["an unknown priority", { name: "N", body: "Hi", priority: "critical" }, "Unknown priority"],
    ["an empty assignee", { name: "N", body: "Hi", assignee: "" }, "Unknown assignee"],
    ["tags that are not a list", { name: "N", body: "Hi", tags: "billing" }, "Tags must be a list of names"],
    ["a blank tag", { name: "N", body: "Hi", tags: ["  "] }, "Tag cannot be empty"],
    [
      "a tag over 40 characters",
      { name: "N", body: "Hi", tags: ["x".repeat(41)] },
      "Tag must be at most 40 characters",
    ],
    [
      "more than 20 tags",
      { name: "N", body: "Hi", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      "A macro can add at most 20 tags",
    ],
  ])("refuses %s with a 400 naming the problem", async (_, body, error) => {
    const res = await post(world.users.org_admin, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error, code: "validation_failed" });
  });

  it("keeps the tags to add, each spelling of one tag once, and shows them with the other changes", async () => {
    const res = await post(world.users.org_admin, {
      name: unique(),
      body: "Hi",
      tags: [" Billing ", "billing", "VIP"],
    });
    expect(res.status).toBe(201);
    expect(res.body.tags).toEqual(["Billing", "VIP"]);
    expect(macroChangesText(res.body as unknown as Macro)).toEqual(["Tag: Billing, VIP"]);
  });

  it("refuses an unknown placeholder with a 400 that names it", async () => {
    const res = await post(world.users.org_admin, { name: unique(), body: "Hi {{customer.nickname}}, thanks" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.error).toMatch(
      /^Unknown placeholder \{\{customer\.nickname\}\}\. Use one of: \{\{customer\.name\}\}/,
    );
    expect(res.body.issues).toEqual([{ path: "body", message: res.body.error }]);
  });

  it.each([["Hi {{customer.name"], ["Hi customer.name}}"], ["Hi {{}}"]])(
    "refuses malformed braces in %j",
    async (body) => {
      const res = await post(world.users.org_admin, { name: unique(), body });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^(Malformed|Empty) placeholder/);
    },
  );

  it("refuses an assignee who is not an active agent of the organisation", async () => {
    const deactivated = await createUser(world.org.id, "agent", { isActive: false });
    for (const assignee of [world.users.otherAdmin.id, world.users.end_user.id, deactivated.id, "no-such-user"]) {
      const res = await post(world.users.org_admin, { name: unique(), body: "Hi", assignee });
      expect(res).toEqual({
        status: 400,
        body: { error: "Assignee must be an active agent of this organization", code: "bad_request" },
      });
    }
  });

  it("refuses a name the organisation already uses, whatever its case; another organisation may use it", async () => {
    const name = unique("Shipping");
    expect((await post(world.users.org_admin, { name, body: "Hi" })).status).toBe(201);
    expect(await post(world.users.org_admin, { name: name.toUpperCase(), body: "Hi" })).toEqual({
      status: 409,
      body: { error: "A macro with this name already exists", code: "conflict" },
    });
    expect((await post(world.users.otherAdmin, { name, body: "Hi" })).status).toBe(201);
  });
});

describe("plan limits", () => {
  it("gives a Free organisation exactly 3 macros out of 10 parallel creates", async () => {
    const { org, admin } = await adminOf("free");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(admin, { name: `Race ${i}`, body: "Hi" })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(7);
    expect(refused[0]!.body).toEqual({
      error: "Your Free plan allows 3 macros. Upgrade your plan to add more.",
      code: "macro_limit_reached",
    });
    expect(await db.macro.count({ where: { organizationId: org.id } })).toBe(3);
  });

  it("allows Starter 20 macros and refuses the 21st", async () => {
    const { org, admin } = await adminOf("starter");
    await seedMacros(org.id, 19);
    expect((await post(admin, { name: "Twentieth", body: "Hi" })).status).toBe(201);
    expect(await post(admin, { name: "Twenty-first", body: "Hi" })).toMatchObject({
      status: 409,
      body: { code: "macro_limit_reached" },
    });
  });

  it.each(["pro", "enterprise"] as const)("sets no limit on %s", async (plan) => {
    const { org, admin } = await adminOf(plan);
    await seedMacros(org.id, 40);
    expect((await post(admin, { name: "One more", body: "Hi" })).status).toBe(201);
    expect((await get(admin)).body.limit).toBeNull();
  });
});

describe("GET /api/macros", () => {
  it("lists the organisation's macros by name for agents, with the plan's limit", async () => {
    const { org, admin } = await adminOf("starter");
    const agent = await createUser(org.id, "agent");
    await post(admin, { name: "beta", body: "B" });
    await post(admin, { name: "Alpha", body: "A" });
    const res = await get(agent);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ limit: 20, plan: "starter" });
    expect((res.body.macros as { name: string }[]).map((m) => m.name)).toEqual(["Alpha", "beta"]);
  });

  it("never shows another organisation's macros", async () => {
    const name = unique("Private");
    await post(world.users.otherAdmin, { name, body: "Secret text" });
    const res = await get(world.users.agent);
    expect(JSON.stringify(res.body)).not.toContain(name);
  });

  it("refuses customers and anonymous callers", async () => {
    expect((await get(world.users.end_user)).status).toBe(403);
    expect((await get(null)).status).toBe(401);
  });
});

describe("PUT /api/macros/{id}", () => {
  it("replaces the name, text and changes, and records the edit", async () => {
    const created = await post(world.users.org_admin, { name: unique(), body: "Old", status: "pending" });
    const id = created.body.id as string;
    const res = await update(world.users.org_admin, id, {
      name: "Renamed macro",
      body: "New {{ticket.subject}}",
      priority: "high",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: "Renamed macro",
      body: "New {{ticket.subject}}",
      status: null,
      priority: "high",
    });
    expect(await db.auditEvent.count({ where: { targetId: id, action: "macro.updated" } })).toBe(1);
  });

  it("applies the same validation as creating one", async () => {
    const created = await post(world.users.org_admin, { name: unique(), body: "Old" });
    const res = await update(world.users.org_admin, created.body.id as string, { name: "X", body: "{{ticket.owner}}" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Unknown placeholder \{\{ticket\.owner\}\}/);
  });

  it("refuses a name another macro of the organisation has; keeping its own name in another case is fine", async () => {
    const taken = unique("Taken");
    await post(world.users.org_admin, { name: taken, body: "A" });
    const mine = await post(world.users.org_admin, { name: unique("Mine"), body: "B" });
    const id = mine.body.id as string;
    expect((await update(world.users.org_admin, id, { name: taken.toLowerCase(), body: "B" })).status).toBe(409);
    expect(
      (await update(world.users.org_admin, id, { name: (mine.body.name as string).toUpperCase(), body: "B" })).status,
    ).toBe(200);
  });

  it("answers another organisation's macro with 404 and leaves it as it was", async () => {
    const theirs = await post(world.users.otherAdmin, { name: unique(), body: "Theirs" });
    const id = theirs.body.id as string;
    expect(await update(world.users.org_admin, id, { name: "Mine now", body: "Mine" })).toEqual({
      status: 404,
      body: { error: "Macro not found", code: "not_found" },
    });
    expect(await db.macro.findUniqueOrThrow({ where: { id } })).toMatchObject({
      name: theirs.body.name,
      body: "Theirs",
    });
  });

  it("refuses agents and customers", async () => {
    const created = await post(world.users.org_admin, { name: unique(), body: "A" });
    for (const role of ["agent", "end_user"] as const)
      expect((await update(world.users[role], created.body.id as string, { name: "X", body: "Y" })).status).toBe(403);
  });
});

describe("DELETE /api/macros/{id}", () => {
  it("deletes the macro and records it by name", async () => {
    const name = unique("Doomed");
    const created = await post(world.users.org_admin, { name, body: "A" });
    const id = created.body.id as string;
    expect(await del(world.users.org_admin, id)).toEqual({ status: 200, body: { ok: true } });
    expect(await db.macro.count({ where: { id } })).toBe(0);
    const event = await db.auditEvent.findFirstOrThrow({ where: { targetId: id, action: "macro.deleted" } });
    expect(event.metadata).toEqual({ name });
    expect((await del(world.users.org_admin, id)).status).toBe(404);
  });

  it("answers another organisation's macro with 404 and keeps it", async () => {
    const theirs = await post(world.users.otherAdmin, { name: unique(), body: "Theirs" });
    const id = theirs.body.id as string;
    expect((await del(world.users.org_admin, id)).status).toBe(404);
    expect(await db.macro.count({ where: { id } })).toBe(1);
  });

  it("refuses agents and customers", async () => {
    const created = await post(world.users.org_admin, { name: unique(), body: "A" });
    for (const role of ["agent", "end_user"] as const)
      expect((await del(world.users[role], created.body.id as string)).status).toBe(403);
  });
});
