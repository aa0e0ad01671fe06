import { ALWAYS_OPEN } from "@/lib/sla/calendar";
import { ticketSla, type ClockStop, type TicketMessage } from "@/lib/sla/ticket-clock";
import { DEFAULT_TARGETS, slaBadge, slaSummary, SLA_TARGETS, type SlaFields } from "@/lib/tickets/sla";

const HOUR = 3600_000;
const created = new Date("2026-11-22T08:00:00Z");
const at = (hours: number) => new Date(created.getTime() + hours * HOUR);

/** An urgent ticket under the default targets as its history stands at `now`. */
function ticket(
  now: Date,
  {
    status = "open",
    firstRespondedAt = null,
    stops = [],
    messages = [],
  }: Partial<{
    status: SlaFields["status"];
    firstRespondedAt: Date | null;
    stops: ClockStop[];
    messages: TicketMessage[];
  }> = {},
): SlaFields {
  const sla = ticketSla(
    ALWAYS_OPEN,
    DEFAULT_TARGETS.urgent,
    { createdAt: created, firstRespondedAt, stops, messages },
    now,
  );
  return { status, firstRespondedAt, ...sla };
}

describe("SLA", () => {
  it("keeps the fixed targets as the default, in minutes, a follow-up answered as fast as a first message", () => {
    expect(SLA_TARGETS.urgent).toEqual({ firstResponseMs: 1 * HOUR, resolutionMs: 4 * HOUR });
    expect(SLA_TARGETS.low).toEqual({ firstResponseMs: 24 * HOUR, resolutionMs: 96 * HOUR });
    expect(DEFAULT_TARGETS.urgent).toEqual({ firstResponse: 60, nextResponse: 60, resolution: 240 });
    expect(DEFAULT_TARGETS.medium).toEqual({ firstResponse: 480, nextResponse: 480, resolution: 2880 });
  });

  it("is met while more than a quarter of the first-response target is left", () => {
    expect(slaBadge(ticket(at(0.7)), at(0.7))).toEqual({ state: "met" });
  });

  it("is at risk with the time left once under a quarter remains", () => {
    expect(slaBadge(ticket(at(0.8)), at(0.8))).toEqual({ state: "at_risk", remainingMs: 0.2 * HOUR });
  });

  it("is breached after the first-response due time without an answer", () => {
    expect(slaBadge(ticket(at(1.01)), at(1.01))).toEqual({ state: "breached" });
  });

  it("follows the resolution clock once answered", () => {
    const answered = (now: Date) => ticket(now, { firstRespondedAt: at(0.5), messages: [{ at: at(0.5), by: "team" }] });
    expect(slaBadge(answered(at(1.5)), at(1.5))).toEqual({ state: "met" });
    expect(slaBadge(answered(at(3.5)), at(3.5))).toEqual({ state: "at_risk", remainingMs: 0.5 * HOUR });
    expect(slaBadge(answered(at(4.5)), at(4.5))).toEqual({ state: "breached" });
  });

  it("answers a follow-up after the team's reply against the next-response target", () => {
    const messages: TicketMessage[] = [
      { at: at(0.5), by: "team" },
      { at: at(1), by: "customer" },
    ];
    const fields = ticket(at(1.8), { firstRespondedAt: at(0.5), messages });
    expect(fields.nextResponseDueAt).toEqual(at(2));
    expect(slaSummary(fields, at(1.8))).toEqual({ state: "at_risk", target: "next_reply", dueAt: at(2) });
  });

  it("stands still while pending, and resumes with the time left", () => {
    const waiting = ticket(at(0.5), { status: "pending", stops: [{ reason: "pending", from: at(0.25), to: null }] });
    expect(waiting).toMatchObject({ firstResponseDueAt: null, resolutionDueAt: null, slaRiskAt: null, paused: true });
    expect(slaSummary(waiting, at(0.5))).toEqual({ state: "paused" });
    const resumed = ticket(at(10), { stops: [{ reason: "pending", from: at(0.25), to: at(9.25) }] });
    expect(resumed.firstResponseDueAt).toEqual(at(10));
  });

  it("shows nothing for resolved and closed tickets", () => {
    const done: ClockStop[] = [{ reason: "done", from: at(2), to: null }];
    const resolved = ticket(at(10), { status: "resolved", firstRespondedAt: at(0.5), stops: done });
    expect(slaBadge(resolved, at(10))).toEqual({ state: "met" });
    expect(slaBadge({ ...resolved, status: "closed" }, at(10))).toEqual({ state: "met" });
  });

  it("stores the at-risk moment for the SLA at Risk queue", () => {
    expect(ticket(at(0)).slaRiskAt).toEqual(at(0.75));
    expect(ticket(at(0.3), { firstRespondedAt: at(0.2), messages: [{ at: at(0.2), by: "team" }] }).slaRiskAt).toEqual(
      at(3),
    );
  });

  it("counts around the clock by plain arithmetic exactly as the calendar would", () => {
    const counted = { ...ALWAYS_OPEN }; // an equal calendar, counted day by day
    for (const [hours, minutes] of [
      [0, 60],
      [0.5, 480],
      [30, 2880],
      [200, 5760],
    ] as const) {
      const timeline = { createdAt: created, firstRespondedAt: null, stops: [], messages: [] };
      const now = at(hours);
      expect(
        ticketSla(
          ALWAYS_OPEN,
          { firstResponse: minutes, nextResponse: minutes, resolution: minutes * 4 },
          timeline,
          now,
        ),
      ).toEqual(
        ticketSla(counted, { firstResponse: minutes, nextResponse: minutes, resolution: minutes * 4 }, timeline, now),
      );
    }
  });
});
