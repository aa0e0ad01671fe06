import { policyText, shownTargets, targetLine, ticketSlaOf } from "@/lib/format/ticket-sla-text";
import type { CalendarSpec } from "@/lib/sla/calendar";
import type { TargetRecord } from "@/lib/sla/ticket-clock";

// The ticket pane's SLA words: business time counted in the policy's calendar (London, 09:00-17:00
// on weekdays), moments on the agent's own clock. In December London's clock is UTC.

const utc = (text: string) => new Date(`${text}Z`);
const DAY = [["09:00", "17:00"]] as [string, string][];
const OFFICE: CalendarSpec = {
  timeZone: "Europe/London",
  hours: { mon: DAY, tue: DAY, wed: DAY, thu: DAY, fri: DAY },
  holidays: [],
};
// Friday 4 December 2026, 15:30 in London.
const FRIDAY_1530 = utc("2026-12-04T15:30:00");

const target = (over: Partial<TargetRecord> = {}): TargetRecord => ({
  target: "first_response",
  cycle: 0,
  minutes: 480,
  startedAt: utc("2026-12-04T10:30:00"),
  dueAt: utc("2026-12-07T10:30:00"),
  metAt: null,
  breachedAt: null,
  businessMinutes: 0,
  ...over,
});

const line = (t: TargetRecord, now: Date, { paused = false, viewerZone = "Europe/London" } = {}) =>
  targetLine(t, { calendar: OFFICE, paused, now, viewerZone });

describe("the ticket's SLA in words", () => {
  it("counts a running target's time left in business hours, due on the agent's clock", () => {
    // An hour and a half on Friday, an hour and a half on Monday.
    expect(line(target(), FRIDAY_1530)).toEqual({
      target: "first_response",
      cycle: 0,
      state: "running",
      text: "First reply due in 3 business hours, Mon 10:30",
    });
    // The same moment on a clock in New York.
    expect(line(target(), FRIDAY_1530, { viewerZone: "America/New_York" }).text).toBe(
      "First reply due in 3 business hours, Mon 05:30",
    );
    // A minute later, a minute less: the words follow the clock.
    expect(line(target(), utc("2026-12-04T15:31:00")).text).toBe(
      "First reply due in 2 business hours 59 minutes, Mon 10:30",
    );
  });

  it("says when a target was met and the business time it took", () => {
    const met = target({ metAt: utc("2026-12-07T10:00:00"), businessMinutes: 60 });
    expect(line(met, utc("2026-12-07T12:00:00"))).toMatchObject({
      state: "met",
      text: "First reply met Today 10:00 (1 business hour)",
    });
    // Answered on a Sunday: none of the office's hours went by.
    const weekend = target({ metAt: utc("2026-12-06T12:00:00"), businessMinutes: 0 });
    expect(line(weekend, utc("2026-12-06T13:00:00")).text).toBe("First reply met Today 12:00 (no business time)");
  });

  it("says when a target was breached, and when it was met late", () => {
    expect(line(target(), utc("2026-12-07T11:00:00"))).toMatchObject({
      state: "breached",
      text: "First reply breached Today 10:30",
    });
    const late = target({
      metAt: utc("2026-12-07T12:00:00"),
      breachedAt: utc("2026-12-07T10:30:00"),
      businessMinutes: 570,
    });
    expect(line(late, utc("2026-12-08T09:00:00")).text).toBe(
      "First reply breached Mon 7 Dec, 10:30; met Mon 7 Dec, 12:00 (9 business hours 30 minutes)",
    );
  });

  it("says how much time a paused target has left, and that one already breached stays breached", () => {
    const waiting = target({ dueAt: null, businessMinutes: 90 });
    expect(line(waiting, FRIDAY_1530, { paused: true })).toMatchObject({
      state: "paused",
      text: "First reply paused with 6 business hours 30 minutes left",
    });
    expect(line(target({ dueAt: null, businessMinutes: 500 }), FRIDAY_1530, { paused: true })).toMatchObject({
      state: "breached",
      text: "First reply breached, then paused",
    });
    // A done ticket's unanswered first reply stands still too.
    expect(line(waiting, FRIDAY_1530).text).toBe("First reply stopped with 6 business hours 30 minutes left");
  });

  it("names the next reply and resolution", () => {
    expect(line(target({ target: "next_response", cycle: 2 }), FRIDAY_1530).text).toMatch(/^Next reply due in /);
    expect(line(target({ target: "resolution" }), FRIDAY_1530).text).toMatch(/^Resolution due in /);
  });

  it("shows the first reply, the next reply the customer waits for and resolution", () => {
    const targets = [
      target(),
      target({ target: "next_response", cycle: 1, metAt: FRIDAY_1530 }),
      target({ target: "next_response", cycle: 2 }),
      target({ target: "resolution" }),
    ];
    expect(shownTargets(targets).map((t) => [t.target, t.cycle])).toEqual([
      ["first_response", 0],
      ["next_response", 2],
      ["resolution", 0],
    ]);
  });

  it("explains the policy, or says the default targets run around the clock", () => {
    expect(policyText("Billing: the group is Billing")).toBe("Billing: the group is Billing");
    expect(policyText(null)).toBe("Default targets, around the clock");
  });

  it("reads the API's moments as dates", () => {
    const sla = ticketSlaOf({
      policy: null,
      reason: null,
      calendar: { name: "24/7", timeZone: "UTC", hours: { mon: [["00:00", "24:00"]] }, holidays: [] },
      paused: false,
      targets: [
        {
          target: "first_response",
          cycle: 0,
          minutes: 60,
          startedAt: "2026-12-04T10:30:00.000Z",
          dueAt: "2026-12-04T11:30:00.000Z",
          metAt: null,
          breachedAt: null,
          businessMinutes: 0,
        },
      ],
    });
    expect(sla.targets[0]).toMatchObject({ startedAt: utc("2026-12-04T10:30:00"), dueAt: utc("2026-12-04T11:30:00") });
  });
});
