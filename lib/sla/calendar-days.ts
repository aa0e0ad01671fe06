import { type CalendarSpec, minutesOf, WEEKDAYS } from "./calendar";
import { DAY_MS, MINUTE_MS } from "./time-zone";

/** A calendar read once for the arithmetic: wall-minute intervals per weekday and holiday lookups. */
export type CalendarDays = {
  timeZone: string;
  /** Open [start, end) minutes of the day, by weekday (0 = Monday), sorted, touching ones joined. */
  week: [number, number][][];
  /** The open wall time of a week without holidays, in milliseconds. */
  weekMs: number;
  hasHolidays: boolean;
  isHoliday(day: number): boolean;
  /** False when no day after the last one-off holiday is open (all days closed, or every open day a yearly holiday). */
  opensEver: boolean;
};

/** A 400-year Gregorian cycle, after which weekdays and dates repeat together. */
const CYCLE_DAYS = 146_097;

/** 1970-01-01, day 0, was a Thursday. */
export const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

function joined(intervals: [string, string][]): [number, number][] {
  const sorted = intervals
    .map(([a, b]) => [minutesOf(a), minutesOf(b)] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [start, end] of sorted) {
    if (end <= start) continue;
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

export function calendarDays(cal: CalendarSpec): CalendarDays {
  const week = WEEKDAYS.map((day) => joined(cal.hours[day] ?? []));
  const weekMinutes = week.flat().reduce((sum, [start, end]) => sum + end - start, 0);
  const once = new Set(cal.holidays.filter((h) => !h.yearly).map((h) => h.date));
  // A yearly 29 February matches only the dates that exist: leap years.
  const yearly = new Set(cal.holidays.filter((h) => h.yearly).map((h) => h.date.slice(5)));
  const isHoliday = (day: number) => {
    if (once.size === 0 && yearly.size === 0) return false;
    const date = dateOf(day);
    return once.has(date) || yearly.has(date.slice(5));
  };
  const lastOnce = Math.max(0, ...[...once].map((date) => Date.parse(date) / DAY_MS).filter(Number.isFinite));
  let opensEver = false;
  for (let day = lastOnce + 1; weekMinutes > 0 && day <= lastOnce + CYCLE_DAYS && !opensEver; day++) {
    opensEver = week[weekdayOf(day)]!.length > 0 && !isHoliday(day);
  }
  return {
    timeZone: cal.timeZone,
    week,
    weekMs: weekMinutes * MINUTE_MS,
    hasHolidays: once.size + yearly.size > 0,
    isHoliday,
    opensEver,
  };
}
