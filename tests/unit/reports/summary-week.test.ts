import { lastWeekBefore, summaryWeekAt } from "@/lib/reports/summary-week";
import { localDay } from "@/lib/sla/time-zone";

// The week the weekly summary email tells of: Monday to Sunday in the organisation's zone, sent
// from 07:00 on its Monday, whatever summer time or the year's end do to the week.

const at = (iso: string) => Date.parse(iso);

describe("summaryWeekAt", () => {
  it("gives last week from 07:00 on Monday in London, in the week summer time began", () => {
    // Summer time began on Sunday 29 March 2026: Monday 07:00 in London is 06:00 UTC.
    expect(summaryWeekAt("Europe/London", at("2026-03-30T05:59:59Z"))).toBeNull();
    expect(summaryWeekAt("Europe/London", at("2026-03-30T06:00:00Z"))).toEqual({
      from: "2026-03-23",
      to: "2026-03-29",
    });
    // A week later, and in winter, 07:00 is 07:00 UTC again.
    expect(summaryWeekAt("Europe/London", at("2026-11-02T06:00:00Z"))).toBeNull();
    expect(summaryWeekAt("Europe/London", at("2026-11-02T07:00:00Z"))).toEqual({
      from: "2026-10-26",
      to: "2026-11-01",
    });
  });

  it("gives last week from 07:00 on Monday in New York, in the week summer time ended", () => {
    // Summer time ended on Sunday 1 November 2026: Monday 07:00 in New York is 12:00 UTC.
    expect(summaryWeekAt("America/New_York", at("2026-11-02T11:00:00Z"))).toBeNull();
    expect(summaryWeekAt("America/New_York", at("2026-11-02T12:00:00Z"))).toEqual({
      from: "2026-10-26",
      to: "2026-11-01",
    });
    // And the week it began (Sunday 8 March 2026): Monday 07:00 is 11:00 UTC.
    expect(summaryWeekAt("America/New_York", at("2026-03-09T10:00:00Z"))).toBeNull();
    expect(summaryWeekAt("America/New_York", at("2026-03-09T11:00:00Z"))).toEqual({
      from: "2026-03-02",
      to: "2026-03-08",
    });
  });

  it("tells the week across the year's end in the year's first week", () => {
    expect(summaryWeekAt("UTC", at("2027-01-04T07:00:00Z"))).toEqual({ from: "2026-12-28", to: "2027-01-03" });
    // 2029 begins on a Monday: its first summary is of the last week of 2028.
    expect(summaryWeekAt("UTC", at("2029-01-01T09:00:00Z"))).toEqual({ from: "2028-12-25", to: "2028-12-31" });
  });

  it("goes by the organisation's day, not UTC's", () => {
    // Sunday 18:00 UTC is Monday 07:00 in Auckland (summer, +13).
    expect(summaryWeekAt("Pacific/Auckland", at("2026-12-06T18:00:00Z"))).toEqual({
      from: "2026-11-30",
      to: "2026-12-06",
    });
    expect(summaryWeekAt("Pacific/Auckland", at("2026-12-06T17:00:00Z"))).toBeNull();
    // Half an hour off UTC: the hourly run at 01:00 UTC is 06:30 in Kolkata, the one at 02:00 is 07:30.
    expect(summaryWeekAt("Asia/Kolkata", at("2026-12-07T01:00:00Z"))).toBeNull();
    expect(summaryWeekAt("Asia/Kolkata", at("2026-12-07T02:00:00Z"))).toEqual({ from: "2026-11-30", to: "2026-12-06" });
  });

  it("keeps to Monday: a run missed in the morning is made up until midnight, never on Tuesday", () => {
    expect(summaryWeekAt("UTC", at("2026-12-07T23:59:59Z"))).toEqual({ from: "2026-11-30", to: "2026-12-06" });
    expect(summaryWeekAt("UTC", at("2026-12-08T00:00:00Z"))).toBeNull();
    expect(summaryWeekAt("UTC", at("2026-12-06T12:00:00Z"))).toBeNull();
    expect(summaryWeekAt("UTC", at("2026-12-09T12:00:00Z"))).toBeNull();
  });
});

describe("lastWeekBefore", () => {
  it("is the Monday-to-Sunday week before the one holding the day, whichever day it is", () => {
    const day = (date: string) => localDay("UTC", at(`${date}T12:00:00Z`));
    const previous = { from: "2026-11-23", to: "2026-11-29" };
    // Monday 30 November to Sunday 6 December 2026 all look back to the same week.
    for (const date of ["2026-11-30", "2026-12-02", "2026-12-05", "2026-12-06"])
      expect(lastWeekBefore(day(date))).toEqual(previous);
    expect(lastWeekBefore(day("2026-12-07"))).toEqual({ from: "2026-11-30", to: "2026-12-06" });
  });
});
