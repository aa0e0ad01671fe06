import type { RuleTicket } from "@/lib/services/automations/conditions";
import { slaPolicyConditionsSchema } from "@/lib/schemas/sla-policies";
import { policyFor, policyReason, policyReasons } from "@/lib/services/sla/matching";

// Which SLA policy a ticket falls under: the first, in position order, whose conditions hold,
// read as the automation rules read them (each condition parsed by the API's own schema first).

const ticket: RuleTicket = {
  subject: "Printer on fire",
  firstMessage: "It smokes.",
  customerEmail: "Casey@BigCo.test",
  entrance: "email",
  supportAddress: "VIP@acme.test",
  priority: "urgent",
  status: "open",
  groupId: "group-billing",
  assigneeId: null,
  tags: ["VIP", "billing"],
  createdAt: new Date("2026-12-04T16:30:00Z"),
  updatedAt: new Date("2026-12-04T16:30:00Z"),
  statusChangedAt: new Date("2026-12-04T16:30:00Z"),
  assigneeChangedAt: new Date("2026-12-04T16:30:00Z"),
  teamRepliedAt: new Date("2026-12-04T16:30:00Z"),
};

type Rule = { field: string; operator: string; value: unknown };
const policy = (name: string, position: number, all: Rule[] = [], any: Rule[] = []) => ({
  name,
  position,
  conditions: slaPolicyConditionsSchema.parse({ all, any }),
});
const names = { groups: new Map([["group-billing", "Billing"]]), agents: new Map<string, string>() };

describe("policyFor", () => {
  it("is null without policies, or when none holds (the organisation's default targets apply)", () => {
    expect(policyFor([], ticket)).toBeNull();
    expect(policyFor([policy("Low", 1, [{ field: "priority", operator: "is", value: "low" }])], ticket)).toBeNull();
  });

  it("takes the first in position order whose conditions hold, whatever the order it is given", () => {
    const vip = policy("VIP", 2, [{ field: "tags", operator: "contains", value: "vip" }]);
    const urgent = policy("Urgent", 3, [{ field: "priority", operator: "is", value: "urgent" }]);
    const low = policy("Low", 1, [{ field: "priority", operator: "is", value: "low" }]);
    expect(policyFor([urgent, vip, low], ticket)).toBe(vip);
    expect(policyFor([urgent, low], ticket)).toBe(urgent);
    const first = policy("First", 1, [{ field: "priority", operator: "is", value: "urgent" }]);
    expect(policyFor([urgent, vip, first], ticket)).toBe(first);
  });

  it("empty conditions take every ticket", () => {
    const everyone = policy("Everyone", 5);
    expect(policyFor([everyone], ticket)).toBe(everyone);
    expect(policyFor([everyone], { ...ticket, priority: "low", tags: [], groupId: null })).toBe(everyone);
  });

  it("needs every condition of `all` and, when `any` lists some, one of them", () => {
    const isUrgent = { field: "priority", operator: "is", value: "urgent" };
    const isLow = { field: "priority", operator: "is", value: "low" };
    const vip = { field: "tags", operator: "contains", value: "vip" };
    expect(policyFor([policy("P", 1, [isUrgent, vip])], ticket)).not.toBeNull();
    expect(policyFor([policy("P", 1, [isUrgent, isLow])], ticket)).toBeNull();
    expect(policyFor([policy("P", 1, [], [isLow, vip])], ticket)).not.toBeNull();
    expect(policyFor([policy("P", 1, [], [isLow])], ticket)).toBeNull();
    expect(policyFor([policy("P", 1, [vip], [isLow])], ticket)).toBeNull();
    expect(policyFor([policy("P", 1, [vip], [isLow, isUrgent])], ticket)).not.toBeNull();
  });

  it.each([
    ["priority", "is", "urgent", true],
    ["priority", "is_not", "urgent", false],
    ["priority", "in", ["high", "urgent"], true],
    ["priority", "in", ["high", "low"], false],
    ["group", "is", "group-billing", true],
    ["group", "is", null, false],
    ["group", "is_not", null, true],
    ["group", "in", ["group-sales", null], false],
    ["tags", "contains", "vip", true],
    ["tags", "contains", "spam", false],
    ["tags", "not_contains", "Billing", false],
    ["tags", "not_contains", "spam", true],
    ["customer_domain", "is", "bigco.test", true],
    ["customer_domain", "is", "@BIGCO.test", true],
    ["customer_domain", "is_not", "bigco.test", false],
    ["customer_domain", "in", ["small.test"], false],
    ["support_address", "is", "vip@acme.test", true],
    ["support_address", "is", "help@acme.test", false],
    ["support_address", "in", ["help@acme.test", "VIP@ACME.test"], true],
    ["entrance", "is", "email", true],
    ["entrance", "is_not", "email", false],
    ["entrance", "in", ["agent", "portal"], false],
  ])("reads %s %s %j as %s", (field, operator, value, expected) => {
    const p = policy("P", 1, [{ field, operator, value }]);
    expect(policyFor([p], ticket) === p).toBe(expected);
  });

  it("reads a ticket without a group, or not by mail, as such", () => {
    const noGroup = policy("No group", 1, [{ field: "group", operator: "is", value: null }]);
    expect(policyFor([noGroup], { ...ticket, groupId: null })).toBe(noGroup);
    const byMail = policy("By mail", 1, [{ field: "support_address", operator: "is", value: "vip@acme.test" }]);
    expect(policyFor([byMail], { ...ticket, entrance: "portal", supportAddress: null })).toBeNull();
  });
});

describe("why a policy applies", () => {
  it("names the conditions that hold, in the editor's words", () => {
    const vip = policy(
      "VIP",
      1,
      [
        { field: "priority", operator: "is", value: "urgent" },
        { field: "tags", operator: "contains", value: "vip" },
      ],
      [
        { field: "group", operator: "is", value: null },
        { field: "group", operator: "is", value: "group-billing" },
      ],
    );
    expect(policyReasons(vip, ticket, names)).toEqual([
      "the priority is Urgent",
      "the tags include 'vip'",
      "the group is Billing",
    ]);
    expect(policyReason(vip, ticket, names)).toBe(
      "VIP: the priority is Urgent, the tags include 'vip' and the group is Billing",
    );
  });

  it("says a policy without conditions takes every ticket", () => {
    expect(policyReasons(policy("Everyone", 1), ticket, names)).toEqual([]);
    expect(policyReason(policy("Everyone", 1), ticket, names)).toBe("Everyone: every ticket");
  });
});
