import { auditText } from "@/lib/format/audit-text";

// SLA policy and calendar changes in the activity log, as their services record them.

const text = (action: string, metadata: Record<string, unknown>) => auditText({ action, actor: "Ada", metadata });

describe("SLA policy events in the activity log", () => {
  it("describes creating, renaming, editing, moving and deleting a policy", () => {
    expect(text("sla_policy.created", { name: "VIP" })).toBe('Ada created the SLA policy "VIP"');
    expect(text("sla_policy.updated", { name: "Gold", from: "VIP" })).toBe(
      'Ada renamed the SLA policy "VIP" to "Gold"',
    );
    expect(text("sla_policy.updated", { name: "VIP" })).toBe('Ada edited the SLA policy "VIP"');
    expect(text("sla_policy.moved", { name: "VIP", from: 3, to: 1 })).toBe(
      'Ada moved the SLA policy "VIP" from position 3 to 1',
    );
    expect(text("sla_policy.deleted", { name: "VIP" })).toBe('Ada deleted the SLA policy "VIP"');
  });
});

describe("business-hours calendar events in the activity log", () => {
  it("describes creating, renaming, editing, making default and deleting a calendar", () => {
    expect(text("business_hours.created", { name: "Office" })).toBe('Ada created the business-hours calendar "Office"');
    expect(text("business_hours.updated", { name: "London", from: "Office" })).toBe(
      'Ada renamed the business-hours calendar "Office" to "London"',
    );
    expect(text("business_hours.updated", { name: "Office" })).toBe('Ada edited the business-hours calendar "Office"');
    expect(text("business_hours.updated", { name: "Office", madeDefault: true })).toBe(
      'Ada made "Office" the default business-hours calendar',
    );
    expect(text("business_hours.deleted", { name: "Office" })).toBe('Ada deleted the business-hours calendar "Office"');
  });
});

describe("a ticket's SLA policy in the activity log and its history", () => {
  it("names the policy that took the ticket, or the default targets", () => {
    expect(text("ticket.sla_policy_changed", { toName: "VIP" })).toContain('applied the SLA policy "VIP"');
    expect(text("ticket.sla_policy_changed", { toName: null })).toContain("applied the default SLA targets");
  });
});
