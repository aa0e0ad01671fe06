/** @jest-environment node */
import { addBusinessMinutes, businessMinutesBetween } from "@/lib/sla/business-time";
import { allWeek, at, calendar, LONDON_OFFICE, weekdays } from "./calendars";

const add = (cal: Parameters<typeof addBusinessMinutes>[0], start: string, minutes: number) =>
  addBusinessMinutes(cal, at(start), minutes)?.toISOString() ?? null;

describe("addBusinessMinutes", () => {
  it("makes a ticket created Friday 16:30 in London with an 8-hour target due Monday 16:30", () => {
    expect(add(LONDON_OFFICE, "2026-12-04T16:30Z", 8 * 60)).toBe("2026-12-07T16:30:00.000Z");
  });

  it("starts counting at the next opening for a ticket created outside hours", () => {
    expect(add(LONDON_OFFICE, "2026-12-05T10:00Z", 60)).toBe("2026-12-07T10:00:00.000Z");
    expect(add(LONDON_OFFICE, "2026-12-07T07:00Z", 30)).toBe("2026-12-07T09:30:00.000Z");
    expect(add(LONDON_OFFICE, "2026-12-07T19:00Z", 30)).toBe("2026-12-08T09:30:00.000Z");
  });

  it("carries over the weekend", () => {
    expect(add(LONDON_OFFICE, "2026-12-04T15:00Z", 4 * 60)).toBe("2026-12-07T11:00:00.000Z");
  });

  it("is due at closing time when the target is used up exactly then, not at the next opening", () => {
    expect(add(LONDON_OFFICE, "2026-12-04T09:00Z", 8 * 60)).toBe("2026-12-04T17:00:00.000Z");
    expect(add(LONDON_OFFICE, "2026-12-04T16:00Z", 60)).toBe("2026-12-04T17:00:00.000Z");
  });

  it("defines 0 minutes: the start itself when open or just closed, else the next opening", () => {
    expect(add(LONDON_OFFICE, "2026-12-07T10:00Z", 0)).toBe("2026-12-07T10:00:00.000Z");
    expect(add(LONDON_OFFICE, "2026-12-04T17:00Z", 0)).toBe("2026-12-04T17:00:00.000Z");
    expect(add(LONDON_OFFICE, "2026-12-07T09:00Z", 0)).toBe("2026-12-07T09:00:00.000Z");
    expect(add(LONDON_OFFICE, "2026-12-05T10:00Z", 0)).toBe("2026-12-07T09:00:00.000Z");
  });

  it("counts fractions of a minute to the millisecond", () => {
    expect(add(LONDON_OFFICE, "2026-12-07T09:00Z", 0.25)).toBe("2026-12-07T09:00:15.000Z");
  });

  it("refuses a negative or non-finite number of minutes", () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => addBusinessMinutes(LONDON_OFFICE, at("2026-12-07T09:00Z"), bad)).toThrow(RangeError);
    }
  });

  it("skips the lunch break of a split shift (Mon 09:00-12:00 and 13:00-17:30)", () => {
    const cal = calendar("Europe/London", {
      mon: [
        ["09:00", "12:00"],
        ["13:00", "17:30"],
      ],
    });
    expect(add(cal, "2026-12-07T11:00Z", 120)).toBe("2026-12-07T14:00:00.000Z");
    expect(add(cal, "2026-12-07T12:30Z", 30)).toBe("2026-12-07T13:30:00.000Z");
    expect(add(cal, "2026-12-07T09:00Z", 180)).toBe("2026-12-07T12:00:00.000Z");
    expect(add(cal, "2026-12-07T09:00Z", 450)).toBe("2026-12-07T17:30:00.000Z");
    expect(add(cal, "2026-12-07T09:00Z", 451)).toBe("2026-12-14T09:01:00.000Z");
  });

  it("counts a midnight-spanning shift continuously (Fri 22:00-24:00, Sat 00:00-06:00)", () => {
    const cal = calendar("Europe/London", { fri: [["22:00", "24:00"]], sat: [["00:00", "06:00"]] });
    expect(add(cal, "2026-12-04T23:00Z", 120)).toBe("2026-12-05T01:00:00.000Z");
    expect(add(cal, "2026-12-04T22:00Z", 120)).toBe("2026-12-05T00:00:00.000Z");
    expect(add(cal, "2026-12-04T22:00Z", 8 * 60)).toBe("2026-12-05T06:00:00.000Z");
    expect(add(cal, "2026-12-04T22:00Z", 8 * 60 + 1)).toBe("2026-12-11T22:01:00.000Z");
  });

  it("skips a one-off and a yearly holiday", () => {
    const cal = calendar("Europe/London", weekdays(), [
      { date: "2026-12-25", yearly: true },
      { date: "2026-12-28", yearly: false },
    ]);
    // Thu 24 Dec 16:00 + 2 h: Fri 25 and Mon 28 are closed.
    expect(add(cal, "2026-12-24T16:00Z", 120)).toBe("2026-12-29T10:00:00.000Z");
    // Next year 25 Dec is a Saturday and 28 Dec is open again.
    expect(add(cal, "2027-12-24T16:00Z", 120)).toBe("2027-12-27T10:00:00.000Z");
  });

  it("stays on office hours across the weekend of a spring-forward and a fall-back", () => {
    const berlin = calendar("Europe/Berlin", weekdays());
    expect(add(berlin, "2026-03-27T16:00+01:00", 120)).toBe(at("2026-03-30T10:00+02:00").toISOString());
    expect(add(berlin, "2026-10-23T16:00+02:00", 120)).toBe(at("2026-10-26T10:00+01:00").toISOString());
    const newYork = calendar("America/New_York", weekdays());
    expect(add(newYork, "2026-03-06T16:00-05:00", 120)).toBe(at("2026-03-09T10:00-04:00").toISOString());
    expect(add(newYork, "2026-10-30T16:00-04:00", 120)).toBe(at("2026-11-02T10:00-05:00").toISOString());
    expect(add(LONDON_OFFICE, "2026-03-27T16:00Z", 120)).toBe(at("2026-03-30T10:00+01:00").toISOString());
    expect(add(LONDON_OFFICE, "2026-10-23T16:00+01:00", 120)).toBe(at("2026-10-26T10:00Z").toISOString());
  });

  it("counts the real hours of a DST day on a 24/7 calendar in the zone", () => {
    const berlin = calendar("Europe/Berlin", {
      sat: [["00:00", "24:00"]],
      sun: [["00:00", "24:00"]],
      mon: [["00:00", "24:00"]],
    });
    // 24 real hours from Sunday 00:00 on a 23-hour day end at Monday 01:00.
    expect(add(berlin, "2026-03-29T00:00+01:00", 24 * 60)).toBe(at("2026-03-30T01:00+02:00").toISOString());
    expect(add(berlin, "2026-10-25T00:00+02:00", 24 * 60)).toBe(at("2026-10-25T23:00+01:00").toISOString());
  });

  it("works in Asia/Kolkata and Asia/Kathmandu", () => {
    const hours = weekdays([["09:00", "18:00"]]);
    expect(add(calendar("Asia/Kolkata", hours), "2026-12-07T09:00+05:30", 600)).toBe(
      at("2026-12-08T10:00+05:30").toISOString(),
    );
    expect(add(calendar("Asia/Kathmandu", hours), "2026-12-04T17:30+05:45", 60)).toBe(
      at("2026-12-07T09:30+05:45").toISOString(),
    );
  });

  it("is null on a calendar that is never open", () => {
    expect(add(calendar("UTC", {}), "2026-12-07T09:00Z", 60)).toBeNull();
    expect(add(calendar("UTC", { mon: [] }), "2026-12-07T09:00Z", 0)).toBeNull();
  });

  it("takes whole weeks at once without losing a DST hour or a holiday", () => {
    // Berlin around the clock, closed every 1 May: the first half of 2027 is 181 days less the
    // holiday, less the hour the spring-forward skips.
    const cal = calendar("Europe/Berlin", allWeek([["00:00", "24:00"]]), [{ date: "2024-05-01", yearly: true }]);
    const halfYear = (181 - 1) * 24 * 60 - 60;
    expect(businessMinutesBetween(cal, at("2027-01-01T00:00+01:00"), at("2027-07-01T00:00+02:00"))).toBe(halfYear);
    expect(add(cal, "2027-01-01T00:00+01:00", halfYear)).toBe(at("2027-07-01T00:00+02:00").toISOString());
    expect(add(cal, "2027-01-01T00:00+01:00", halfYear - 1)).toBe(at("2027-06-30T23:59+02:00").toISOString());
  });

  it("does not take a week at once from a midnight the clock skips (Santiago springs forward at 00:00)", () => {
    // Sunday 6 September 2026 starts at 01:00 in Santiago: its 00:00-00:30 never comes.
    const cal = calendar("America/Santiago", { sun: [["00:00", "00:30"]] });
    expect(businessMinutesBetween(cal, at("2026-09-05T00:00-04:00"), at("2026-09-13T00:00-03:00"))).toBe(0);
    expect(add(cal, "2026-09-05T00:00-04:00", 31)).toBe(at("2026-09-20T00:01-03:00").toISOString());
  });

  it("reaches a year-long target on a calendar open one hour a week quickly", () => {
    const cal = calendar("Europe/Berlin", { wed: [["10:00", "11:00"]] });
    const start = at("2026-12-07T00:00+01:00");
    const began = performance.now();
    const due = addBusinessMinutes(cal, start, 525_600)!;
    const took = performance.now() - began;
    // 525,600 minutes are 8,760 Wednesday hours: the 8,760th Wednesday from 9 Dec 2026, at 11:00 in Berlin.
    const lastWednesday = new Date(Date.UTC(2026, 11, 9) + 8759 * 7 * 86_400_000).toISOString().slice(0, 10);
    const local = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Berlin",
      dateStyle: "short",
      timeStyle: "short",
      hourCycle: "h23",
    }).format(due);
    expect(local).toBe(`${lastWednesday}, 11:00`);
    expect(businessMinutesBetween(cal, start, due)).toBe(525_600);
    expect(took).toBeLessThan(1000);
  });
});
