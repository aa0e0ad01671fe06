import { DELETE as remove, PATCH as patch } from "@/app/api/sla-policies/[id]/route";
import { GET as list, POST as create } from "@/app/api/sla-policies/route";
import type { Plan } from "@/generated/prisma/enums";
import { POSITION_INVALID, SLA_POLICY_FIELD_REFUSED, TARGET_RANGE } from "@/lib/schemas/sla-policies";
import { createOrg, createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { slaPolicyRow, slaTargets as targets } from "./policy-rows";

// SLA policies: admins of Pro and Enterprise organisations list, create, change, move and delete
// them; agents and customers nothing; lower plans are offered the upgrade. Conditions are the
// automation rules' own on the fields a policy may look at, targets are whole business minutes,
// and every id names a row of the admin's own organisation.

type User = { id: string; sessionVersion: number };
const as = async (user: User | null): Promise<Record<string, string>> =>
  user ? { cookie: await sessionCookie(user) } : {};

const post = async (user: User | null, body: unknown) =>
  readJson(await create(makeRequest("/api/sla-policies", { method: "POST", body, headers: await as(user) }), params()));
const get = async (user: User | null) =>
  readJson(await list(makeRequest("/api/sla-policies", { headers: await as(user) }), params()));
const change = async (user: User | null, id: string, body: unknown) =>
  readJson(
    await patch(
      makeRequest(`/api/sla-policies/${id}`, { method: "PATCH", body, headers: await as(user) }),
      params({ id }),
    ),
  );
const del = async (user: User | null, id: string) => {
  const res = await remove(
    makeRequest(`/api/sla-policies/${id}`, { method: "DELETE", headers: await as(user) }),
    params({ id }),
  );
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
};

const policy = (overrides: Record<string, unknown> = {}) => ({
  name: "VIP",
  conditions: { all: [{ field: "priority", operator: "is", value: "urgent" }], any: [] },
  targets: targets(),
  ...overrides,
});

async function adminOf(plan: Plan) {
  const org = await createOrg(plan);
  return { org, admin: await createUser(org.id, "org_admin") };
}
const defaultCalendar = (organizationId: string) =>
  db.businessCalendar.findFirstOrThrow({ where: { organizationId, isDefault: true } });
const calendar = (organizationId: string, name = "Office") =>
  db.businessCalendar.create({
    data: {
      organizationId,
      name,
      nameKey: name.toLowerCase(),
      timeZone: "Europe/London",
      hours: { mon: [["09:00", "17:00"]], tue: [["09:00", "17:00"]] },
    },
  });
const group = (organizationId: string, name = "Billing") =>
  db.group.create({ data: { organizationId, name, nameKey: name.toLowerCase() } });
/** Policies written straight to the database, numbered from 1 as the API numbers them. */
async function seedPolicies(organizationId: string, count: number) {
  const rows = [];
  for (let i = 1; i <= count; i++) rows.push(await slaPolicyRow(organizationId, `Seeded ${i}`));
  return rows;
}
const order = async (organizationId: string) =>
  (
    await db.slaPolicy.findMany({
      where: { organizationId },
      orderBy: { position: "asc" },
      select: { name: true, position: true },
    })
  ).map((p) => [p.name, p.position]);
const issuePaths = (body: Record<string, unknown>) => (body.issues as { path: string }[]).map((i) => i.path);

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

describe("POST /api/sla-policies", () => {
  it("creates the contract's policy on the calendar named, last in the order, and records it", async () => {
    const { org, admin } = await adminOf("pro");
    const office = await calendar(org.id);
    const first = await post(admin, policy({ name: "First", calendarId: office.id }));
    expect(first.status).toBe(201);
    const body = policy({
      calendarId: office.id,
      conditions: {
        all: [{ field: "priority", operator: "is", value: "urgent" }],
        any: [{ field: "tags", operator: "contains", value: "vip" }],
      },
      targets: { ...targets(), low: { firstResponse: 1, nextResponse: 525_600, resolution: 525_600 } },
    });
    const res = await post(admin, body);
    expect(res).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        name: "VIP",
        position: 2,
        calendar: { id: office.id, name: "Office" },
        conditions: body.conditions,
        targets: body.targets,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const stored = await db.slaPolicy.findUniqueOrThrow({ where: { id: res.body.id as string } });
    expect(stored).toMatchObject({ organizationId: org.id, calendarId: office.id, nameKey: "vip", position: 2 });
    const event = await db.auditEvent.findFirst({ where: { targetId: stored.id, action: "sla_policy.created" } });
    expect(event).toMatchObject({
      organizationId: org.id,
      actorId: admin.id,
      targetType: "sla_policy",
      metadata: { name: "VIP" },
    });
  });

  it("counts on the organisation's default calendar when none is named, and takes every ticket without conditions", async () => {
    const { org, admin } = await adminOf("pro");
    const standard = await defaultCalendar(org.id);
    const res = await post(admin, { name: "Everyone", targets: targets() });
    expect(res).toMatchObject({
      status: 201,
      body: { calendar: { id: standard.id, name: "24/7" }, conditions: { all: [], any: [] }, position: 1 },
    });
  });

  it("accepts every field a policy may look at, with the automation rules' operators", async () => {
    const { org, admin } = await adminOf("enterprise");
    const billing = await group(org.id);
    await db.supportEmail.create({ data: { organizationId: org.id, email: "vip@acme.test", displayName: "VIP" } });
    const conditions = {
      all: [
        { field: "priority", operator: "in", value: ["urgent", "high"] },
        { field: "group", operator: "is", value: billing.id },
        { field: "tags", operator: "not_contains", value: "spam" },
        { field: "customer_domain", operator: "is", value: "bigco.test" },
        { field: "support_address", operator: "is", value: "VIP@acme.test" },
        { field: "entrance", operator: "in", value: ["portal", "email"] },
      ],
      any: [
        { field: "group", operator: "is", value: null },
        { field: "priority", operator: "is_not", value: "low" },
      ],
    };
    const res = await post(admin, policy({ conditions }));
    expect(res.status).toBe(201);
    expect(res.body.conditions).toEqual(conditions);
  });

  const over = (priority: string, target: string, value: unknown) => ({
    targets: { ...targets(), [priority]: { ...targets().high, [target]: value } },
  });
  it.each([
    [
      "a field a policy may not look at",
      { conditions: { all: [{ field: "subject", operator: "contains", value: "x" }], any: [] } },
      "conditions.all.0.field",
      SLA_POLICY_FIELD_REFUSED,
    ],
    [
      "the status",
      { conditions: { all: [], any: [{ field: "status", operator: "is", value: "open" }] } },
      "conditions.any.0.field",
      SLA_POLICY_FIELD_REFUSED,
    ],
    [
      "a clock",
      { conditions: { all: [{ field: "created_at", operator: "hours_since_greater_than", value: 2 }], any: [] } },
      "conditions.all.0.field",
      SLA_POLICY_FIELD_REFUSED,
    ],
    [
      "an unknown field",
      { conditions: { all: [{ field: "mood", operator: "is", value: "x" }], any: [] } },
      "conditions.all.0.field",
      undefined,
    ],
    [
      "an operator that does not apply",
      { conditions: { all: [{ field: "priority", operator: "contains", value: "high" }], any: [] } },
      "conditions.all.0.operator",
      undefined,
    ],
    [
      "a value of the wrong kind",
      { conditions: { all: [{ field: "entrance", operator: "in", value: ["email", "fax"] }], any: [] } },
      "conditions.all.0.value.1",
      undefined,
    ],
    ["an unknown condition list", { conditions: { all: [], none: [] } }, "conditions", undefined],
    ["a target of zero", over("high", "resolution", 0), "targets.high.resolution", TARGET_RANGE],
    ["a negative target", over("urgent", "firstResponse", -5), "targets.urgent.firstResponse", TARGET_RANGE],
    ["a fractional target", over("low", "nextResponse", 1.5), "targets.low.nextResponse", TARGET_RANGE],
    ["a target over a year", over("medium", "resolution", 525_601), "targets.medium.resolution", TARGET_RANGE],
    ["a target as text", over("high", "firstResponse", "60"), "targets.high.firstResponse", TARGET_RANGE],
    [
      "a missing target",
      { targets: { ...targets(), high: { firstResponse: 5, resolution: 9 } } },
      "targets.high.nextResponse",
      TARGET_RANGE,
    ],
    [
      "a missing priority",
      { targets: { urgent: targets().urgent, high: targets().high, medium: targets().medium } },
      "targets.low",
      undefined,
    ],
    ["no targets", { targets: undefined }, "targets", undefined],
    ["no name", { name: "  " }, "name", undefined],
    ["a name over 80 characters", { name: "x".repeat(81) }, "name", undefined],
    ["a calendar that is not an id", { calendarId: 42 }, "calendarId", undefined],
  ])("refuses %s with a 400 naming the field", async (_what, overrides, path, message) => {
    const res = await post(world.users.org_admin, policy(overrides));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(issuePaths(res.body)).toContain(path);
    if (message) expect(res.body.issues).toContainEqual({ path, message });
    expect(await db.slaPolicy.count({ where: { organizationId: world.org.id } })).toBe(0);
  });

  it("takes a name of 80 characters and refuses the same name in another case (409)", async () => {
    const { admin } = await adminOf("pro");
    expect((await post(admin, policy({ name: "x".repeat(80) }))).status).toBe(201);
    expect((await post(admin, policy({ name: "Gold" }))).status).toBe(201);
    const again = await post(admin, policy({ name: " gOLD " }));
    expect(again).toMatchObject({ status: 409, body: { code: "conflict" } });
    // Another organisation may use the name.
    expect((await post(world.users.otherAdmin, policy({ name: "Gold" }))).status).toBe(201);
  });

  it("refuses a calendar, group or support address of another organisation as unknown, naming the field", async () => {
    const theirCalendar = await calendar(world.other.id, "Their office");
    const theirGroup = await group(world.other.id, "Theirs");
    await db.supportEmail.create({
      data: { organizationId: world.other.id, email: "help@theirs.test", displayName: "T" },
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ calendarId: theirCalendar.id }, "calendarId"],
      [{ calendarId: "no-such-calendar" }, "calendarId"],
      [
        { conditions: { all: [], any: [{ field: "group", operator: "in", value: [null, theirGroup.id] }] } },
        "conditions.any.0.value.1",
      ],
      [
        { conditions: { all: [{ field: "support_address", operator: "is", value: "help@theirs.test" }], any: [] } },
        "conditions.all.0.value",
      ],
      [
        { conditions: { all: [{ field: "support_address", operator: "in", value: ["nobody@x.test"] }], any: [] } },
        "conditions.all.0.value.0",
      ],
    ];
    for (const [overrides, path] of cases) {
      const res = await post(world.users.org_admin, policy(overrides));
      expect({ status: res.status, code: res.body.code, issues: res.body.issues }).toEqual({
        status: 400,
        code: "validation_failed",
        issues: [{ path, message: expect.any(String) }],
      });
    }
    expect(await db.slaPolicy.count({ where: { organizationId: world.org.id } })).toBe(0);
  });

  it("is for admins: agents and customers get 403, nobody signed in 401", async () => {
    const { org, admin } = await adminOf("pro");
    expect((await post(await createUser(org.id, "agent"), policy())).status).toBe(403);
    expect((await post(await createUser(org.id, "end_user"), policy())).status).toBe(403);
    expect((await post(null, policy())).status).toBe(401);
    expect((await post(await createUser(org.id, "platform_admin"), policy())).status).toBe(201);
    expect((await post(admin, policy({ name: "Second" }))).status).toBe(201);
  });
});

