import { DAY_MS, fromWall, localDay } from "@/lib/sla/time-zone";

/**
 * A bound of the list's created or updated range (createdFrom, updatedTo, ...), as a person or a
 * saved view writes it. Kept as written, so "the last 7 days" in a view stays the last 7 days:
 * - a day, `2026-12-07`: the whole day in the organisation's time zone (its default business
 *   calendar's), so a team in Sydney means its own day;
 * - `today`: the current day there, the same way;
 * - an instant, `2026-12-07T09:30:00Z` (any offset), exactly;
 * - a time ago, `-24h` or `-7d`: that many hours, or 24-hour days, before the list is read. A
 *   rolling window, not day-aligned: "the last 7 days" read at 15:00 starts at 15:00 seven days
 *   ago (for whole days write `today` or dates).
 */
export type RangeBound =
  | { kind: "day"; day: string }
  | { kind: "today" }
  | { kind: "instant"; at: number }
  | { kind: "ago"; n: number; unit: "h" | "d" };

/** How far back a time ago may reach: a leap year of hours, ten years of days. */
export const AGO_MAX = { h: 8784, d: 3660 } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const AGO = /^-([1-9]\d{0,5})([hd])$/;

/** The bound a text names, or null when it names none (a day that does not exist, a time ago too far back). */
export function parseRangeBound(text: string): RangeBound | null {
  if (text === "today") return { kind: "today" };
  const ago = AGO.exec(text);
  if (ago) {
    const [n, unit] = [Number(ago[1]), ago[2] as "h" | "d"];
    return n <= AGO_MAX[unit] ? { kind: "ago", n, unit } : null;
  }
  if (DAY.test(text)) {
    // Date.UTC rolls 2026-02-31 over into March: a day that does not exist is refused instead.
    const at = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text ? { kind: "day", day: text } : null;
  }
  if (INSTANT.test(text)) {
    const at = new Date(text).getTime();
    return Number.isNaN(at) ? null : { kind: "instant", at };
  }
  return null;
}

/** Why a bound's text was refused, naming its parameter. */
export function rangeBoundError(name: string, text: string): string {
  const ago = AGO.exec(text);
  if (ago && ago[2] === "h") return `${name} may reach back at most ${AGO_MAX.h} hours (-${AGO_MAX.h}h)`;
  if (ago) return `${name} may reach back at most ${AGO_MAX.d} days (-${AGO_MAX.d}d)`;
  return `${name} must be a date (YYYY-MM-DD), an ISO time, today, or a time ago such as -24h or -7d`;
}

const HOUR_MS = 3_600_000;
const agoMs = (b: { n: number; unit: "h" | "d" }) => b.n * (b.unit === "h" ? HOUR_MS : DAY_MS);

/** The first moment of a day (days since 1970-01-01) on the zone's clock; a skipped midnight gives the first moment after it. */
const dayStart = (timeZone: string, day: number) => fromWall(timeZone, day * DAY_MS);
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Where a bound stands when the list is read at `now` in the organisation's zone. */
export type Clock = { now: Date; timeZone: string };

/** The first moment a range's lower bound lets in. */
export function rangeStart(bound: RangeBound, { now, timeZone }: Clock): Date {
  switch (bound.kind) {
    case "day":
      return new Date(dayStart(timeZone, dayNumber(bound.day)));
    case "today":
      return new Date(dayStart(timeZone, localDay(timeZone, now.getTime())));
    case "instant":
      return new Date(bound.at);
    case "ago":
      return new Date(now.getTime() - agoMs(bound));
  }
}

/** The first moment after a range's upper bound: a day (or today) lets its whole day in, an instant itself. */
export function rangeEnd(bound: RangeBound, { now, timeZone }: Clock): Date {
  switch (bound.kind) {
    case "day":
      return new Date(dayStart(timeZone, dayNumber(bound.day) + 1));
    case "today":
      return new Date(dayStart(timeZone, localDay(timeZone, now.getTime()) + 1));
    case "instant":
      return new Date(bound.at + 1);
    case "ago":
      return new Date(now.getTime() - agoMs(bound) + 1);
  }
}

/** Whether a bound's time depends on the organisation's zone (a day, today). */
export const inZone = (bound: RangeBound) => bound.kind === "day" || bound.kind === "today";

/** Whether a bound moves with the clock (today, a time ago): a saved view's count then changes with no ticket changing. */
export const movesWithClock = (bound: RangeBound) => bound.kind === "today" || bound.kind === "ago";

/**
 * Until when a bound stays where it stands at `now`: a time ago moves on at once, today at the
 * zone's next midnight, a day or an instant never.
 */
export function boundHoldsUntil(bound: RangeBound, { now, timeZone }: Clock): number {
  if (bound.kind === "ago") return now.getTime();
  if (bound.kind === "today") return dayStart(timeZone, localDay(timeZone, now.getTime()) + 1);
  return Infinity;
}

/**
 * Whether a range certainly ends before it starts, for bounds that compare whatever the zone and
 * the time: two days, two instants, two times ago. Other pairs (a day and an instant) depend on
 * the zone and are compared where it is known; a day and a time ago may hold tickets at one
 * moment and none at another, and are never refused.
 */
export function endsBeforeStart(from: RangeBound, to: RangeBound): boolean {
  if (from.kind === "day" && to.kind === "day") return from.day > to.day;
  if (from.kind === "instant" && to.kind === "instant") return from.at > to.at;
  if (from.kind === "ago" && to.kind === "ago") return agoMs(from) < agoMs(to);
  return false;
}

/**
 * Whether a range of fixed bounds (days, instants) ends before it starts once its days are the
 * zone's: a day and an instant compare only there. Bounds that move with the clock never count.
 */
export function endsBeforeStartIn(from: RangeBound, to: RangeBound, timeZone: string): boolean {
  if (movesWithClock(from) || movesWithClock(to)) return false;
  const clock = { now: new Date(0), timeZone };
  return rangeStart(from, clock) >= rangeEnd(to, clock);
}
