/** @jest-environment node */
import {
  boundHoldsUntil,
  endsBeforeStart,
  endsBeforeStartIn,
  parseRangeBound,
  rangeBoundError,
  rangeEnd,
  rangeStart,
  type RangeBound,
} from "@/lib/tickets/range-bounds";

const bound = (text: string): RangeBound => {
  const parsed = parseRangeBound(text);
  if (!parsed) throw new Error(`not a bound: ${text}`);
  return parsed;
};
const iso = (d: Date | number) => new Date(d).toISOString();
const clock = (now: string, timeZone = "UTC") => ({ now: new Date(now), timeZone });

// The created and updated ranges' bounds (GET /api/tickets?createdFrom=..., saved views).
describe("a range bound as written", () => {
  it("reads days, today, instants and times ago", () => {
    expect(parseRangeBound("2026-12-07")).toEqual({ kind: "day", day: "2026-12-07" });
    expect(parseRangeBound("today")).toEqual({ kind: "today" });
    expect(parseRangeBound("2026-12-07T09:30:00+01:00")).toEqual({ kind: "instant", at: Date.UTC(2026, 11, 7, 8, 30) });
    expect(parseRangeBound("-24h")).toEqual({ kind: "ago", n: 24, unit: "h" });
    expect(parseRangeBound("-7d")).toEqual({ kind: "ago", n: 7, unit: "d" });
  });

  it("refuses what names no time, or reaches back too far", () => {
    for (const text of [
      "",
      "yesterday",
      "Today",
      "2026-02-31",
      "2026-12-7",
      "-0h",
      "-07d",
      "+7d",
      "7d",
      "-7w",
      "-1.5h",
      "-h",
    ])
      expect(parseRangeBound(text)).toBeNull();
    expect(parseRangeBound("-8784h")).not.toBeNull();
    expect(parseRangeBound("-8785h")).toBeNull();
    expect(parseRangeBound("-3660d")).not.toBeNull();
    expect(parseRangeBound("-3661d")).toBeNull();
  });

  it("says why it was refused", () => {
    expect(rangeBoundError("createdFrom", "monday")).toBe(
      "createdFrom must be a date (YYYY-MM-DD), an ISO time, today, or a time ago such as -24h or -7d",
    );
    expect(rangeBoundError("updatedTo", "-9000h")).toBe("updatedTo may reach back at most 8784 hours (-8784h)");
    expect(rangeBoundError("updatedTo", "-9000d")).toBe("updatedTo may reach back at most 3660 days (-3660d)");
  });
});

