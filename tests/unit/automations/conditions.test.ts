import { conditionsSchema, type Condition } from "@/lib/schemas/automations";
import { conditionHolds, conditionsHold, type RuleTicket } from "@/lib/services/automations/conditions";

// The conditions of automation rules, read against a ticket: every field with each of its
// operators, parsed by the API's own schema first (so what an admin saves is what is evaluated).

const NOW = new Date("2026-12-06T12:00:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

const ticket: RuleTicket = {
  subject: "Refund for order 1234",
  firstMessage: "Hello, I was charged twice for my ORDER.",
  customerEmail: "Casey@VIP.example",
  entrance: "email",
  supportAddress: "Billing@acme.test",
  priority: "medium",
  status: "open",
  groupId: "group-billing",
  assigneeId: null,
  tags: ["VIP", "billing"],
  createdAt: hoursAgo(50),
  updatedAt: hoursAgo(3),
  statusChangedAt: hoursAgo(130),
  assigneeChangedAt: hoursAgo(10),
  teamRepliedAt: hoursAgo(30),
};

const parse = (c: unknown): Condition => conditionsSchema.parse({ all: [c], any: [] }).all[0]!;
const holds = (field: string, operator: string, value: unknown) =>
  conditionHolds(parse({ field, operator, value }), ticket, NOW);

describe("a condition against a ticket", () => {
  it.each([
    ["subject", "contains", "REFUND", true],
    ["subject", "contains", "invoice", false],
    ["subject", "not_contains", "invoice", true],
    ["subject", "not_contains", "order", false],
    ["subject", "is", " refund for order 1234 ", true],
    ["subject", "is_not", "Refund for order 1234", false],
    ["first_message", "contains", "charged twice", true],
    ["first_message", "not_contains", "order", false],
    ["customer_email", "is", "casey@vip.example", true],
    ["customer_email", "is_not", "casey@vip.example", false],
    ["customer_email", "contains", "@vip.", true],
    ["customer_email", "not_contains", "casey", false],
    ["customer_email", "in", ["a@b.test", "CASEY@vip.example"], true],
    ["customer_email", "in", ["a@b.test"], false],
    ["customer_domain", "is", "vip.example", true],
    ["customer_domain", "is", "@VIP.example", true],
    ["customer_domain", "is", "example", false],
    ["customer_domain", "is_not", "vip.example", false],
    ["customer_domain", "in", ["other.test", "vip.example"], true],
    ["entrance", "is", "email", true],
    ["entrance", "is", "portal", false],
    ["entrance", "is_not", "agent", true],
    ["entrance", "in", ["agent", "portal"], false],
    ["support_address", "is", "billing@acme.test", true],
    ["support_address", "is_not", "billing@acme.test", false],
    ["support_address", "in", ["sales@acme.test"], false],
    ["priority", "is", "medium", true],
    ["priority", "is_not", "medium", false],
    ["priority", "in", ["high", "urgent"], false],
    ["status", "is", "open", true],
    ["status", "in", ["pending", "open"], true],
    ["status", "is_not", "closed", true],
    ["group", "is", "group-billing", true],
    ["group", "is", null, false],
    ["group", "is_not", null, true],
    ["group", "in", ["group-tech", "group-billing"], true],
    ["assignee", "is", null, true],
    ["assignee", "is_not", null, false],
    ["assignee", "in", ["user-1"], false],
    ["tags", "contains", "vip", true],
    ["tags", "contains", "refund", false],
    ["tags", "not_contains", "Billing", false],
    ["tags", "not_contains", "spam", true],
    ["created_at", "hours_since_greater_than", 48, true],
    ["created_at", "hours_since_greater_than", 50, false],
    ["updated_at", "hours_since_greater_than", 2.5, true],
    ["updated_at", "hours_since_greater_than", 24, false],
    ["status_changed_at", "hours_since_greater_than", 120, true],
    ["status_changed_at", "hours_since_greater_than", 130, false],
    ["assignee_changed_at", "hours_since_greater_than", 2, true],
    ["assignee_changed_at", "hours_since_greater_than", 12, false],
    ["last_agent_reply_at", "hours_since_greater_than", 24, true],
    ["last_agent_reply_at", "hours_since_greater_than", 30, false],
  ])("%s %s %j: %s", (field, operator, value, expected) => {
    expect(holds(field, operator, value)).toBe(expected);
  });

  it("a ticket that did not come by mail has no support address: only is_not holds", () => {
    const byAgent = { ...ticket, entrance: "agent" as const, supportAddress: null };
    expect(
      conditionHolds(parse({ field: "support_address", operator: "is", value: "billing@acme.test" }), byAgent, NOW),
    ).toBe(false);
    expect(
      conditionHolds(parse({ field: "support_address", operator: "is_not", value: "billing@acme.test" }), byAgent, NOW),
    ).toBe(true);
  });
});

describe("all of, any of", () => {
  const yes = { field: "subject", operator: "contains", value: "refund" };
  const no = { field: "priority", operator: "is", value: "urgent" };
  const check = (all: unknown[], any: unknown[]) => conditionsHold(conditionsSchema.parse({ all, any }), ticket, NOW);

  it("no conditions: every ticket", () => expect(check([], [])).toBe(true));
  it("every condition of all must hold", () => {
    expect(check([yes, yes], [])).toBe(true);
    expect(check([yes, no], [])).toBe(false);
  });
  it("one condition of any is enough, none is not", () => {
    expect(check([], [no, yes])).toBe(true);
    expect(check([], [no, no])).toBe(false);
  });
  it("both lists: all of the first and one of the second", () => {
    expect(check([yes], [no, yes])).toBe(true);
    expect(check([no], [yes])).toBe(false);
    expect(check([yes], [no])).toBe(false);
  });
});
