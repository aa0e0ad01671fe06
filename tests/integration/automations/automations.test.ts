import { DELETE as remove, PATCH as patch } from "@/app/api/automations/[id]/route";
import { PUT as putOrder } from "@/app/api/automations/order/route";
import { POST as previewRoute } from "@/app/api/automations/preview/route";
import { GET as list, POST as create } from "@/app/api/automations/route";
import type { Plan } from "@/generated/prisma/enums";
import { TIME_CONDITION_REQUIRED } from "@/lib/schemas/automations";
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

// Automation rules: admins list, create, change, reorder and delete them; agents and customers
// nothing. Every field, operator and action type is a closed list, ids name only the admin's own
// organisation, and the plan decides whether rules exist at all (Pro: at most 25 active;
// Enterprise: time rules too).

type User = { id: string; sessionVersion: number };
const as = async (user: User | null): Promise<Record<string, string>> =>
  user ? { cookie: await sessionCookie(user) } : {};

const post = async (user: User | null, body: unknown) =>
  readJson(await create(makeRequest("/api/automations", { method: "POST", body, headers: await as(user) }), params()));
const get = async (user: User | null) =>
  readJson(await list(makeRequest("/api/automations", { headers: await as(user) }), params()));
const change = async (user: User | null, id: string, body: unknown) =>
  readJson(
    await patch(
      makeRequest(`/api/automations/${id}`, { method: "PATCH", body, headers: await as(user) }),
      params({ id }),
    ),
  );
const del = async (user: User | null, id: string) =>
  readJson(
    await remove(makeRequest(`/api/automations/${id}`, { method: "DELETE", headers: await as(user) }), params({ id })),
  );
const order = async (user: User | null, ids: string[]) =>
  readJson(
    await putOrder(
      makeRequest("/api/automations/order", { method: "PUT", body: { ids }, headers: await as(user) }),
      params(),
    ),
  );

const rule = (overrides: Record<string, unknown> = {}) => ({
  name: "Refunds to Billing",
  when: "ticket_created",
  conditions: { all: [{ field: "subject", operator: "contains", value: "refund" }], any: [] },
  actions: [
    { type: "set_priority", value: "high" },
    { type: "add_tags", value: ["billing"] },
  ],
  ...overrides,
});

async function adminOf(plan: Plan) {
  const org = await createOrg(plan);
  return { org, admin: await createUser(org.id, "org_admin") };
}
const group = (organizationId: string, name = "Billing") =>
  db.group.create({ data: { organizationId, name, nameKey: name.toLowerCase() } });

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