describe("where a bound stands", () => {
  const noon = clock("2026-12-07T12:00:00Z");

  it("places a time ago before the moment the list is read, in whole hours or 24-hour days", () => {
    expect(iso(rangeStart(bound("-24h"), noon))).toBe("2026-12-06T12:00:00.000Z");
    expect(iso(rangeStart(bound("-7d"), noon))).toBe("2026-11-30T12:00:00.000Z");
    // An upper bound lets its own moment in, as an instant does.
    expect(iso(rangeEnd(bound("-24h"), noon))).toBe("2026-12-06T12:00:00.001Z");
    expect(iso(rangeEnd(bound("2026-12-07T09:30:00Z"), noon))).toBe("2026-12-07T09:30:00.001Z");
  });

  it("takes a day, and today, as the organisation's whole day in its time zone", () => {
    const sydney = clock("2026-12-07T12:00:00Z", "Australia/Sydney"); // 23:00 there, UTC+11 in summer
    expect(iso(rangeStart(bound("2026-12-07"), sydney))).toBe("2026-12-06T13:00:00.000Z");
    expect(iso(rangeEnd(bound("2026-12-07"), sydney))).toBe("2026-12-07T13:00:00.000Z");
    expect(iso(rangeStart(bound("today"), sydney))).toBe("2026-12-06T13:00:00.000Z");
    // An hour later it is the 8th in Sydney, still the 7th in UTC.
    const later = clock("2026-12-07T13:30:00Z", "Australia/Sydney");
    expect(iso(rangeStart(bound("today"), later))).toBe("2026-12-07T13:00:00.000Z");
    expect(iso(rangeStart(bound("today"), clock("2026-12-07T13:30:00Z")))).toBe("2026-12-07T00:00:00.000Z");
    expect(iso(rangeEnd(bound("today"), noon))).toBe("2026-12-08T00:00:00.000Z");
  });

  it("keeps a day whole across a change of the clocks", () => {
    // London springs forward on 2026-03-29 (23 hours) and falls back on 2026-10-25 (25 hours).
    const london = clock("2026-06-01T00:00:00Z", "Europe/London");
    expect(iso(rangeStart(bound("2026-03-29"), london))).toBe("2026-03-29T00:00:00.000Z");
    expect(iso(rangeEnd(bound("2026-03-29"), london))).toBe("2026-03-29T23:00:00.000Z");
    expect(iso(rangeStart(bound("2026-10-25"), london))).toBe("2026-10-24T23:00:00.000Z");
    expect(iso(rangeEnd(bound("2026-10-25"), london))).toBe("2026-10-26T00:00:00.000Z");
    // Sydney's summer ends on 2026-04-05: that day is 25 hours long there too.
    const sydney = clock("2026-06-01T00:00:00Z", "Australia/Sydney");
    const start = rangeStart(bound("2026-04-05"), sydney).getTime();
    expect(rangeEnd(bound("2026-04-05"), sydney).getTime() - start).toBe(25 * 3_600_000);
  });

  it("starts a day whose midnight the clock skips at the first moment it shows", () => {
    // Santiago springs forward at midnight: 2026-09-06 begins at 01:00 local (UTC-3).
    const santiago = clock("2026-10-01T00:00:00Z", "America/Santiago");
    expect(iso(rangeStart(bound("2026-09-06"), santiago))).toBe("2026-09-06T04:00:00.000Z");
  });

  it("says until when a bound stays put", () => {
    expect(boundHoldsUntil(bound("-7d"), noon)).toBe(noon.now.getTime());
    expect(iso(boundHoldsUntil(bound("today"), clock("2026-12-07T12:00:00Z", "Australia/Sydney")))).toBe(
      "2026-12-07T13:00:00.000Z",
    );
    expect(boundHoldsUntil(bound("2026-12-07"), noon)).toBe(Infinity);
    expect(boundHoldsUntil(bound("2026-12-07T09:30:00Z"), noon)).toBe(Infinity);
  });
});

describe("a range that ends before it starts", () => {
  it("is told from bounds that compare whatever the zone and the time", () => {
    expect(endsBeforeStart(bound("2026-12-05"), bound("2026-12-04"))).toBe(true);
    expect(endsBeforeStart(bound("2026-12-05"), bound("2026-12-05"))).toBe(false);
    expect(endsBeforeStart(bound("2026-12-05T10:00:00Z"), bound("2026-12-05T09:59:59Z"))).toBe(true);
    expect(endsBeforeStart(bound("2026-12-05T10:00:00Z"), bound("2026-12-05T11:00:00+01:00"))).toBe(false);
    expect(endsBeforeStart(bound("-24h"), bound("-7d"))).toBe(true);
    expect(endsBeforeStart(bound("-7d"), bound("-24h"))).toBe(false);
    expect(endsBeforeStart(bound("-1d"), bound("-24h"))).toBe(false);
    // A day and a time ago may hold tickets at one moment and none at another: never refused.
    expect(endsBeforeStart(bound("2030-01-01"), bound("-7d"))).toBe(false);
    expect(endsBeforeStart(bound("today"), bound("-48h"))).toBe(false);
  });

  it("compares a day with an instant in the organisation's zone", () => {
    // The 5th in Sydney ends at 13:00 UTC on the 5th; in Honolulu it starts at 10:00 UTC.
    expect(endsBeforeStartIn(bound("2026-12-05"), bound("2026-12-05T12:00:00Z"), "Australia/Sydney")).toBe(false);
    expect(endsBeforeStartIn(bound("2026-12-05"), bound("2026-12-05T09:00:00Z"), "Pacific/Honolulu")).toBe(true);
    expect(endsBeforeStartIn(bound("2026-12-05T14:00:00Z"), bound("2026-12-05"), "Australia/Sydney")).toBe(true);
    expect(endsBeforeStartIn(bound("2026-12-05T14:00:00Z"), bound("2026-12-05"), "UTC")).toBe(false);
    expect(endsBeforeStartIn(bound("2026-12-05"), bound("-7d"), "UTC")).toBe(false);
  });
});
