import { actionText, changeText, conditionText, type RuleNames } from "@/lib/automations/labels";
import { automationInputSchema, conditionsSchema, type Action, type Condition } from "@/lib/schemas/automations";
import { slaPolicyConditionsSchema } from "@/lib/schemas/sla-policies";
import { conditionHolds, type RuleTicket } from "@/lib/services/automations/conditions";

// Conditions on custom fields (field.<key>), parsed by the API's own schema, read against a
// ticket's values; and the words the rule list uses for them and for set_field.

const NOW = new Date("2026-12-06T12:00:00Z");
const ticket: RuleTicket = {
  subject: "Refund",
  firstMessage: "Hello",
  customerEmail: "casey@vip.example",
  entrance: "email",
  supportAddress: null,
  priority: "medium",
  status: "open",
  groupId: null,
  assigneeId: null,
  tags: [],
  createdAt: NOW,
  updatedAt: NOW,
  statusChangedAt: NOW,
  assigneeChangedAt: NOW,
  teamRepliedAt: NOW,
  customFields: { plan: "Pro", seats: 12, order_number: "AB-1234", areas: ["Billing", "Mobile"], vip: true },
  fieldKeys: ["plan", "seats", "order_number", "areas", "vip", "empty"],
};

const parse = (c: unknown): Condition => conditionsSchema.parse({ all: [c], any: [] }).all[0]!;
const holds = (field: string, operator: string, value: unknown, t: RuleTicket = ticket) =>
  conditionHolds(parse({ field, operator, value }), t, NOW);

describe("a condition on a custom field", () => {
  it.each([
    ["field.plan", "is", "pro", true],
    ["field.plan", "is", "Basic", false],
    ["field.plan", "is_not", "Basic", true],
    ["field.plan", "in", ["Basic", "PRO"], true],
    ["field.seats", "is", 12, true],
    ["field.seats", "is_not", 12, false],
    ["field.seats", "in", [1, 2], false],
    ["field.order_number", "contains", "ab-12", true],
    ["field.order_number", "not_contains", "1234", false],
    ["field.areas", "is", "Mobile", true],
    ["field.areas", "contains", "billing", true],
    ["field.areas", "is_not", "Billing", false],
    ["field.areas", "not_contains", "Sales", true],
    ["field.vip", "is", true, true],
    ["field.vip", "is", false, false],
    ["field.empty", "is", "x", false],
    ["field.empty", "is_not", "x", true],
  ])("%s %s %p is %p", (field, operator, value, expected) => {
    expect(holds(field, operator, value)).toBe(expected);
  });

  it("never holds for a field the organisation no longer has, whatever the operator", () => {
    const deleted = { ...ticket, fieldKeys: ["seats"] };
    expect(holds("field.plan", "is", "Pro", deleted)).toBe(false);
    expect(holds("field.plan", "is_not", "Basic", deleted)).toBe(false);
    expect(holds("field.plan", "not_contains", "x", deleted)).toBe(false);
  });

  it.each([
    [{ field: "field.Plan", operator: "is", value: "x" }, "field"],
    [{ field: "field.", operator: "is", value: "x" }, "field"],
    [{ field: "field.plan", operator: "hours_since_greater_than", value: 2 }, "operator"],
    [{ field: "field.plan", operator: "is", value: null }, "value"],
    [{ field: "field.plan", operator: "is", value: { a: 1 } }, "value"],
    [{ field: "field.plan", operator: "in", value: "Pro" }, "value"],
    [{ field: "field.plan", operator: "is", value: "" }, "value"],
  ])("refuses %p at its %s", (condition, at) => {
    const result = conditionsSchema.safeParse({ all: [condition], any: [] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(["all", 0, at]);
  });

  it("is not among what an SLA policy may look at", () => {
    expect(
      slaPolicyConditionsSchema.safeParse({ all: [{ field: "field.plan", operator: "is", value: "Pro" }] }).success,
    ).toBe(false);
  });
});

describe("set_field", () => {
  const rule = (value: unknown) => ({
    name: "Set",
    when: "ticket_updated",
    conditions: { all: [], any: [] },
    actions: [{ type: "set_field", value }],
  });
  it("takes a key and a value, null to clear", () => {
    expect(automationInputSchema.parse(rule({ key: "plan", value: null })).actions).toEqual([
      { type: "set_field", value: { key: "plan", value: null } },
    ]);
  });
  it.each([[{ key: "plan" }], [{ key: "Bad Key", value: 1 }], [{ key: "plan", value: 1, extra: 2 }], ["plan"]])(
    "refuses %p",
    (value) => {
      expect(automationInputSchema.safeParse(rule(value)).success).toBe(false);
    },
  );
});

describe("in words", () => {
  const names: RuleNames = {
    groups: new Map(),
    agents: new Map(),
    fields: new Map([
      ["plan", "Plan"],
      ["order_number", "Order number"],
      ["vip", "VIP"],
    ]),
  };
  it("reads conditions on custom fields by their labels", () => {
    expect(conditionText(parse({ field: "field.plan", operator: "is", value: "Pro" }), names)).toBe("Plan is Pro");
    expect(conditionText(parse({ field: "field.plan", operator: "in", value: ["Pro", "Enterprise"] }), names)).toBe(
      "Plan is one of Pro or Enterprise",
    );
    expect(conditionText(parse({ field: "field.vip", operator: "is", value: true }), names)).toBe("VIP is Yes");
    expect(conditionText(parse({ field: "field.gone", operator: "is", value: "x" }), names)).toBe(
      "the deleted field gone is x",
    );
  });
  it("reads set_field and its preview change", () => {
    const set = (value: unknown): Action => ({ type: "set_field", value: { key: "order_number", value } }) as Action;
    expect(actionText(set("1234"), names)).toBe("set Order number to 1234");
    expect(actionText(set(null), names)).toBe("clear Order number");
    expect(changeText({ field: "field.plan", label: "Plan", from: null, to: "Pro" }, names)).toBe(
      "Plan from empty to Pro",
    );
  });
});
