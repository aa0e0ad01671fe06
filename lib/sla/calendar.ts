/**
 * A business-hours calendar as the SLA arithmetic reads it, and the small checks the calendars
 * API runs before it stores one (so a stored calendar always satisfies what the arithmetic assumes).
 */

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** "HH:MM", 00:00 to 24:00 ("24:00" only ends a day). */
export type TimeOfDay = string;
/** Open intervals per weekday, each [start, end) in the calendar's wall time; a missing or empty day is closed. */
export type WeekHours = Partial<Record<Weekday, [TimeOfDay, TimeOfDay][]>>;
/** A closed day, YYYY-MM-DD in the calendar's zone; a yearly one recurs on that month and day. */
export type Holiday = { date: string; yearly: boolean };
export type CalendarSpec = { timeZone: string; hours: WeekHours; holidays: Holiday[] };

const ALL_DAY: [TimeOfDay, TimeOfDay] = ["00:00", "24:00"];

/** Around the clock in UTC, no holidays: the targets of an organisation without business hours. */
export const ALWAYS_OPEN: CalendarSpec = {
  timeZone: "UTC",
  hours: Object.fromEntries(WEEKDAYS.map((day) => [day, [ALL_DAY]])),
  holidays: [],
};

const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export function isTimeOfDay(s: unknown): s is TimeOfDay {
  return typeof s === "string" && TIME_OF_DAY.test(s);
}

/** "13:30" -> 810; "24:00" -> 1440. */
export function minutesOf(time: TimeOfDay): number {
  if (!isTimeOfDay(time)) throw new RangeError(`Not a time of day (HH:MM): ${JSON.stringify(time)}`);
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
}

/** An interval a day can hold: two times of day, the end after the start. */
export function isInterval(interval: readonly [unknown, unknown]): interval is [TimeOfDay, TimeOfDay] {
  const [start, end] = interval;
  return isTimeOfDay(start) && isTimeOfDay(end) && minutesOf(start) < minutesOf(end);
}

/**
 * The first two intervals of a day that overlap (in order of their start), as given, or null.
 * Intervals that only touch (09:00-12:00 and 12:00-13:00) do not overlap.
 */
export function overlapping(
  intervals: readonly [TimeOfDay, TimeOfDay][],
): [[TimeOfDay, TimeOfDay], [TimeOfDay, TimeOfDay]] | null {
  const sorted = [...intervals].sort((a, b) => minutesOf(a[0]) - minutesOf(b[0]));
  for (let i = 1; i < sorted.length; i++) {
    const [previous, next] = [sorted[i - 1]!, sorted[i]!];
    if (minutesOf(next[0]) < minutesOf(previous[1])) return [previous, next];
  }
  return null;
}

/** A real date written YYYY-MM-DD, as a holiday is: 2028-02-29 is one, 2027-02-29 is not. */
export function isCalendarDate(s: unknown): s is string {
  if (typeof s !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const date = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(s);
}

/** True for every name the runtime's Intl accepts as a time zone ("Europe/London", "UTC", ...). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== "string" || name === "") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
