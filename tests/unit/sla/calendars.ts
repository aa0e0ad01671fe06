import type { CalendarSpec, Holiday, WeekHours } from "@/lib/sla/calendar";

/** Calendars and moments the business-time tests share. Moments carry their UTC offset in the text. */
export const at = (isoWithOffset: string) => new Date(isoWithOffset);

export const calendar = (timeZone: string, hours: WeekHours, holidays: Holiday[] = []): CalendarSpec => ({
  timeZone,
  hours,
  holidays,
});

const NINE_TO_FIVE: [string, string][] = [["09:00", "17:00"]];
export const weekdays = (intervals: [string, string][] = NINE_TO_FIVE): WeekHours => ({
  mon: intervals,
  tue: intervals,
  wed: intervals,
  thu: intervals,
  fri: intervals,
});
export const allWeek = (intervals: [string, string][]): WeekHours => ({
  ...weekdays(intervals),
  sat: intervals,
  sun: intervals,
});

/** Mon-Fri 09:00-17:00 Europe/London: the demo organisation's calendar. */
export const LONDON_OFFICE = calendar("Europe/London", weekdays());