describe("plan gate", () => {
  it.each(["free", "starter"] as const)("%s: every method is refused with 403 plan_required", async (plan) => {
    const { org, admin } = await adminOf(plan);
    const [seeded] = await seedPolicies(org.id, 1);
    const refused = { status: 403, body: { code: "plan_required", error: expect.stringContaining("Pro") } };
    expect(await post(admin, policy())).toMatchObject(refused);
    expect(await get(admin)).toMatchObject(refused);
    expect(await change(admin, seeded!.id, { name: "Renamed" })).toMatchObject(refused);
    expect(await del(admin, seeded!.id)).toMatchObject(refused);
    expect(await order(org.id)).toEqual([["Seeded 1", 1]]);
  });

  it("Pro: at most 5 policies, counted under the organisation's lock", async () => {
    const { org, admin } = await adminOf("pro");
    await seedPolicies(org.id, 3);
    const [a, b, c] = await Promise.all([
      post(admin, policy({ name: "A" })),
      post(admin, policy({ name: "B" })),
      post(admin, policy({ name: "C" })),
    ]);
    expect([a.status, b.status, c.status].sort()).toEqual([201, 201, 403]);
    expect([a, b, c].find((r) => r.status === 403)?.body).toEqual({
      code: "sla_policy_limit_reached",
      error: "Your Pro plan allows 5 SLA policies. Upgrade your plan to add more.",
    });
    expect(await post(admin, policy({ name: "Sixth" }))).toMatchObject({
      status: 403,
      body: { code: "sla_policy_limit_reached" },
    });
    expect(await db.slaPolicy.count({ where: { organizationId: org.id } })).toBe(5);
    expect((await order(org.id)).map(([, position]) => position)).toEqual([1, 2, 3, 4, 5]);
    expect(await get(admin)).toMatchObject({ status: 200, body: { plan: "pro", limit: 5 } });
  });

  it("Enterprise: the sixth policy and beyond are accepted", async () => {
    const { org, admin } = await adminOf("enterprise");
    await seedPolicies(org.id, 5);
    expect(await post(admin, policy({ name: "Sixth" }))).toMatchObject({ status: 201, body: { position: 6 } });
    expect(await post(admin, policy({ name: "Seventh" }))).toMatchObject({ status: 201, body: { position: 7 } });
    expect(await get(admin)).toMatchObject({ status: 200, body: { plan: "enterprise", limit: null } });
  });
});

