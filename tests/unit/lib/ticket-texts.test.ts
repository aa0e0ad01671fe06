import { slaText, shortSpan } from "@/lib/format/sla-text";
import { percentShares, niceMax } from "@/lib/format/shares";
import { historySentence } from "@/lib/format/ticket-history";
import { slaSummary, type SlaFields } from "@/lib/tickets/sla";

const HOUR = 3_600_000;
const now = new Date("2026-11-25T12:00:00Z");
const at = (h: number) => new Date(now.getTime() + h * HOUR);
const ticket = (over: Partial<SlaFields> = {}): SlaFields => ({
  status: "open",
  firstResponseDueAt: at(2),
  nextResponseDueAt: null,
  resolutionDueAt: at(20),
  slaRiskAt: at(1.5),
  firstRespondedAt: null,
  ...over,
});

describe("SLA badge text", () => {
  it("names the target that runs and when", () => {
    expect(slaText(slaSummary(ticket(), now), now)).toBe("First reply due in 2 h");
    expect(slaText(slaSummary(ticket({ firstRespondedAt: at(-1) }), now), now)).toBe("Resolution due in 20 h");
    expect(slaText(slaSummary(ticket({ firstResponseDueAt: at(-0.5) }), now), now)).toBe(
      "First reply breached 30 min ago",
    );
    expect(slaText(slaSummary(ticket({ firstResponseDueAt: at(-80), resolutionDueAt: at(-72) }), now), now)).toBe(
      "Resolution breached 3 d ago",
    );
    expect(slaText(slaSummary(ticket({ status: "resolved" }), now), now)).toBeNull();
    expect(slaText(slaSummary(ticket({ firstRespondedAt: at(-1), nextResponseDueAt: at(1) }), now), now)).toBe(
      "Next reply due in 1 h",
    );
    expect(slaText(slaSummary(ticket({ status: "pending" }), now), now)).toBe("Paused while waiting on the customer");
  });

  it("is at risk inside the last quarter of the target", () => {
    expect(slaSummary(ticket({ firstResponseDueAt: at(0.5), slaRiskAt: at(-0.1) }), now).state).toBe("at_risk");
    expect(slaSummary(ticket(), now).state).toBe("ok");
  });

  it("shortens spans", () => {
    expect(shortSpan(now, at(0.01))).toBe("1 min");
    expect(shortSpan(now, at(47))).toBe("47 h");
    expect(shortSpan(now, at(72))).toBe("3 d");
  });
});

describe("breakdown shares and chart scale", () => {
  it("adds up to 100", () => {
    expect(percentShares([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentShares([37, 0, 12, 9, 2]).reduce((a, b) => a + b)).toBe(100);
    expect(percentShares([0, 0])).toEqual([0, 0]);
  });
  it("rounds the scale up to 1, 2, 5 or 10 times a power of ten", () => {
    expect(niceMax(0)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(13)).toBe(20);
    expect(niceMax(41)).toBe(50);
  });
});

describe("history sentences", () => {
  const names = new Map([["u2", "Sam Agent"]]);
  const e = (action: string, metadata: unknown = null, actorType = "user") => ({
    action,
    actorType,
    actorLabel: actorType === "customer" ? "casey@customer.test" : "Alex Admin",
    metadata,
  });
  it("says which SLA policy the ticket started under and which took it later", () => {
    expect(historySentence(e("ticket.created", { slaPolicy: "Office" }, "customer"), names, "Casey")).toBe(
      "Casey created the ticket, under the SLA policy Office",
    );
    expect(
      historySentence(e("ticket.sla_policy_changed", { fromName: "Office", toName: "VIP" }, "system"), names, "Casey"),
    ).toMatch(/applied the SLA policy VIP, which now matches the ticket$/);
    expect(
      historySentence(e("ticket.sla_policy_changed", { fromName: "VIP", toName: null }, "system"), names, "Casey"),
    ).toMatch(/applied the default SLA targets: no SLA policy matches the ticket now$/);
  });

  it("reads as sentences with labels, and names the customer as the ticket does", () => {
    expect(historySentence(e("ticket.status_changed", { from: "open", to: "in_progress" }), names, "Casey")).toBe(
      "Alex Admin changed the status from Open to In Progress",
    );
    expect(historySentence(e("ticket.priority_changed", { from: "low", to: "urgent" }), names, "Casey")).toBe(
      "Alex Admin changed the priority from Low to Urgent",
    );
    expect(historySentence(e("ticket.assigned", { from: null, to: "u2" }), names, "Casey")).toBe(
      "Alex Admin assigned the ticket to Sam Agent",
    );
    expect(historySentence(e("ticket.assigned", { from: "u2", to: null }), names, "Casey")).toBe(
      "Alex Admin unassigned the ticket",
    );
    expect(historySentence(e("ticket.replied", null, "customer"), names, "Casey Customer")).toBe(
      "Casey Customer replied",
    );
  });

  it("names the tag added or removed", () => {
    expect(historySentence(e("ticket.tag_added", { field: "tag", tag: "billing" }), names, "Casey")).toBe(
      "Alex Admin added the tag billing",
    );
    expect(historySentence(e("ticket.tag_removed", { field: "tag", tag: "VIP" }), names, "Casey")).toBe(
      "Alex Admin removed the tag VIP",
    );
  });

  it("tells the email channel's events: follow-ups of closed tickets, bounces and automatic mail", () => {
    expect(historySentence(e("ticket.follow_up_opened", { ticketNumber: 42 }, "customer"), names, "Casey")).toBe(
      "Casey wrote again after the ticket was closed, which opened ticket #42",
    );
    expect(historySentence(e("ticket.follow_up_of", { ticketNumber: 7 }, "customer"), names, "Casey")).toBe(
      "Casey opened this ticket by writing again about closed ticket #7",
    );
    expect(historySentence(e("ticket.mail_bounced", { email: "casey@customer.test" }, "system"), names, "Casey")).toBe(
      "Mail to casey@customer.test could not be delivered",
    );
    expect(historySentence(e("ticket.mail_bounce_cleared", { email: "casey@customer.test" }), names, "Casey")).toBe(
      "Alex Admin cleared the notice that mail to casey@customer.test bounced",
    );
    expect(historySentence(e("ticket.mail_noted", { kind: "auto_reply" }, "system"), names, "Casey")).toBe(
      "Ticketry kept an automatic mail as an internal note",
    );
  });
});