describe("POST /api/automations", () => {
  it("creates the contract's rule for the admin's organisation, last in the order, and records it", async () => {
    const { org, admin } = await adminOf("pro");
    const billing = await group(org.id);
    const agent = await createUser(org.id, "agent");
    const first = await post(admin, rule({ name: "First" }));
    expect(first.status).toBe(201);
    const res = await post(
      admin,
      rule({
        actions: [
          { type: "set_priority", value: "high" },
          { type: "add_tags", value: [" billing ", "Billing", "vip"] },
          { type: "set_group", value: billing.id },
          { type: "assign", value: agent.id },
          { type: "add_note", value: "Routed for {{customer.firstName}}" },
        ],
      }),
    );
    expect(res).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        name: "Refunds to Billing",
        when: "ticket_created",
        conditions: { all: [{ field: "subject", operator: "contains", value: "refund" }], any: [] },
        actions: [
          { type: "set_priority", value: "high" },
          { type: "add_tags", value: ["billing", "vip"] },
          { type: "set_group", value: billing.id },
          { type: "assign", value: agent.id },
          { type: "add_note", value: "Routed for {{customer.firstName}}" },
        ],
        active: true,
        position: 1,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const stored = await db.automation.findUniqueOrThrow({ where: { id: res.body.id as string } });
    expect(stored.organizationId).toBe(org.id);
    const event = await db.auditEvent.findFirst({ where: { targetId: stored.id, action: "automation.created" } });
    expect(event).toMatchObject({
      organizationId: org.id,
      actorId: admin.id,
      metadata: { name: "Refunds to Billing" },
    });
  });

  it("accepts every condition field with its operators, `in` lists and assignment to the group's mode", async () => {
    const { org, admin } = await adminOf("enterprise");
    const billing = await group(org.id);
    const agent = await createUser(org.id, "agent");
    const conditions = {
      all: [
        { field: "subject", operator: "not_contains", value: "test" },
        { field: "first_message", operator: "contains", value: "order" },
        { field: "customer_email", operator: "in", value: ["a@x.test", "b@x.test"] },
        { field: "customer_domain", operator: "is", value: "vip.test" },
        { field: "entrance", operator: "in", value: ["portal", "email"] },
        { field: "support_address", operator: "is_not", value: "sales@x.test" },
        { field: "priority", operator: "is_not", value: "urgent" },
        { field: "status", operator: "is", value: "open" },
        { field: "group", operator: "is", value: null },
        { field: "assignee", operator: "in", value: [agent.id, null] },
        { field: "tags", operator: "not_contains", value: "spam" },
      ],
      any: [{ field: "group", operator: "is_not", value: billing.id }],
    };
    const res = await post(admin, rule({ conditions, actions: [{ type: "assign", value: "group" }] }));
    expect(res.status).toBe(201);
    expect(res.body.conditions).toEqual(conditions);
    const timed = await post(
      admin,
      rule({
        when: "time",
        conditions: { all: [{ field: "updated_at", operator: "hours_since_greater_than", value: 120 }], any: [] },
        actions: [{ type: "set_status", value: "closed" }],
      }),
    );
    expect(timed.status).toBe(201);
  });

  it.each([
    [
      "an unknown field",
      { conditions: { all: [{ field: "mood", operator: "is", value: "x" }], any: [] } },
      "conditions.all.0.field",
    ],
    [
      "an unknown operator",
      { conditions: { all: [], any: [{ field: "subject", operator: "matches", value: "x" }] } },
      "conditions.any.0.operator",
    ],
    [
      "an operator that does not apply to the field",
      { conditions: { all: [{ field: "priority", operator: "contains", value: "high" }], any: [] } },
      "conditions.all.0.operator",
    ],
    [
      "a value of the wrong kind",
      { conditions: { all: [{ field: "priority", operator: "is", value: "sky-high" }], any: [] } },
      "conditions.all.0.value",
    ],
    [
      "an unknown entrance in a list",
      { conditions: { all: [{ field: "entrance", operator: "in", value: ["email", "fax"] }], any: [] } },
      "conditions.all.0.value.1",
    ],
    ["an unknown condition list", { conditions: { all: [], none: [] } }, "conditions"],
    ["an empty action list", { actions: [] }, "actions"],
    ["an unknown action", { actions: [{ type: "delete_ticket", value: true }] }, "actions.0.type"],
    ["an unknown status", { actions: [{ type: "set_status", value: "gone" }] }, "actions.0.value"],
    ["an empty tag list", { actions: [{ type: "add_tags", value: [] }] }, "actions.0.value"],
    ["a tag with a comma", { actions: [{ type: "remove_tags", value: ["a,b"] }] }, "actions.0.value.0"],
    [
      "an unknown placeholder",
      { actions: [{ type: "email_customer", value: "Hi {{customer.age}}" }] },
      "actions.0.value",
    ],
    ["an unknown event", { when: "ticket_deleted" }, "when"],
    ["no name", { name: "  " }, "name"],
    [
      "a negative wait",
      { conditions: { all: [{ field: "created_at", operator: "hours_since_greater_than", value: -1 }], any: [] } },
      "conditions.all.0.value",
    ],
  ])("refuses %s with a 400 naming the field", async (_what, overrides, path) => {
    const res = await post(world.users.org_admin, rule(overrides));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect((res.body.issues as { path: string }[]).map((i) => i.path)).toContain(path);
    expect(await db.automation.count({ where: { organizationId: world.org.id } })).toBe(0);
  });

  it("refuses a group or an agent of another organisation (or a deactivated agent) as unknown, naming the field", async () => {
    const foreignGroup = await group(world.other.id, "Theirs");
    const foreignAgent = await createUser(world.other.id, "agent");
    const away = await createUser(world.org.id, "agent", { isActive: false });
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          actions: [
            { type: "set_priority", value: "low" },
            { type: "set_group", value: foreignGroup.id },
          ],
        },
        "actions.1.value",
      ],
      [{ actions: [{ type: "assign", value: foreignAgent.id }] }, "actions.0.value"],
      [{ actions: [{ type: "assign", value: away.id }] }, "actions.0.value"],
      [
        { conditions: { all: [], any: [{ field: "group", operator: "in", value: [null, foreignGroup.id] }] } },
        "conditions.any.0.value.1",
      ],
      [
        { conditions: { all: [{ field: "assignee", operator: "is", value: foreignAgent.id }], any: [] } },
        "conditions.all.0.value",
      ],
    ];
    for (const [overrides, path] of cases) {
      const res = await post(world.users.org_admin, rule(overrides));
      expect({ status: res.status, code: res.body.code, issues: res.body.issues }).toEqual({
        status: 400,
        code: "validation_failed",
        issues: [{ path, message: expect.any(String) }],
      });
    }
    expect(await db.automation.count({ where: { organizationId: world.org.id } })).toBe(0);
  });

  it("is for admins: agents and customers get 403, nobody signed in 401", async () => {
    expect((await post(world.users.agent, rule())).status).toBe(403);
    expect((await post(world.users.end_user, rule())).status).toBe(403);
    expect((await post(null, rule())).status).toBe(401);
    expect((await post(world.users.platform_admin, rule())).status).toBe(201);
  });
});

