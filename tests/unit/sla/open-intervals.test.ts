/** @jest-environment node */
import { businessMinutesBetween, openIntervals } from "@/lib/sla/business-time";
import { allWeek, at, calendar, LONDON_OFFICE } from "./calendars";

const span = (cal: Parameters<typeof openIntervals>[0], from: string, to: string) =>
  openIntervals(cal, at(from), at(to)).map(({ start, end }) => [start.toISOString(), end.toISOString()]);

describe("openIntervals", () => {
  it("lists the open periods of a week in order, clipped to the range", () => {
    expect(span(LONDON_OFFICE, "2026-12-04T12:00Z", "2026-12-08T10:00Z")).toEqual([
      ["2026-12-04T12:00:00.000Z", "2026-12-04T17:00:00.000Z"],
      ["2026-12-07T09:00:00.000Z", "2026-12-07T17:00:00.000Z"],
      ["2026-12-08T09:00:00.000Z", "2026-12-08T10:00:00.000Z"],
    ]);
    expect(span(LONDON_OFFICE, "2026-12-05T00:00Z", "2026-12-07T00:00Z")).toEqual([]);
    expect(span(LONDON_OFFICE, "2026-12-07T10:00Z", "2026-12-07T10:00Z")).toEqual([]);
  });

  it("keeps both parts of a split shift", () => {
    const cal = calendar("Europe/London", {
      mon: [
        ["09:00", "12:00"],
        ["13:00", "17:30"],
      ],
    });
    expect(span(cal, "2026-12-07T00:00Z", "2026-12-08T00:00Z")).toEqual([
      ["2026-12-07T09:00:00.000Z", "2026-12-07T12:00:00.000Z"],
      ["2026-12-07T13:00:00.000Z", "2026-12-07T17:30:00.000Z"],
    ]);
  });

  it("runs a midnight-spanning shift as one period: Friday until 24:00 and Saturday from 00:00", () => {
    const cal = calendar("Europe/Berlin", { fri: [["22:00", "24:00"]], sat: [["00:00", "06:00"]] });
    expect(span(cal, "2026-12-04T00:00+01:00", "2026-12-06T00:00+01:00")).toEqual([
      ["2026-12-04T21:00:00.000Z", "2026-12-05T05:00:00.000Z"],
    ]);
  });

  it("works on the calendar zone's days: Monday in Auckland is Sunday in UTC", () => {
    const cal = calendar("Pacific/Auckland", { mon: [["09:00", "17:00"]] });
    expect(span(cal, "2026-12-06T00:00Z", "2026-12-08T00:00Z")).toEqual([
      ["2026-12-06T20:00:00.000Z", "2026-12-07T04:00:00.000Z"],
    ]);
  });

  it("works in zones with non-hour offsets: Asia/Kolkata (+05:30) and Asia/Kathmandu (+05:45)", () => {
    const hours = { mon: [["09:00", "18:00"]] as [string, string][] };
    expect(span(calendar("Asia/Kolkata", hours), "2026-12-06T00:00Z", "2026-12-09T00:00Z")).toEqual([
      ["2026-12-07T03:30:00.000Z", "2026-12-07T12:30:00.000Z"],
    ]);
    expect(span(calendar("Asia/Kathmandu", hours), "2026-12-06T00:00Z", "2026-12-09T00:00Z")).toEqual([
      ["2026-12-07T03:15:00.000Z", "2026-12-07T12:15:00.000Z"],
    ]);
  });

  describe("daylight saving", () => {
    const wholeDays = (zone: string) => calendar(zone, allWeek([["00:00", "24:00"]]));
    const day = (zone: string, from: string, to: string) => businessMinutesBetween(wholeDays(zone), at(from), at(to));

    it.each([
      ["Europe/Berlin", "2026-03-29T00:00+01:00", "2026-03-30T00:00+02:00", 23],
      ["Europe/Berlin", "2026-10-25T00:00+02:00", "2026-10-26T00:00+01:00", 25],
      ["America/New_York", "2026-03-08T00:00-05:00", "2026-03-09T00:00-04:00", 23],
      ["America/New_York", "2026-11-01T00:00-04:00", "2026-11-02T00:00-05:00", 25],
      ["Europe/London", "2026-03-29T00:00Z", "2026-03-30T00:00+01:00", 23],
      ["Europe/London", "2026-10-25T00:00+01:00", "2026-10-26T00:00Z", 25],
    ])("in %s, 00:00-24:00 on the day from %s is %i real hours", (zone, from, to, hours) => {
      expect(span(wholeDays(zone), from, to)).toEqual([[at(from).toISOString(), at(to).toISOString()]]);
      // Any wider range still counts only the local day's hours plus its neighbours' whole days.
      expect(day(zone, from, to)).toBe(hours * 60);
      const dayBefore = new Date(at(from).getTime() - 86_400_000).toISOString();
      expect(day(zone, dayBefore, to)).toBe((hours + 24) * 60);
    });

    it("keeps office hours at their wall times on both sides of the change", () => {
      const berlin = calendar("Europe/Berlin", allWeek([["09:00", "17:00"]]));
      expect(span(berlin, "2026-03-28T00:00+01:00", "2026-03-31T00:00+02:00")).toEqual([
        ["2026-03-28T08:00:00.000Z", "2026-03-28T16:00:00.000Z"],
        ["2026-03-29T07:00:00.000Z", "2026-03-29T15:00:00.000Z"],
        ["2026-03-30T07:00:00.000Z", "2026-03-30T15:00:00.000Z"],
      ]);
      const newYork = calendar("America/New_York", allWeek([["09:00", "17:00"]]));
      expect(span(newYork, "2026-10-31T00:00-04:00", "2026-11-03T00:00-05:00")).toEqual([
        ["2026-10-31T13:00:00.000Z", "2026-10-31T21:00:00.000Z"],
        ["2026-11-01T14:00:00.000Z", "2026-11-01T22:00:00.000Z"],
        ["2026-11-02T14:00:00.000Z", "2026-11-02T22:00:00.000Z"],
      ]);
    });

    it("starts a period whose opening falls in the spring-forward gap at the first instant after it", () => {
      // Berlin, 29 March 2026: 02:00 CET jumps to 03:00 CEST (01:00Z).
      const cal = calendar("Europe/Berlin", { sun: [["02:30", "04:00"]] });
      expect(span(cal, "2026-03-29T00:00+01:00", "2026-03-30T00:00+02:00")).toEqual([
        ["2026-03-29T01:00:00.000Z", "2026-03-29T02:00:00.000Z"],
      ]);
      // A period wholly inside the gap never opens; one ending in it ends at the jump.
      const gap = calendar("Europe/Berlin", { sun: [["02:00", "02:45"]] });
      expect(span(gap, "2026-03-29T00:00+01:00", "2026-03-30T00:00+02:00")).toEqual([]);
      const endsInGap = calendar("America/New_York", { sun: [["01:00", "02:30"]] });
      expect(span(endsInGap, "2026-03-08T00:00-05:00", "2026-03-09T00:00-04:00")).toEqual([
        ["2026-03-08T06:00:00.000Z", "2026-03-08T07:00:00.000Z"],
      ]);
    });

    it("reads a wall time the fall-back hour shows twice as its first occurrence", () => {
      // New York, 1 November 2026: 02:00 EDT falls back to 01:00 EST (06:00Z).
      const cal = calendar("America/New_York", { sun: [["01:30", "03:00"]] });
      expect(span(cal, "2026-11-01T00:00-04:00", "2026-11-02T00:00-05:00")).toEqual([
        ["2026-11-01T05:30:00.000Z", "2026-11-01T08:00:00.000Z"],
      ]);
      const london = calendar("Europe/London", { sun: [["00:00", "01:30"]] });
      expect(span(london, "2026-10-25T00:00+01:00", "2026-10-26T00:00Z")).toEqual([
        ["2026-10-24T23:00:00.000Z", "2026-10-25T00:30:00.000Z"],
      ]);
    });
  });

  describe("holidays", () => {
    const week = (cal: Parameters<typeof openIntervals>[0], from: string, to: string) =>
      businessMinutesBetween(cal, at(from), at(to)) / 60;

    it("closes a one-off holiday's whole day in the calendar's zone", () => {
      const cal = calendar("Europe/London", allWeek([["09:00", "17:00"]]), [{ date: "2026-12-25", yearly: false }]);
      expect(week(cal, "2026-12-24T00:00Z", "2026-12-27T00:00Z")).toBe(16);
      expect(week(cal, "2027-12-24T00:00Z", "2027-12-27T00:00Z")).toBe(24);
    });

    it("closes a yearly holiday every year, before and after the year it was entered with", () => {
      const cal = calendar("Europe/London", allWeek([["09:00", "17:00"]]), [{ date: "2026-12-25", yearly: true }]);
      for (const year of [2025, 2026, 2031]) {
        expect(week(cal, `${year}-12-24T00:00Z`, `${year}-12-27T00:00Z`)).toBe(16);
      }
    });

    it("closes a yearly 29 February only in leap years", () => {
      const cal = calendar("UTC", allWeek([["00:00", "24:00"]]), [{ date: "2024-02-29", yearly: true }]);
      expect(week(cal, "2028-02-28T00:00Z", "2028-03-02T00:00Z")).toBe(48);
      expect(week(cal, "2027-02-27T00:00Z", "2027-03-02T00:00Z")).toBe(72);
    });

    it("closes the holiday's day in the calendar's zone, not UTC's", () => {
      const cal = calendar("Pacific/Auckland", allWeek([["00:00", "24:00"]]), [{ date: "2026-12-25", yearly: false }]);
      // 25 December in Auckland (+13:00) is 24 Dec 11:00Z to 25 Dec 11:00Z.
      expect(span(cal, "2026-12-24T00:00Z", "2026-12-26T00:00Z")).toEqual([
        ["2026-12-24T00:00:00.000Z", "2026-12-24T11:00:00.000Z"],
        ["2026-12-25T11:00:00.000Z", "2026-12-26T00:00:00.000Z"],
      ]);
    });
  });
});