describe("GET /api/sla-policies", () => {
  it("lists the organisation's policies in the order they are tried, each with its calendar; admins only", async () => {
    const { org, admin } = await adminOf("pro");
    const office = await calendar(org.id);
    await post(admin, policy({ name: "One", calendarId: office.id }));
    await post(admin, policy({ name: "Two" }));
    await post(world.users.otherAdmin, policy({ name: "Theirs" }));
    const res = await get(admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      plan: "pro",
      limit: 5,
      policies: [
        expect.objectContaining({ name: "One", position: 1, calendar: { id: office.id, name: "Office" } }),
        expect.objectContaining({ name: "Two", position: 2, calendar: expect.objectContaining({ name: "24/7" }) }),
      ],
    });
    expect((await get(await createUser(org.id, "agent"))).status).toBe(403);
    expect((await get(await createUser(org.id, "end_user"))).status).toBe(403);
    expect((await get(null)).status).toBe(401);
  });
});

describe("PATCH /api/sla-policies/{id}", () => {
  it("changes the parts sent and keeps the others; records it", async () => {
    const { org, admin } = await adminOf("pro");
    const office = await calendar(org.id);
    const made = await post(admin, policy());
    const id = made.body.id as string;
    const conditions = { all: [], any: [{ field: "customer_domain", operator: "is", value: "bigco.test" }] };
    const res = await change(admin, id, { name: "Big customers", calendarId: office.id, conditions });
    expect(res).toEqual({
      status: 200,
      body: {
        ...made.body,
        name: "Big customers",
        calendar: { id: office.id, name: "Office" },
        conditions,
        updatedAt: expect.any(String),
      },
    });
    const newTargets = targets(30);
    expect(await change(admin, id, { targets: newTargets })).toMatchObject({
      status: 200,
      body: { name: "Big customers", targets: newTargets, conditions },
    });
    expect(await db.slaPolicy.findUniqueOrThrow({ where: { id } })).toMatchObject({
      name: "Big customers",
      nameKey: "big customers",
      calendarId: office.id,
      targets: newTargets,
    });
    expect(await db.auditEvent.count({ where: { targetId: id, action: "sla_policy.updated" } })).toBe(2);
    expect(await db.auditEvent.count({ where: { targetId: id, action: "sla_policy.moved" } })).toBe(0);
  });

  it("validates a change like a new policy", async () => {
    const { org, admin } = await adminOf("pro");
    const id = (await post(admin, policy())).body.id as string;
    await post(admin, policy({ name: "Taken" }));
    const theirCalendar = await calendar(world.other.id, "Elsewhere");
    const cases: [unknown, string][] = [
      [{}, ""],
      [{ targets: { urgent: targets().urgent } }, "targets.high"],
      [{ targets: { ...targets(), high: { ...targets().high, resolution: 0 } } }, "targets.high.resolution"],
      [
        { conditions: { all: [{ field: "assignee", operator: "is", value: null }], any: [] } },
        "conditions.all.0.field",
      ],
      [{ name: "" }, "name"],
      [{ calendarId: theirCalendar.id }, "calendarId"],
      [{ position: 0 }, "position"],
      [{ position: -1 }, "position"],
      [{ position: 1.5 }, "position"],
      [{ position: "2" }, "position"],
    ];
    for (const [body, path] of cases) {
      const res = await change(admin, id, body);
      expect({ body, status: res.status, paths: issuePaths(res.body) }).toEqual({
        body,
        status: 400,
        paths: expect.arrayContaining([path]),
      });
    }
    expect((await change(admin, id, { position: 0 })).body.issues).toContainEqual({
      path: "position",
      message: POSITION_INVALID,
    });
    expect(await change(admin, id, { name: "TAKEN" })).toMatchObject({ status: 409, body: { code: "conflict" } });
    expect(await db.slaPolicy.findUniqueOrThrow({ where: { id } })).toMatchObject({
      name: "VIP",
      calendarId: (await defaultCalendar(org.id)).id,
      position: 1,
    });
  });

  it("another organisation's policy is a 404 to change or delete, and stays as it was", async () => {
    const theirs = await post(world.users.otherAdmin, policy({ name: "Not yours" }));
    const id = theirs.body.id as string;
    expect((await change(world.users.org_admin, id, { name: "Mine now" })).status).toBe(404);
    expect((await change(world.users.org_admin, id, { position: 1 })).status).toBe(404);
    expect((await del(world.users.org_admin, id)).status).toBe(404);
    expect(await db.slaPolicy.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "Not yours" });
    expect((await change(world.users.org_admin, "no-such-policy", { name: "x" })).status).toBe(404);
  });

  it("agents and customers may neither change nor delete a policy", async () => {
    const { org, admin } = await adminOf("pro");
    const id = (await post(admin, policy({ name: "Kept" }))).body.id as string;
    for (const role of ["agent", "end_user"] as const) {
      const user = await createUser(org.id, role);
      expect((await change(user, id, { name: "x" })).status).toBe(403);
      expect((await del(user, id)).status).toBe(403);
    }
    expect((await change(null, id, { name: "x" })).status).toBe(401);
    expect((await del(null, id)).status).toBe(401);
    expect(await db.slaPolicy.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "Kept" });
  });
});

