/**
 * Business time: the arithmetic every SLA due time rests on. Pure: no database, no clock of its
 * own (every function is handed the moments it needs). Minutes are real numbers counted to the
 * millisecond, so a quarter of a minute is 0.25.
 */
import type { CalendarSpec } from "./calendar";
import { calendarDays } from "./calendar-days";
import { advance, openMs, openSpans } from "./open-time";
import { MINUTE_MS } from "./time-zone";

export { targetClock, type Pause, type TargetClock } from "./target-clock";
export { formatBusinessDuration, formatDueMoment } from "./format";

export type OpenInterval = { start: Date; end: Date };

/**
 * When the calendar is open within [from, to), as real instants in order, clipped to the range;
 * periods that touch (Friday until 24:00, Saturday from 00:00) come as one.
 */
export function openIntervals(cal: CalendarSpec, from: Date, to: Date): OpenInterval[] {
  return openSpans(calendarDays(cal), from.getTime(), to.getTime()).map(([start, end]) => ({
    start: new Date(start),
    end: new Date(end),
  }));
}

/** Open minutes in [a, b); 0 when b is not after a. */
export function businessMinutesBetween(cal: CalendarSpec, a: Date, b: Date): number {
  return openMs(calendarDays(cal), a.getTime(), b.getTime()) / MINUTE_MS;
}

/**
 * The instant at which `minutes` open minutes have passed since `start`: the first moment at or
 * after `start`, inside an open period or at its very end, by which that many have passed. So
 * counting starts at the next opening when `start` is outside hours, a target used up exactly at
 * closing time is due at closing time (Friday 17:00, not Monday 09:00), and 0 minutes is `start`
 * itself when the calendar is open at `start` or has just closed, else the next opening. Null
 * when the calendar is never open.
 */
export function addBusinessMinutes(cal: CalendarSpec, start: Date, minutes: number): Date | null {
  if (!(minutes >= 0) || !Number.isFinite(minutes)) throw new RangeError(`Not a number of minutes: ${minutes}`);
  const at = advance(calendarDays(cal), start.getTime(), Math.round(minutes * MINUTE_MS));
  return at === null ? null : new Date(at);
}
