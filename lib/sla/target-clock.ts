import type { CalendarSpec } from "./calendar";
import { calendarDays } from "./calendar-days";
import { advance, joinSpans, openMs } from "./open-time";
import { MINUTE_MS } from "./time-zone";

/** A period the clock stood still (the ticket waited on the customer); `to: null` while it still does. */
export type Pause = { from: Date; to: Date | null };

export type TargetClock = {
  /** When the target is used up (in the past once breached); null while paused or when it never comes. */
  dueAt: Date | null;
  paused: boolean;
  /** Business minutes counted from startedAt until now, pauses excluded. */
  usedMinutes: number;
  /** Business minutes left, 0 once used up. */
  remainingMinutes: number;
};

/**
 * One SLA target's clock: it counts the calendar's open time from `startedAt`, stands still
 * during the pauses, and resumes with the time left. The due time comes from the same start and
 * pauses whatever `minutes` is, so a target changed mid-way (a new priority) is recomputed from
 * the ticket's history, not from now.
 */
export function targetClock(
  cal: CalendarSpec,
  { startedAt, minutes, pauses, now }: { startedAt: Date; minutes: number; pauses: Pause[]; now: Date },
): TargetClock {
  const days = calendarDays(cal);
  const blocked = joinSpans(pauses.map((p) => [p.from.getTime(), p.to?.getTime() ?? Infinity]));
  const at = now.getTime();
  const paused = blocked.some(([from, to]) => from <= at && at < to);
  const targetMs = Math.round(minutes * MINUTE_MS);
  const usedMs = openMs(days, startedAt.getTime(), at, blocked);
  const due = paused ? null : advance(days, startedAt.getTime(), targetMs, blocked);
  return {
    dueAt: due === null ? null : new Date(due),
    paused,
    usedMinutes: usedMs / MINUTE_MS,
    remainingMinutes: Math.max(0, targetMs - usedMs) / MINUTE_MS,
  };
}
