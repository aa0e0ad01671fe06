import { WEEKDAYS, type CalendarSpec, type WeekHours, type Weekday } from "@/lib/sla/calendar";
import type { CalendarJson } from "./queries";

/**
 * A calendar as its editor holds it: every time and date as typed, each interval and holiday
 * with a key of its own for React, turned into the API's shape only to save, where the API's
 * own schema checks it.
 */

export type IntervalDraft = { key: number; start: string; end: string };
export type HolidayDraft = { key: number; date: string; yearly: boolean };
export type WeekDraft = Record<Weekday, IntervalDraft[]>;
export type CalendarDraft = {
  name: string;
  timeZone: string;
  hours: WeekDraft;
  holidays: HolidayDraft[];
  isDefault: boolean;
};

let nextKey = 0;
const newKey = () => ++nextKey;

export const WORKDAYS: readonly Weekday[] = ["mon", "tue", "wed", "thu", "fri"];

export const newInterval = (start = "09:00", end = "17:00"): IntervalDraft => ({ key: newKey(), start, end });
export const newHoliday = (): HolidayDraft => ({ key: newKey(), date: "", yearly: false });

/** The zone this browser runs in: the likeliest zone of a new calendar. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A new calendar: office hours, Monday to Friday, in the browser's zone. */
export function emptyCalendarDraft(): CalendarDraft {
  return {
    name: "",
    timeZone: browserTimeZone(),
    hours: Object.fromEntries(
      WEEKDAYS.map((day) => [day, WORKDAYS.includes(day) ? [newInterval()] : []]),
    ) as unknown as WeekDraft,
    holidays: [],
    isDefault: false,
  };
}

/** A saved calendar, ready to edit. */
export function calendarDraftOf(calendar: CalendarJson): CalendarDraft {
  return {
    name: calendar.name,
    timeZone: calendar.timeZone,
    hours: Object.fromEntries(
      WEEKDAYS.map((day) => [day, (calendar.hours[day] ?? []).map(([start, end]) => newInterval(start, end))]),
    ) as unknown as WeekDraft,
    holidays: calendar.holidays.map((h) => ({ key: newKey(), ...h })),
    isDefault: calendar.isDefault,
  };
}

/** A saved calendar as the business-time arithmetic reads it (JSON has no pairs, only lists: each interval is one). */
export const calendarSpec = (calendar: CalendarJson): CalendarSpec => ({
  timeZone: calendar.timeZone,
  hours: calendar.hours as WeekHours,
  holidays: calendar.holidays,
});

/** Monday's hours on every other weekday (the weekend keeps its own). */
export const mondayToWeekdays = (hours: WeekDraft): WeekDraft => ({
  ...hours,
  ...Object.fromEntries(WORKDAYS.slice(1).map((day) => [day, hours.mon.map((i) => newInterval(i.start, i.end))])),
});

/** The draft as the API takes it. */
export function calendarInput(draft: CalendarDraft) {
  return {
    name: draft.name,
    timeZone: draft.timeZone,
    hours: Object.fromEntries(
      WEEKDAYS.map((day) => [day, draft.hours[day].map((i) => [i.start.trim(), i.end.trim()])]),
    ),
    holidays: draft.holidays.map(({ date, yearly }) => ({ date, yearly })),
    isDefault: draft.isDefault,
  };
}