describe("moving a policy", () => {
  async function fourPolicies() {
    const { org, admin } = await adminOf("pro");
    const ids: Record<string, string> = {};
    for (const name of ["A", "B", "C", "D"]) ids[name] = (await post(admin, policy({ name }))).body.id as string;
    return { org, admin, ids };
  }

  it("to the first place, to the last and back: the others make room, numbered from 1", async () => {
    const { org, admin, ids } = await fourPolicies();
    const first = await change(admin, ids.D!, { position: 1 });
    expect(first).toMatchObject({ status: 200, body: { name: "D", position: 1 } });
    expect(await order(org.id)).toEqual([
      ["D", 1],
      ["A", 2],
      ["B", 3],
      ["C", 4],
    ]);
    expect(await change(admin, ids.D!, { position: 4 })).toMatchObject({ status: 200, body: { position: 4 } });
    expect(await order(org.id)).toEqual([
      ["A", 1],
      ["B", 2],
      ["C", 3],
      ["D", 4],
    ]);
    expect(await change(admin, ids.A!, { position: 3 })).toMatchObject({ status: 200, body: { position: 3 } });
    expect(await order(org.id)).toEqual([
      ["B", 1],
      ["C", 2],
      ["A", 3],
      ["D", 4],
    ]);
    const listed = (await get(admin)).body.policies as { name: string; position: number }[];
    expect(listed.map((p) => [p.name, p.position])).toEqual([
      ["B", 1],
      ["C", 2],
      ["A", 3],
      ["D", 4],
    ]);
    const moved = await db.auditEvent.findMany({
      where: { targetId: ids.D!, action: "sla_policy.moved" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(moved.map((e) => e.metadata)).toEqual([
      { name: "D", from: 4, to: 1 },
      { name: "D", from: 1, to: 4 },
    ]);
  });

  it("a position past the last moves the policy to the end; its own position changes nothing", async () => {
    const { org, admin, ids } = await fourPolicies();
    expect(await change(admin, ids.B!, { position: 99 })).toMatchObject({ status: 200, body: { position: 4 } });
    expect(await order(org.id)).toEqual([
      ["A", 1],
      ["C", 2],
      ["D", 3],
      ["B", 4],
    ]);
    expect(await change(admin, ids.C!, { position: 2 })).toMatchObject({ status: 200, body: { position: 2 } });
    expect(await order(org.id)).toEqual([
      ["A", 1],
      ["C", 2],
      ["D", 3],
      ["B", 4],
    ]);
    expect(await db.auditEvent.count({ where: { targetId: ids.C!, action: "sla_policy.moved" } })).toBe(0);
  });

  it("moves and changes in one request, recording both", async () => {
    const { org, admin, ids } = await fourPolicies();
    const res = await change(admin, ids.C!, { position: 1, name: "Gold" });
    expect(res).toMatchObject({ status: 200, body: { name: "Gold", position: 1 } });
    expect(await order(org.id)).toEqual([
      ["Gold", 1],
      ["A", 2],
      ["B", 3],
      ["D", 4],
    ]);
    expect(await db.auditEvent.count({ where: { targetId: ids.C!, action: "sla_policy.moved" } })).toBe(1);
    expect(await db.auditEvent.count({ where: { targetId: ids.C!, action: "sla_policy.updated" } })).toBe(1);
  });
});

describe("DELETE /api/sla-policies/{id}", () => {
  it("answers 204, the others close up, the next new one comes last; records it", async () => {
    const { org, admin } = await adminOf("pro");
    const ids: Record<string, string> = {};
    for (const name of ["A", "B", "C", "D"]) ids[name] = (await post(admin, policy({ name }))).body.id as string;
    expect(await del(admin, ids.B!)).toEqual({ status: 204, body: null });
    expect(await order(org.id)).toEqual([
      ["A", 1],
      ["C", 2],
      ["D", 3],
    ]);
    expect(await db.slaPolicy.findUnique({ where: { id: ids.B! } })).toBeNull();
    expect(await db.auditEvent.findFirst({ where: { targetId: ids.B!, action: "sla_policy.deleted" } })).toMatchObject({
      actorId: admin.id,
      metadata: { name: "B" },
    });
    expect(await post(admin, policy({ name: "E" }))).toMatchObject({ status: 201, body: { position: 4 } });
    expect((await del(admin, ids.B!)).status).toBe(404);
  });
});
