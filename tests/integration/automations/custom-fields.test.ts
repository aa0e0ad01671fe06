import { POST as previewRoute } from "@/app/api/automations/preview/route";
import { POST as create } from "@/app/api/automations/route";
import { PUT as updateRoute } from "@/app/api/tickets/[id]/route";
import type { AutomationWhen } from "@/generated/prisma/enums";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { postTicket } from "../helpers/ticket-list";

// Rules and custom fields (issue 62): a condition tests a field named field.<key>, set_field
// writes one (kept in the ticket's history as the rule's change), and a rule is saved only when
// its fields are the organisation's and its values fit their types.

type User = { id: string; sessionVersion: number };
const cookie = async (user: User) => ({ cookie: await sessionCookie(user) });

async function orgWithFields() {
  const org = await createOrg("pro");
  const admin = await createUser(org.id, "org_admin");
  const agent = await createUser(org.id, "agent", { fullName: "Sam Agent" });
  await db.customField.createMany({
    data: [
      {
        organizationId: org.id,
        key: "plan",
        label: "Plan",
        type: "dropdown",
        options: ["Basic", "Pro", "Enterprise"],
        position: 0,
      },
      { organizationId: org.id, key: "seats", label: "Seats", type: "number", position: 1 },
      { organizationId: org.id, key: "order_number", label: "Order number", type: "text", position: 2 },
      {
        organizationId: org.id,
        key: "areas",
        label: "Product area",
        type: "multi_select",
        options: ["Billing", "Mobile"],
        position: 3,
      },
    ],
  });
  return { org, admin, agent };
}

const addRule = (
  organizationId: string,
  rule: { name: string; conditions: object[]; actions: object[] },
  when: AutomationWhen,
) =>
  db.automation.create({
    data: {
      organizationId,
      name: rule.name,
      when,
      conditions: { all: rule.conditions, any: [] },
      actions: rule.actions,
      position: 0,
    },
  });

const update = async (user: User, id: string, body: unknown) =>
  readJson(
    await updateRoute(
      makeRequest(`/api/tickets/${id}`, { method: "PUT", body, headers: await cookie(user) }),
      params({ id }),
    ),
  );
const saveRule = async (user: User, body: unknown) =>
  readJson(
    await create(makeRequest("/api/automations", { method: "POST", body, headers: await cookie(user) }), params()),
  );
const preview = async (user: User, body: unknown) =>
  readJson(
    await previewRoute(
      makeRequest("/api/automations/preview", { method: "POST", body, headers: await cookie(user) }),
      params(),
    ),
  );

const planIs = (value: unknown, operator = "is") => ({ field: "field.plan", operator, value });

describe("a condition on a custom field", () => {
  it("fires a ticket_updated rule when the field holds the value (ignoring case), not otherwise", async () => {
    const { org, agent } = await orgWithFields();
    await addRule(
      org.id,
      {
        name: "Enterprise is high",
        conditions: [planIs("enterprise")],
        actions: [{ type: "set_priority", value: "high" }],
      },
      "ticket_updated",
    );
    const enterprise = (await postTicket(agent, { customerEmail: "a@x.test", priority: "low" })).body.id as string;
    const basic = (await postTicket(agent, { customerEmail: "b@x.test", priority: "low" })).body.id as string;
    expect(await update(agent, enterprise, { customFields: { plan: "Enterprise" } })).toMatchObject({
      status: 200,
      body: { priority: "high" },
    });
    expect(await update(agent, basic, { customFields: { plan: "Basic" } })).toMatchObject({
      status: 200,
      body: { priority: "low" },
    });
  });

  it("fires a ticket_created rule on the new ticket's values; a multi-select is an option it holds", async () => {
    const { org, agent } = await orgWithFields();
    await addRule(
      org.id,
      {
        name: "Mobile billing",
        conditions: [
          { field: "field.areas", operator: "is", value: "Mobile" },
          { field: "field.seats", operator: "in", value: [10, 20] },
        ],
        actions: [{ type: "set_priority", value: "urgent" }],
      },
      "ticket_created",
    );
    const hit = await postTicket(agent, {
      customerEmail: "a@x.test",
      customFields: { areas: ["Billing", "Mobile"], seats: 20 },
    });
    expect(hit).toMatchObject({ status: 201, body: { priority: "urgent" } });
    const miss = await postTicket(agent, {
      customerEmail: "b@x.test",
      customFields: { areas: ["Billing"], seats: 20 },
    });
    expect(miss).toMatchObject({ status: 201, body: { priority: "medium" } });
  });

  it("never holds once its field is deleted, even as is_not", async () => {
    const { org, agent } = await orgWithFields();
    await addRule(
      org.id,
      { name: "Not pro", conditions: [planIs("Pro", "is_not")], actions: [{ type: "set_priority", value: "urgent" }] },
      "ticket_created",
    );
    const before = await postTicket(agent, { customerEmail: "a@x.test", priority: "low" });
    expect(before.body).toMatchObject({ priority: "urgent" });
    await db.customField.deleteMany({ where: { organizationId: org.id, key: "plan" } });
    const after = await postTicket(agent, { customerEmail: "b@x.test", priority: "low" });
    expect(after.body).toMatchObject({ priority: "low" });
  });
});