describe("businessMinutesBetween", () => {
  it("counts open minutes in [a, b), to the millisecond, and 0 when b is not after a", () => {
    expect(businessMinutesBetween(LONDON_OFFICE, at("2026-12-04T16:30Z"), at("2026-12-07T09:30Z"))).toBe(60);
    expect(businessMinutesBetween(LONDON_OFFICE, at("2026-12-07T09:00Z"), at("2026-12-07T09:00:15Z"))).toBe(0.25);
    expect(businessMinutesBetween(LONDON_OFFICE, at("2026-12-07T12:00Z"), at("2026-12-07T10:00Z"))).toBe(0);
    expect(businessMinutesBetween(LONDON_OFFICE, at("2026-12-07T12:00Z"), at("2026-12-07T12:00Z"))).toBe(0);
  });

  it("counts a year of office hours, across both changes of the clock", () => {
    // 2027 in London: 261 weekdays, 8 hours each, wherever the offset stands.
    expect(businessMinutesBetween(LONDON_OFFICE, at("2027-01-01T00:00Z"), at("2028-01-01T00:00Z"))).toBe(261 * 8 * 60);
  });

  it("is 0 on a calendar that is never open", () => {
    expect(businessMinutesBetween(calendar("UTC", {}), at("2026-01-01T00:00Z"), at("2027-01-01T00:00Z"))).toBe(0);
  });
});