describe("plan gate", () => {
  it.each(["free", "starter"] as const)("%s: every rule is refused with 403 plan_required", async (plan) => {
    const { org, admin } = await adminOf(plan);
    const res = await post(admin, rule());
    expect(res).toMatchObject({ status: 403, body: { code: "plan_required", error: expect.stringContaining("Pro") } });
    expect(await db.automation.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it("Pro: time rules are Enterprise's (403 plan_required)", async () => {
    const { admin } = await adminOf("pro");
    const res = await post(admin, rule({ when: "time" }));
    expect(res).toMatchObject({
      status: 403,
      body: { code: "plan_required", error: expect.stringContaining("Enterprise") },
    });
  });

  it("Enterprise: a rule on a schedule needs a time condition under all of, created or changed (400 naming it)", async () => {
    const { admin } = await adminOf("enterprise");
    const untimed = await post(admin, rule({ when: "time" }));
    expect(untimed).toMatchObject({
      status: 400,
      body: { error: TIME_CONDITION_REQUIRED, issues: [{ path: "conditions.all", message: TIME_CONDITION_REQUIRED }] },
    });
    // A time condition only under "any of" does not make every ticket wait.
    const anyOnly = await post(
      admin,
      rule({
        when: "time",
        conditions: { all: [], any: [{ field: "created_at", operator: "hours_since_greater_than", value: 2 }] },
      }),
    );
    expect(anyOnly.status).toBe(400);
    const made = await post(admin, rule());
    const id = made.body.id as string;
    expect((await change(admin, id, { when: "time" })).status).toBe(400);
    const timed = await change(admin, id, {
      when: "time",
      conditions: { all: [{ field: "status_changed_at", operator: "hours_since_greater_than", value: 120 }], any: [] },
    });
    expect(timed).toMatchObject({ status: 200, body: { when: "time" } });
    expect((await change(admin, id, { conditions: { all: [], any: [] } })).status).toBe(400);
    expect((await db.automation.findUniqueOrThrow({ where: { id } })).conditions).toEqual(timed.body.conditions);
  });

  it("Pro: at most 25 active rules, inactive ones beyond; switching one on past the limit is refused", async () => {
    const { org, admin } = await adminOf("pro");
    await db.automation.createMany({
      data: Array.from({ length: 24 }, (_, i) => ({
        organizationId: org.id,
        name: `Seeded ${i}`,
        when: "ticket_created" as const,
        conditions: { all: [], any: [] },
        actions: [{ type: "set_priority", value: "low" }],
        position: i,
      })),
    });
    // Parallel creates are counted under the organisation's lock: one of them is the 25th.
    const [a, b] = await Promise.all([post(admin, rule({ name: "A" })), post(admin, rule({ name: "B" }))]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.code).toBe("automation_limit_reached");
    const off = await post(admin, rule({ active: false }));
    expect(off.status).toBe(201);
    const on = await change(admin, off.body.id as string, { active: true });
    expect(on).toMatchObject({ status: 409, body: { code: "automation_limit_reached" } });
    expect(await db.automation.count({ where: { organizationId: org.id, active: true } })).toBe(25);
  });

  it("a team that moved down may switch its rules off and delete them, but not change them otherwise", async () => {
    const { org, admin } = await adminOf("pro");
    const made = await post(admin, rule());
    await db.organization.update({ where: { id: org.id }, data: { plan: "starter" } });
    const id = made.body.id as string;
    expect((await change(admin, id, { name: "Renamed" })).body.code).toBe("plan_required");
    expect(await change(admin, id, { active: false })).toMatchObject({ status: 200, body: { active: false } });
    expect(await get(admin)).toMatchObject({
      status: 200,
      body: { plan: "starter", eventRules: false, timeRules: false, activeLimit: 0 },
    });
    expect((await del(admin, id)).status).toBe(200);
  });
});

describe("GET /api/automations", () => {
  it("lists the organisation's rules in running order with what the plan allows; admins only", async () => {
    const { org, admin } = await adminOf("enterprise");
    const agent = await createUser(org.id, "agent");
    await post(admin, rule({ name: "One" }));
    await post(admin, rule({ name: "Two", active: false }));
    const res = await get(admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan: "enterprise", eventRules: true, timeRules: true, activeLimit: null });
    expect((res.body.automations as { name: string; active: boolean }[]).map((r) => [r.name, r.active])).toEqual([
      ["One", true],
      ["Two", false],
    ]);
    expect((await get(agent)).status).toBe(403);
    expect((await get(null)).status).toBe(401);
  });

  it("never shows another organisation's rules", async () => {
    const { admin } = await adminOf("pro");
    await post(world.users.otherAdmin, rule({ name: "Theirs" }));
    expect((await get(admin)).body.automations).toEqual([]);
  });
});

describe("PATCH and DELETE /api/automations/{id}", () => {
  it("changes the parts sent and keeps the others; records it", async () => {
    const { admin } = await adminOf("pro");
    const made = await post(admin, rule());
    const id = made.body.id as string;
    const res = await change(admin, id, {
      name: "Urgent words",
      conditions: { all: [], any: [{ field: "subject", operator: "contains", value: "urgent" }] },
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        id,
        name: "Urgent words",
        when: "ticket_created",
        conditions: { all: [], any: [{ field: "subject", operator: "contains", value: "urgent" }] },
        actions: made.body.actions,
        active: true,
        position: 0,
      },
    });
    expect(await db.auditEvent.count({ where: { targetId: id, action: "automation.updated" } })).toBe(1);
  });

  it("validates a change like a new rule", async () => {
    const { admin } = await adminOf("pro");
    const id = (await post(admin, rule())).body.id as string;
    const empty = await change(admin, id, { actions: [] });
    expect(empty).toMatchObject({ status: 400, body: { issues: [{ path: "actions" }] } });
    const nothing = await change(admin, id, {});
    expect(nothing.status).toBe(400);
    const foreign = await group(world.other.id, "Foreign for patch");
    const cross = await change(admin, id, { actions: [{ type: "set_group", value: foreign.id }] });
    expect(cross).toMatchObject({ status: 400, body: { issues: [{ path: "actions.0.value" }] } });
  });

  it("another organisation's rule is a 404 to change or delete, and stays as it was", async () => {
    const theirs = await post(world.users.otherAdmin, rule({ name: "Not yours" }));
    const id = theirs.body.id as string;
    expect((await change(world.users.org_admin, id, { name: "Mine now" })).status).toBe(404);
    expect((await del(world.users.org_admin, id)).status).toBe(404);
    expect(await db.automation.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "Not yours" });
  });

  it("agents may neither change nor delete a rule", async () => {
    const id = (await post(world.users.org_admin, rule({ name: "Kept" }))).body.id as string;
    expect((await change(world.users.agent, id, { name: "x" })).status).toBe(403);
    expect((await del(world.users.agent, id)).status).toBe(403);
    expect((await del(world.users.org_admin, id)).status).toBe(200);
    expect(await db.automation.findUnique({ where: { id } })).toBeNull();
    expect(await db.auditEvent.count({ where: { targetId: id, action: "automation.deleted" } })).toBe(1);
  });
});

