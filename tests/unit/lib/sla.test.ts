import { slaBadge, slaRiskAt, type SlaFields, SLA_TARGETS, slaDueTimes } from "@/lib/tickets/sla";

const HOUR = 3600_000;
const created = new Date("2026-11-22T08:00:00Z");

function ticket(overrides: Partial<SlaFields> = {}): SlaFields {
  return {
    status: "open",
    priority: "urgent",
    ...slaDueTimes("urgent", created),
    firstRespondedAt: null,
    ...overrides,
  };
}
const at = (hours: number) => new Date(created.getTime() + hours * HOUR);

describe("SLA", () => {
  it("sets due times from the priority's targets", () => {
    for (const [priority, target] of Object.entries(SLA_TARGETS)) {
      const due = slaDueTimes(priority as SlaFields["priority"], created);
      expect(due.firstResponseDueAt.getTime() - created.getTime()).toBe(target.firstResponseMs);
      expect(due.resolutionDueAt.getTime() - created.getTime()).toBe(target.resolutionMs);
    }
    expect(SLA_TARGETS.urgent).toEqual({ firstResponseMs: 1 * HOUR, resolutionMs: 4 * HOUR });
    expect(SLA_TARGETS.low).toEqual({ firstResponseMs: 24 * HOUR, resolutionMs: 96 * HOUR });
  });

  it("is met while more than a quarter of the first-response target is left", () => {
    expect(slaBadge(ticket(), at(0.7))).toEqual({ state: "met" });
  });

  it("is at risk with the time left once under a quarter remains", () => {
    expect(slaBadge(ticket(), at(0.8))).toEqual({ state: "at_risk", remainingMs: 0.2 * HOUR });
  });

  it("is breached after the first-response due time without an answer", () => {
    expect(slaBadge(ticket(), at(1.01))).toEqual({ state: "breached" });
  });

  it("follows the resolution clock once answered", () => {
    const answered = ticket({ firstRespondedAt: at(0.5) });
    expect(slaBadge(answered, at(1.5))).toEqual({ state: "met" });
    expect(slaBadge(answered, at(3.5))).toEqual({ state: "at_risk", remainingMs: 0.5 * HOUR });
    expect(slaBadge(answered, at(4.5))).toEqual({ state: "breached" });
  });

  it("shows nothing for resolved and closed tickets", () => {
    expect(slaBadge(ticket({ status: "resolved" }), at(10))).toEqual({ state: "met" });
    expect(slaBadge(ticket({ status: "closed" }), at(10))).toEqual({ state: "met" });
  });

  it("stores the at-risk moment for the SLA at Risk queue", () => {
    expect(slaRiskAt(ticket())).toEqual(at(0.75));
    expect(slaRiskAt(ticket({ firstRespondedAt: at(0.2) }))).toEqual(at(3));
  });
});
