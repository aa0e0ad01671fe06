/** @jest-environment node */
import fc from "fast-check";
import type { CalendarSpec, Weekday } from "@/lib/sla/calendar";
import { addBusinessMinutes, businessMinutesBetween, openIntervals, targetClock } from "@/lib/sla/business-time";

/**
 * Random calendars (intervals on the half hour, leaning towards the small hours when clocks
 * change; holidays) in zones with DST, non-hour offsets and changes at midnight, at moments on a
 * quarter-hour grid within days of that zone's 2026 changes of the clock.
 */
const ZONES: Record<string, string[]> = {
  UTC: [],
  "Asia/Kolkata": [],
  "Asia/Kathmandu": [],
  "Europe/Berlin": ["2026-03-29", "2026-10-25"],
  "Europe/London": ["2026-03-29", "2026-10-25"],
  "America/New_York": ["2026-03-08", "2026-11-01"],
  "America/St_Johns": ["2026-03-08", "2026-11-01"],
  "America/Santiago": ["2026-04-05", "2026-09-06"],
  "Australia/Lord_Howe": ["2026-04-04", "2026-10-03"],
  "Australia/Sydney": ["2026-04-04", "2026-10-03"],
  "Pacific/Auckland": ["2026-04-04", "2026-09-26"],
  "Pacific/Chatham": ["2026-04-04", "2026-09-26"],
};
const ANY_CHANGE = [...new Set(Object.values(ZONES).flat())];
const DAY = 86_400_000;
const QUARTER = 15 * 60_000;
const WEEKDAY_KEYS: Weekday[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

const pad = (n: number) => String(n).padStart(2, "0");
const timeOf = (halfHours: number) => `${pad(Math.floor(halfHours / 2))}:${halfHours % 2 ? "30" : "00"}`;
const halfHour = fc.oneof(fc.integer({ min: 0, max: 48 }), fc.integer({ min: 0, max: 8 }), fc.constant(48));
const dayHours = fc.uniqueArray(halfHour, { maxLength: 6 }).map((points) => {
  const sorted = [...points].sort((a, b) => a - b);
  const intervals: [string, string][] = [];
  for (let i = 0; i + 1 < sorted.length; i += 2) intervals.push([timeOf(sorted[i]!), timeOf(sorted[i + 1]!)]);
  return intervals;
});
const weekHours = fc.record(
  { mon: dayHours, tue: dayHours, wed: dayHours, thu: dayHours, fri: dayHours, sat: dayHours, sun: dayHours },
  { requiredKeys: [] },
);

/** A calendar and a moment (epoch ms) near one of its zone's changes of the clock. */
const scene: fc.Arbitrary<{ cal: CalendarSpec; at: number }> = fc
  .constantFrom(...Object.keys(ZONES))
  .chain((timeZone) => {
    const changes = (ZONES[timeZone]!.length ? ZONES[timeZone]! : ANY_CHANGE).map((d) => Date.parse(`${d}T00:00Z`));
    const near = (days: number) =>
      fc
        .tuple(fc.constantFrom(...changes), fc.integer({ min: -days * 96, max: days * 96 }))
        .map(([base, q]) => base + q * QUARTER);
    const holiday = fc.record({
      date: near(4).map((t) => new Date(t).toISOString().slice(0, 10)),
      yearly: fc.boolean(),
    });
    return fc.record({
      cal: fc.record({
        timeZone: fc.constant(timeZone),
        hours: weekHours,
        holidays: fc.array(holiday, { maxLength: 3 }),
      }),
      at: near(3),
    });
  });
const between = (cal: CalendarSpec, a: number, b: number) => businessMinutesBetween(cal, new Date(a), new Date(b));
const isOpenSomeday = (cal: CalendarSpec) => Object.values(cal.hours).some((day) => day.length > 0);

// The oracle: the calendar read minute by minute with Intl's own wall clock, independently of the
// library. A wall time the clock skips counts from the first instant after the gap and one it
// shows twice from its first occurrence: that is reading each instant by the latest wall time the
// clock has shown so far (it never goes back).
const wallFormats = new Map<string, Intl.DateTimeFormat>();
function wallMinutes(timeZone: string, instant: number): number {
  if (!wallFormats.has(timeZone)) {
    const options = { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric" } as const;
    wallFormats.set(timeZone, new Intl.DateTimeFormat("en-US", { ...options, hour: "numeric", minute: "numeric" }));
  }
  const part = (type: string) =>
    Number(
      wallFormats
        .get(timeZone)!
        .formatToParts(instant)
        .find((p) => p.type === type)!.value,
    );
  return Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute")) / 60_000;
}
function openAtWall(cal: CalendarSpec, wall: number): boolean {
  const day = Math.floor(wall / 1440);
  const date = new Date(day * DAY).toISOString().slice(0, 10);
  if (cal.holidays.some((h) => h.date === date || (h.yearly && h.date.slice(5) === date.slice(5)))) return false;
  const minute = wall - day * 1440;
  const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const intervals = cal.hours[WEEKDAY_KEYS[new Date(day * DAY).getUTCDay()]!] ?? [];
  return intervals.some(([start, end]) => toMinutes(start) <= minute && minute < toMinutes(end));
}
function sampledOpenMinutes(cal: CalendarSpec, a: number, b: number): number {
  let latestWall = -Infinity;
  let open = 0;
  for (let t = a - DAY; t < b; t += QUARTER) {
    latestWall = Math.max(latestWall, wallMinutes(cal.timeZone, t));
    if (t >= a && openAtWall(cal, latestWall)) open += 15;
  }
  return open;
}

describe("business time, on random calendars in random zones across DST", () => {
  it("never counts more than the wall minutes, nor more than the calendar is open, in a range", () => {
    fc.assert(
      fc.property(scene, fc.integer({ min: 0, max: 2 * 96 }), ({ cal, at: a }, quarters) => {
        const b = a + quarters * QUARTER;
        const minutes = between(cal, a, b);
        expect(minutes).toBeGreaterThanOrEqual(0);
        expect(minutes).toBeLessThanOrEqual((b - a) / 60_000);
        expect(minutes).toBe(sampledOpenMinutes(cal, a, b));
      }),
      { numRuns: 150 },
    );
  });

  it("adds business minutes as the exact inverse of counting them, and no later than needed", () => {
    fc.assert(
      fc.property(
        scene,
        fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 60_000 })),
        ({ cal, at: start }, minutes) => {
          const due = addBusinessMinutes(cal, new Date(start), minutes);
          if (!isOpenSomeday(cal)) return expect(due).toBeNull();
          expect(due).not.toBeNull();
          expect(between(cal, start, due!.getTime())).toBe(minutes);
          if (minutes > 0) expect(between(cal, start, due!.getTime() - 1)).toBeLessThan(minutes);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("adds up: between(a, b) + between(b, c) = between(a, c), over weeks too", () => {
    fc.assert(
      fc.property(
        scene,
        fc.array(fc.integer({ min: 0, max: 40 * 96 }), { minLength: 2, maxLength: 2 }),
        ({ cal, at: a }, steps) => {
          const [b, c] = [a + steps[0]! * QUARTER, a + (steps[0]! + steps[1]!) * QUARTER];
          expect(between(cal, a, b) + between(cal, b, c)).toBe(between(cal, a, c));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("counts long ranges (taken a week at a time) as the sum of the open periods listed", () => {
    fc.assert(
      fc.property(scene, fc.integer({ min: 0, max: 60 * 96 }), ({ cal, at: a }, quarters) => {
        const b = a + quarters * QUARTER;
        const listed = openIntervals(cal, new Date(a), new Date(b)).reduce(
          (sum, { start, end }) => sum + (end.getTime() - start.getTime()) / 60_000,
          0,
        );
        expect(between(cal, a, b)).toBe(listed);
      }),
      { numRuns: 100 },
    );
  });

  it("pauses the clock exactly: the due time is where the open time outside the pause reaches the target", () => {
    fc.assert(
      fc.property(
        scene.filter(({ cal }) => isOpenSomeday(cal)),
        fc.integer({ min: 1, max: 5000 }),
        fc.tuple(fc.integer({ min: -96, max: 4 * 96 }), fc.integer({ min: 0, max: 4 * 96 })),
        ({ cal, at: start }, minutes, [pauseAt, pauseFor]) => {
          const [from, to] = [start + pauseAt * QUARTER, start + (pauseAt + pauseFor) * QUARTER];
          // Open minutes since start outside [from, to), counted with the plain function.
          const counted = (t: number) =>
            between(cal, start, t) - between(cal, Math.max(start, from), Math.max(Math.min(to, t), start, from));
          const now = to + QUARTER;
          const clock = targetClock(cal, {
            startedAt: new Date(start),
            minutes,
            pauses: [{ from: new Date(from), to: new Date(to) }],
            now: new Date(now),
          });
          expect(clock.paused).toBe(false);
          expect(clock.usedMinutes).toBe(counted(now));
          expect(clock.remainingMinutes).toBe(Math.max(0, minutes - counted(now)));
          const due = clock.dueAt!.getTime();
          expect(counted(due)).toBe(minutes);
          expect(counted(due - 1)).toBeLessThan(minutes);
        },
      ),
      { numRuns: 150 },
    );
  });
});