describe("PUT /api/automations/order", () => {
  it("puts the rules in the order given and answers the list", async () => {
    const { admin } = await adminOf("pro");
    const ids: string[] = [];
    for (const name of ["A", "B", "C"]) ids.push((await post(admin, rule({ name }))).body.id as string);
    const res = await order(admin, [ids[2]!, ids[0]!, ids[1]!]);
    expect(res.status).toBe(200);
    expect((res.body.automations as { name: string; position: number }[]).map((r) => [r.name, r.position])).toEqual([
      ["C", 0],
      ["A", 1],
      ["B", 2],
    ]);
  });

  it("needs every rule of the organisation exactly once: a missing, repeated or foreign id is a 400", async () => {
    const { admin } = await adminOf("pro");
    const a = (await post(admin, rule({ name: "A" }))).body.id as string;
    const b = (await post(admin, rule({ name: "B" }))).body.id as string;
    const theirs = (await post(world.users.otherAdmin, rule({ name: "T" }))).body.id as string;
    for (const ids of [[a], [a, a], [a, b, theirs], [a, theirs]]) {
      expect(await order(admin, ids)).toMatchObject({ status: 400, body: { issues: [{ path: "ids" }] } });
    }
    expect((await get(admin)).body.automations).toMatchObject([{ name: "A" }, { name: "B" }]);
    expect((await order(world.users.agent, [a, b])).status).toBe(403);
  });
});