describe("set_field", () => {
  it("sets the value, recorded in the ticket's history as the rule's change; null clears", async () => {
    const { org, agent } = await orgWithFields();
    await addRule(
      org.id,
      {
        name: "Refunds are Pro",
        conditions: [{ field: "subject", operator: "contains", value: "refund" }],
        actions: [
          { type: "set_field", value: { key: "plan", value: "Pro" } },
          { type: "set_field", value: { key: "order_number", value: null } },
        ],
      },
      "ticket_created",
    );
    const res = await postTicket(agent, {
      subject: "Refund please",
      customerEmail: "a@x.test",
      customFields: { order_number: "1234" },
    });
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    expect(res.body.customFields).toEqual({ plan: "Pro" });
    expect((await db.ticket.findUniqueOrThrow({ where: { id } })).customFields).toEqual({ plan: "Pro" });
    const events = await db.auditEvent.findMany({
      where: { ticketId: id, action: "ticket.field_changed" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(events.map((e) => e.metadata)).toEqual([
      { field: "plan", label: "Plan", from: null, to: "Pro", rule: "Refunds are Pro" },
      { field: "order_number", label: "Order number", from: "1234", to: null, rule: "Refunds are Pro" },
    ]);
    expect(events.every((e) => e.actorType !== "user")).toBe(true);
  });
});

describe("saving a rule with custom fields", () => {
  const base = (conditions: object[], actions: object[] = [{ type: "set_priority", value: "high" }]) => ({
    name: "Fields",
    when: "ticket_updated",
    conditions: { all: conditions, any: [] },
    actions,
  });

  it("saves a rule whose fields and values fit", async () => {
    const { admin } = await orgWithFields();
    const res = await saveRule(
      admin,
      base(
        [planIs("Enterprise"), { field: "field.order_number", operator: "contains", value: "12" }],
        [{ type: "set_field", value: { key: "seats", value: 5 } }],
      ),
    );
    expect(res.status).toBe(201);
  });

  it.each([
    [
      "an unknown key",
      [{ field: "field.nope", operator: "is", value: "x" }],
      [],
      "conditions.all.0.field",
      "Unknown custom field",
    ],
    [
      "another field's key syntax",
      [{ field: "field.Bad-Key", operator: "is", value: "x" }],
      [],
      "conditions.all.0.field",
      "Unknown field",
    ],
    [
      "a value of the wrong type",
      [{ field: "field.seats", operator: "is", value: "many" }],
      [],
      "conditions.all.0.value",
      "Seats must be a whole number",
    ],
    [
      "an option the dropdown lacks",
      [planIs(["Gold"], "in")],
      [],
      "conditions.all.0.value.0",
      "Plan must be one of its options",
    ],
    [
      "contains on a number field",
      [{ field: "field.seats", operator: "contains", value: 3 }],
      [],
      "conditions.all.0.operator",
      '"contains" does not apply to Seats',
    ],
    [
      "set_field on an unknown key",
      [],
      [{ type: "set_field", value: { key: "nope", value: 1 } }],
      "actions.0.value.key",
      "Unknown custom field",
    ],
    [
      "set_field with a wrong value",
      [],
      [{ type: "set_field", value: { key: "seats", value: "x" } }],
      "actions.0.value.value",
      "Seats must be a whole number",
    ],
  ])("refuses %s (400 at the path)", async (_what, conditions, actions, path, message) => {
    const { admin } = await orgWithFields();
    const res = await saveRule(admin, base(conditions, actions.length ? actions : undefined));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect((res.body.issues as { path: string }[]).map((i) => i.path)).toContain(path);
  });

  it("refuses another organisation's field as unknown", async () => {
    const { admin } = await orgWithFields();
    const other = await createOrg("pro");
    await db.customField.create({
      data: { organizationId: other.id, key: "secret", label: "Secret", type: "text", position: 0 },
    });
    const res = await saveRule(admin, base([{ field: "field.secret", operator: "is", value: "x" }]));
    expect(res).toMatchObject({ status: 400, body: { error: "Unknown custom field" } });
  });

  it("refuses a custom field in an SLA policy's conditions through the shared schema", async () => {
    const { slaPolicyConditionsSchema } = await import("@/lib/schemas/sla-policies");
    const parsed = slaPolicyConditionsSchema.safeParse({ all: [planIs("Pro")], any: [] });
    expect(parsed.success).toBe(false);
  });
});

describe("the preview", () => {
  it("lists the field's change with its label, from and to", async () => {
    const { admin, agent } = await orgWithFields();
    const id = (await postTicket(agent, { customerEmail: "a@x.test", customFields: { plan: "Basic" } })).body.id;
    await postTicket(agent, { customerEmail: "b@x.test", customFields: { plan: "Pro" } });
    const res = await preview(admin, {
      name: "Basic to Enterprise",
      when: "ticket_updated",
      conditions: { all: [planIs("Basic")], any: [] },
      actions: [{ type: "set_field", value: { key: "plan", value: "Enterprise" } }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      matches: [{ ticketId: id, changes: [{ field: "field.plan", label: "Plan", from: "Basic", to: "Enterprise" }] }],
      examined: 2,
    });
  });
});
