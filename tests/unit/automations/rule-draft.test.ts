import {
  NONE,
  draftOf,
  emptyDraft,
  fieldOptions,
  newCondition,
  ruleInput,
  withField,
  type Choices,
} from "@/components/settings/automations/rule-draft";
import { automationInputSchema } from "@/lib/schemas/automations";

// The editor's draft of a rule and the API's shape: a saved rule opened in the editor and saved
// unchanged is the same rule, and each value the controls hold becomes the value the API takes.

const choices: Choices = {
  groups: [{ value: "g-billing", label: "Billing" }],
  agents: [{ value: "u-sam", label: "Sam Agent" }],
};

const saved = automationInputSchema.parse({
  name: "Everything",
  when: "customer_replied",
  conditions: {
    all: [
      { field: "subject", operator: "contains", value: "refund" },
      { field: "group", operator: "is", value: null },
      { field: "assignee", operator: "in", value: ["u-sam", null] },
      { field: "customer_domain", operator: "in", value: ["a.test", "b.test"] },
      { field: "updated_at", operator: "hours_since_greater_than", value: 48 },
    ],
    any: [{ field: "entrance", operator: "is_not", value: "email" }],
  },
  actions: [
    { type: "set_group", value: "g-billing" },
    { type: "assign", value: "group" },
    { type: "add_tags", value: ["billing", "vip"] },
    { type: "add_note", value: "Hi {{customer.firstName}}" },
  ],
  active: false,
});

describe("the editor's draft of a rule", () => {
  it("opens a saved rule and gives it back unchanged", () => {
    const draft = draftOf(saved, choices);
    expect(draft.all[1]!.value).toBe(NONE);
    expect(draft.all[2]!.values).toEqual(["u-sam", NONE]);
    expect(draft.all[3]!.value).toBe("a.test, b.test");
    expect(draft.actions[2]!.value).toBe("billing, vip");
    expect(automationInputSchema.parse(ruleInput(draft))).toEqual(saved);
  });

  it("starts a new rule on new tickets with one empty condition and action, which the API refuses by place", () => {
    const result = automationInputSchema.safeParse(ruleInput(emptyDraft()));
    expect(result.success).toBe(false);
    const places = result.error!.issues.map((i) => i.path.join("."));
    expect(places).toEqual(expect.arrayContaining(["name", "conditions.all.0.value", "actions.0.value"]));
  });

  it("gives a condition moved to another field that field's first test and an empty value", () => {
    const moved = withField({ ...newCondition("subject"), value: "refund" }, "created_at");
    expect(moved).toMatchObject({ field: "created_at", operator: "hours_since_greater_than", value: "" });
    expect(ruleInput({ ...emptyDraft(), all: [{ ...moved, value: "" }] }).conditions.all[0]!.value).toBeUndefined();
  });

  it("offers None first for group and assignee, and typed text for the others", () => {
    expect(fieldOptions("group", choices)?.map((o) => o.label)).toEqual(["No group", "Billing"]);
    expect(fieldOptions("assignee", choices)?.map((o) => o.label)).toEqual(["Nobody", "Sam Agent"]);
    expect(fieldOptions("subject", choices)).toBeNull();
  });
});