describe("POST /api/automations/preview", () => {
  const preview = async (user: User | null, body: unknown) =>
    readJson(
      await previewRoute(
        makeRequest("/api/automations/preview", { method: "POST", body, headers: await as(user) }),
        params(),
      ),
    );

  it("answers which of the latest 500 tickets the rule matches and what it would change, changing nothing", async () => {
    const { org, admin } = await adminOf("pro");
    const billing = await group(org.id);
    await createTickets(org.id, 501);
    const due = new Date();
    const refund = await db.ticket.create({
      data: {
        organizationId: org.id,
        ticketNumber: 502,
        subject: "Refund please",
        description: "Order 7",
        customerName: "Jo Park",
        customerEmail: "jo@x.test",
        priority: "high",
        firstResponseDueAt: due,
        resolutionDueAt: due,
        slaRiskAt: due,
      },
    });
    const theirs = await post(world.users.otherAdmin, rule({ name: "Theirs for preview" }));
    expect(theirs.status).toBe(201);
    const before = await db.ticket.findMany({ where: { organizationId: org.id }, orderBy: { ticketNumber: "asc" } });
    const body = rule({
      actions: [
        { type: "set_priority", value: "high" },
        { type: "add_tags", value: ["billing"] },
        { type: "set_group", value: billing.id },
        { type: "add_note", value: "For {{customer.firstName}}" },
      ],
    });
    const res = await preview(admin, body);
    expect(res).toEqual({
      status: 200,
      body: {
        matches: [
          {
            ticketId: refund.id,
            ticketNumber: 502,
            changes: [
              { field: "tags", from: [], to: ["billing"] },
              { field: "group", from: null, to: billing.id },
              { field: "note", from: null, to: "For Jo" },
            ],
          },
        ],
        examined: 500,
      },
    });
    expect(await db.ticket.findMany({ where: { organizationId: org.id }, orderBy: { ticketNumber: "asc" } })).toEqual(
      before,
    );
    expect(await db.automation.count({ where: { organizationId: org.id } })).toBe(0);

    // Every ticket has "s" in its subject but the oldest is past the latest 500.
    const all = await preview(
      admin,
      rule({ conditions: { all: [{ field: "subject", operator: "contains", value: "s" }], any: [] } }),
    );
    const numbers = (all.body.matches as { ticketNumber: number }[]).map((m) => m.ticketNumber);
    expect(numbers).toHaveLength(500);
    expect(numbers[0]).toBe(502);
    expect(numbers).not.toContain(1);
  });

  it("says how many tickets it tried: all of them when the organisation has fewer than 500", async () => {
    const { org, admin } = await adminOf("pro");
    expect((await preview(admin, rule())).body).toEqual({ matches: [], examined: 0 });
    await createTickets(org.id, 3);
    expect((await preview(admin, rule())).body).toMatchObject({ examined: 3 });
  });

  it("is refused like a rule: bad input 400 naming the field, another organisation's group 400, plans, roles", async () => {
    const { admin } = await adminOf("pro");
    expect(await preview(admin, rule({ actions: [] }))).toMatchObject({
      status: 400,
      body: { issues: [{ path: "actions" }] },
    });
    const foreign = await group(world.other.id, "Foreign for preview");
    expect(await preview(admin, rule({ actions: [{ type: "set_group", value: foreign.id }] }))).toMatchObject({
      status: 400,
      body: { issues: [{ path: "actions.0.value" }] },
    });
    expect((await preview(admin, rule({ when: "time" }))).body.code).toBe("plan_required");
    const { admin: starter } = await adminOf("starter");
    expect((await preview(starter, rule())).body.code).toBe("plan_required");
    expect((await preview(world.users.agent, rule())).status).toBe(403);
    expect((await preview(null, rule())).status).toBe(401);
  });
});
