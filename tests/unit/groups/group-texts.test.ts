import { auditText } from "@/lib/format/audit-text";
import { historySentence } from "@/lib/format/ticket-history";

const event = (metadata: Record<string, unknown>) => ({
  action: "ticket.group_changed",
  actorType: "user",
  actorLabel: "Ada",
  metadata: { field: "group", ...metadata },
});
const sentence = (metadata: Record<string, unknown>) => historySentence(event(metadata), new Map(), "Casey");

describe("group changes in a ticket's history", () => {
  it("names the group by the name it had then", () => {
    expect(sentence({ from: null, to: "g1", fromName: null, toName: "Billing" })).toBe("Ada set the group to Billing");
    expect(sentence({ from: "g1", to: "g2", fromName: "Billing", toName: "Tier 2" })).toBe(
      "Ada set the group to Tier 2",
    );
    expect(sentence({ from: "g1", to: null, fromName: "Billing", toName: null })).toBe(
      "Ada removed the ticket from the group Billing",
    );
  });

  it("says a deleted group left the ticket without one", () => {
    expect(sentence({ from: "g1", to: null, fromName: "Billing", toName: null, groupDeleted: true })).toBe(
      "Ada deleted the group Billing, which left the ticket without a group",
    );
  });
});

describe("group events in the activity log", () => {
  const text = (action: string, metadata: Record<string, unknown>) =>
    auditText({ action, actor: "Ada", metadata, ticketNumber: 7 });

  it("describes creating, renaming, editing and deleting a group", () => {
    expect(text("group.created", { name: "Billing" })).toBe('Ada created the group "Billing"');
    expect(text("group.updated", { name: "Money", from: "Billing" })).toBe(
      'Ada renamed the group "Billing" to "Money"',
    );
    expect(text("group.updated", { name: "Billing" })).toBe('Ada edited the group "Billing"');
    expect(text("group.deleted", { name: "Billing", ungrouped: 3 })).toBe('Ada deleted the group "Billing"');
  });

  it("describes a ticket put in or taken out of a group", () => {
    expect(text("ticket.group_changed", { toName: "Billing" })).toBe("Ada set the group of ticket #7 to Billing");
    expect(text("ticket.group_changed", { fromName: "Billing", toName: null })).toBe(
      "Ada removed ticket #7 from the group Billing",
    );
  });
});
