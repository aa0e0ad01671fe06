import {
  draftOf,
  fieldOptions,
  newCondition,
  ruleInput,
  withField,
  type Choices,
} from "@/components/settings/automations/rule-draft";
import { automationInputSchema } from "@/lib/schemas/automations";

// The rule editor with the organisation's custom fields: a saved rule on them opens and saves
// back unchanged, and each typed value goes to the API in its field's type.

const choices: Choices = {
  groups: [],
  agents: [],
  fields: [
    { key: "plan", label: "Plan", type: "dropdown", options: ["Basic", "Pro", "Enterprise"] },
    { key: "seats", label: "Seats", type: "number", options: [] },
    { key: "vip", label: "VIP", type: "checkbox", options: [] },
    { key: "areas", label: "Product area", type: "multi_select", options: ["Billing", "Mobile"] },
    { key: "order_number", label: "Order number", type: "text", options: [] },
  ],
};

const saved = automationInputSchema.parse({
  name: "Fields",
  when: "ticket_updated",
  conditions: {
    all: [
      { field: "field.plan", operator: "in", value: ["Pro", "Enterprise"] },
      { field: "field.seats", operator: "is", value: 12 },
      { field: "field.vip", operator: "is", value: true },
      { field: "field.areas", operator: "is", value: "Mobile" },
      { field: "field.order_number", operator: "contains", value: "AB-" },
    ],
    any: [{ field: "field.seats", operator: "in", value: [1, 2] }],
  },
  actions: [
    { type: "set_field", value: { key: "seats", value: 5 } },
    { type: "set_field", value: { key: "vip", value: false } },
    { type: "set_field", value: { key: "areas", value: ["Billing", "Mobile"] } },
    { type: "set_field", value: { key: "order_number", value: null } },
    { type: "set_priority", value: "high" },
  ],
  active: true,
});

describe("the editor's draft of a rule on custom fields", () => {
  it("opens a saved rule and gives it back unchanged", () => {
    const draft = draftOf(saved, choices);
    expect(draft.all[0]).toMatchObject({ fieldType: "dropdown", values: ["Pro", "Enterprise"] });
    expect(draft.all[1]).toMatchObject({ fieldType: "number", value: "12" });
    expect(draft.actions[0]).toMatchObject({ fieldKey: "seats", fieldType: "number", value: "5" });
    expect(automationInputSchema.parse(ruleInput(draft))).toEqual(saved);
  });

  it("offers a dropdown's options and a checkbox's Yes and No; typed fields are typed", () => {
    expect(fieldOptions("field.plan", choices)?.map((o) => o.value)).toEqual(["Basic", "Pro", "Enterprise"]);
    expect(fieldOptions("field.vip", choices)).toEqual([
      { value: "true", label: "Yes" },
      { value: "false", label: "No" },
    ]);
    expect(fieldOptions("field.seats", choices)).toBeNull();
    expect(fieldOptions("field.gone", choices)).toBeNull();
  });

  it("moving a condition to a custom field takes its type and first test", () => {
    const moved = withField(newCondition("subject"), "field.seats", choices);
    expect(moved).toMatchObject({ field: "field.seats", fieldType: "number", operator: "is", value: "" });
  });
});
