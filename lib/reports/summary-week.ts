import { DAY_MS, toWall } from "@/lib/sla/time-zone";
import type { ReportRange } from "./range-presets";

/** From this hour of Monday (the organisation's clock) the week before is summed up and mailed. */
export const SUMMARY_HOUR = 7;

const HOUR_MS = 3_600_000;
const day = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/**
 * The week the weekly summary tells of at `now`: last Monday to Sunday in the zone, once its
 * Monday morning has come (from 07:00 to midnight, so that a run missed while no worker ran is
 * made up later that day); null on any other day or hour. Whole local days, so a week across a
 * change of summer time is an hour shorter or longer.
 */
export function summaryWeekAt(timeZone: string, now: number): ReportRange | null {
  const wall = toWall(timeZone, now);
  const today = Math.floor(wall / DAY_MS);
  // Day 0 of the count, 1 January 1970, was a Thursday: Monday is 4 days after a multiple of 7.
  const monday = (today + 3) % 7 === 0;
  if (!monday || wall - today * DAY_MS < SUMMARY_HOUR * HOUR_MS) return null;
  return lastWeekBefore(today);
}

/** The Monday-to-Sunday week before the week holding `today` (a local day number). */
export function lastWeekBefore(today: number): ReportRange {
  const thisMonday = today - ((today + 3) % 7);
  return { from: day(thisMonday - 7), to: day(thisMonday - 1) };
}
