import {
  actionText,
  changeText,
  conditionText,
  hoursText,
  operatorLabel,
  ruleSentence,
  type RuleNames,
} from "@/lib/automations/labels";
import { automationInputSchema, type AutomationInput } from "@/lib/schemas/automations";

// A rule read as one sentence for admins who never used a rules engine, with the names of the
// organisation's groups and agents in place of their ids.

const names: RuleNames = {
  groups: new Map([["g-billing", "Billing"]]),
  agents: new Map([["u-sam", "Sam Agent"]]),
};

/** Parsed by the API's own schema first: the sentence reads what an admin saves. */
const rule = (input: unknown): AutomationInput => automationInputSchema.parse({ name: "Rule", ...(input as object) });

describe("ruleSentence", () => {
  it("reads the contract's example as the issue words it", () => {
    const refunds = rule({
      when: "ticket_created",
      conditions: { all: [{ field: "subject", operator: "contains", value: "refund" }], any: [] },
      actions: [
        { type: "set_group", value: "g-billing" },
        { type: "add_tags", value: ["billing"] },
      ],
    });
    expect(ruleSentence(refunds, names)).toBe(
      "When a ticket is created and the subject contains 'refund', set the group to Billing, add the tag billing",
    );
  });

  it("joins all conditions with 'and' and several 'any' conditions with 'either ... or'", () => {
    const r = rule({
      when: "customer_replied",
      conditions: {
        all: [{ field: "priority", operator: "is_not", value: "urgent" }],
        any: [
          { field: "tags", operator: "contains", value: "vip" },
          { field: "customer_domain", operator: "in", value: ["acme.test", "vip.example", "big.example"] },
        ],
      },
      actions: [{ type: "set_priority", value: "high" }],
    });
    expect(ruleSentence(r, names)).toBe(
      "When the customer replies and the priority is not Urgent and either the tags include 'vip' or the customer's domain is one of 'acme.test', 'vip.example' or 'big.example', set the priority to High",
    );
  });

  it("reads a rule with no conditions as applying to every ticket of its event", () => {
    const r = rule({
      when: "ticket_updated",
      conditions: { all: [], any: [] },
      actions: [
        { type: "assign", value: "group" },
        { type: "email_group", value: "Have a look" },
      ],
    });
    expect(ruleSentence(r, names)).toBe(
      "When a ticket is updated, share it out by the group's assignment mode, email the group",
    );
  });

  it("reads a time rule over open tickets, hours in days when whole", () => {
    const r = rule({
      when: "time",
      conditions: {
        all: [
          { field: "status", operator: "is", value: "pending" },
          { field: "updated_at", operator: "hours_since_greater_than", value: 120 },
        ],
        any: [],
      },
      actions: [
        { type: "email_customer", value: "Closing this" },
        { type: "set_status", value: "closed" },
      ],
    });
    expect(ruleSentence(r, names)).toBe(
      "Every few minutes, for each open ticket where the status is Pending and the ticket was last updated more than 5 days ago: email the customer, set the status to Closed",
    );
  });
});

describe("conditionText", () => {
  const parsed = (c: unknown) =>
    rule({ when: "ticket_created", conditions: { all: [c], any: [] }, actions: [{ type: "add_note", value: "x" }] })
      .conditions.all[0]!;
  it.each([
    [
      { field: "first_message", operator: "not_contains", value: "thanks" },
      "the first message does not contain 'thanks'",
    ],
    [{ field: "customer_email", operator: "is", value: "a@b.test" }, "the customer's email is 'a@b.test'"],
    [{ field: "entrance", operator: "is", value: "email" }, "the ticket came in by email"],
    [{ field: "entrance", operator: "is_not", value: "agent" }, "the ticket did not come in by an agent"],
    [{ field: "entrance", operator: "in", value: ["portal", "email"] }, "the ticket came in by the portal or email"],
    [
      { field: "support_address", operator: "is", value: "billing@acme.test" },
      "the support address it came to is 'billing@acme.test'",
    ],
    [{ field: "status", operator: "in", value: ["open", "in_progress"] }, "the status is one of Open or In Progress"],
    [{ field: "group", operator: "is", value: "g-billing" }, "the group is Billing"],
    [{ field: "group", operator: "is", value: null }, "the group is no group"],
    [{ field: "group", operator: "is", value: "g-gone" }, "the group is a deleted group"],
    [{ field: "assignee", operator: "is", value: null }, "the assignee is nobody"],
    [{ field: "assignee", operator: "is_not", value: "u-sam" }, "the assignee is not Sam Agent"],
    [{ field: "tags", operator: "not_contains", value: "spam" }, "the tags do not include 'spam'"],
    [
      { field: "created_at", operator: "hours_since_greater_than", value: 1 },
      "the ticket was created more than 1 hour ago",
    ],
    [
      { field: "status_changed_at", operator: "hours_since_greater_than", value: 120 },
      "the status last changed more than 5 days ago",
    ],
    [
      { field: "assignee_changed_at", operator: "hours_since_greater_than", value: 2 },
      "the assignee last changed more than 2 hours ago",
    ],
    [
      { field: "last_agent_reply_at", operator: "hours_since_greater_than", value: 24 },
      "the team last replied more than 1 day ago",
    ],
  ])("%j reads %s", (condition, text) => {
    expect(conditionText(parsed(condition), names)).toBe(text);
  });

  it("offers the tag operators in the editor as the sentence says them", () => {
    expect(operatorLabel("tags", "contains")).toBe("include");
    expect(operatorLabel("subject", "not_contains")).toBe("does not contain");
  });
});

describe("actionText", () => {
  it.each([
    [{ type: "set_status", value: "in_progress" }, "set the status to In Progress"],
    [{ type: "assign", value: "u-sam" }, "assign it to Sam Agent"],
    [{ type: "assign", value: "u-gone" }, "assign it to a former team member"],
    [{ type: "add_tags", value: ["vip", "key-account"] }, "add the tags vip and key-account"],
    [{ type: "remove_tags", value: ["new"] }, "remove the tag new"],
    [{ type: "add_note", value: "Check the invoice" }, "add an internal note"],
  ])("%j reads %s", (input, text) => {
    const action = rule({ when: "ticket_created", conditions: { all: [], any: [] }, actions: [input] }).actions[0]!;
    expect(actionText(action, names)).toBe(text);
  });
});

describe("changeText", () => {
  it.each([
    [{ field: "priority", from: "medium", to: "high" }, "Priority from Medium to High"],
    [{ field: "status", from: "open", to: "pending" }, "Status from Open to Pending"],
    [{ field: "group", from: null, to: "g-billing" }, "Group from no group to Billing"],
    [{ field: "assignee", from: "u-sam", to: null }, "Assignee from Sam Agent to nobody"],
    [{ field: "tags", from: ["a"], to: ["a", "billing"] }, "Add the tag billing"],
    [{ field: "tags", from: ["a", "b"], to: [] }, "Remove the tags a and b"],
    [{ field: "note", from: null, to: "Hello\n  Casey" }, 'Add an internal note: "Hello Casey"'],
    [{ field: "email_customer", from: null, to: "x".repeat(100) }, `Email the customer: "${"x".repeat(79)}…"`],
  ])("%j reads %s", (change, text) => {
    expect(changeText(change, names)).toBe(text);
  });
});

describe("hoursText", () => {
  it.each([
    [2, "2 hours"],
    [24, "1 day"],
    [36, "36 hours"],
    [168, "7 days"],
  ])("%d hours reads %s", (hours, text) => expect(hoursText(hours)).toBe(text));
});
