import { type CalendarDays, weekdayOf } from "./calendar-days";
import { DAY_MS, fromWall, localDay, MINUTE_MS, offsetAt } from "./time-zone";

/** [start, end) in epoch milliseconds; end may be Infinity (a pause that has not ended). */
export type Span = [number, number];

/**
 * A stretch of counting time: one contiguous open span, or a whole plain week (no holiday, no
 * pause, no change of UTC offset) taken at once, whose open time is then exactly the calendar's
 * weekly hours.
 */
type Piece = { start: number; end: number; ms: number; week: boolean };

/** Pauses as sorted spans with overlapping and touching ones joined. */
export function joinSpans(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const [start, end] of [...spans].filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** A day's open spans as real instants (the wall-time rules of fromWall decide DST days). */
function daySpans(c: CalendarDays, day: number): Span[] {
  const hours = c.week[weekdayOf(day)]!;
  if (hours.length === 0 || c.isHoliday(day)) return [];
  const spans: Span[] = [];
  for (const [start, end] of hours) {
    const span: Span = [
      fromWall(c.timeZone, day * DAY_MS + start * MINUTE_MS),
      fromWall(c.timeZone, day * DAY_MS + end * MINUTE_MS),
    ];
    if (span[1] > span[0]) spans.push(span);
  }
  return spans;
}

/** The parts of a span outside the pauses (`blocked` from index `first` on). */
function* unblocked([start, end]: Span, blocked: Span[], first: number): Generator<Span> {
  let cursor = start;
  for (let i = first; i < blocked.length && blocked[i]![0] < end; i++) {
    const [from, to] = blocked[i]!;
    if (from > cursor) yield [cursor, from];
    cursor = Math.max(cursor, to);
    if (cursor >= end) return;
  }
  if (cursor < end) yield [cursor, end];
}

/**
 * Counting time from `from` on, in order, at least until `until` (pieces may run past it). A span
 * that ends exactly at `from` comes as an empty piece, so that "0 minutes from the close" is the
 * close. `wantsWeek()` says whether the walker may take the next seven days at once.
 */
function* pieces(
  c: CalendarDays,
  from: number,
  until: number,
  blocked: Span[],
  wantsWeek: () => boolean,
): Generator<Piece> {
  const zone = c.timeZone;
  // Local midnight lies within a day of the same wall value read as UTC, so `day * DAY_MS` bounds
  // it cheaply; closed days are passed without asking Intl anything.
  let day = localDay(zone, from) - 1;
  // From the first day that starts after `from` on, whole weeks may be taken at once.
  let nextWeekTry = day + 2;
  // Local midnight of `day` and its UTC offset, when a skipped week has just told them.
  let known: { start: number; offset: number } | undefined;
  let b = 0;
  while ((day - 1) * DAY_MS < until) {
    while (b < blocked.length && blocked[b]![1] <= (day - 1) * DAY_MS) b++;
    if (b < blocked.length && blocked[b]![0] <= (day - 1) * DAY_MS && blocked[b]![1] === Infinity) return;
    if (c.weekMs > 0 && day >= nextWeekTry && (day + 6) * DAY_MS < until && wantsWeek()) {
      nextWeekTry = day + 7;
      const dayStart = known?.start ?? fromWall(zone, day * DAY_MS);
      const offset = known?.offset ?? offsetAt(zone, dayStart);
      const weekEnd = (day + 7) * DAY_MS - offset;
      const plain =
        dayStart >= from &&
        // Midnight itself exists (a clock that springs forward at midnight starts the day at 01:00).
        dayStart + offset === day * DAY_MS &&
        weekEnd <= until &&
        !(b < blocked.length && blocked[b]![0] < weekEnd) &&
        !(c.hasHolidays && [0, 1, 2, 3, 4, 5, 6].some((d) => c.isHoliday(day + d))) &&
        // The tz database never changes a zone's offset twice within a week, so the same offset a
        // week later means it did not change: the week's open time is its wall time, and weekEnd
        // is that day's midnight.
        offsetAt(zone, weekEnd) === offset;
      if (plain) {
        yield { start: dayStart, end: weekEnd, ms: c.weekMs, week: true };
        day += 7;
        nextWeekTry = day;
        known = { start: weekEnd, offset };
        continue;
      }
    }
    for (const span of daySpans(c, day)) {
      for (const [start, end] of unblocked(span, blocked, b)) {
        if (end >= from) yield { start: Math.max(start, from), end, ms: end - Math.max(start, from), week: false };
      }
    }
    day += 1;
    known = undefined;
  }
}

/** Open milliseconds in [from, to), pauses excluded. */
export function openMs(c: CalendarDays, from: number, to: number, blocked: Span[] = []): number {
  let total = 0;
  if (to <= from) return total;
  for (const piece of pieces(c, from, to, blocked, () => true)) {
    if (piece.start >= to) break;
    total += piece.week ? piece.ms : Math.min(piece.end, to) - piece.start;
  }
  return total;
}

/**
 * The first instant at or after `from`, inside an open span or at its end, by which `ms` open
 * milliseconds have passed; null when that never comes (the calendar never opens, or a pause
 * never ends).
 */
export function advance(c: CalendarDays, from: number, ms: number, blocked: Span[] = []): number | null {
  if (!c.opensEver) return null;
  let remaining = ms;
  // Strictly more than a week left: the final stretch is always walked span by span.
  for (const piece of pieces(c, from, Infinity, blocked, () => remaining > c.weekMs)) {
    if (!piece.week && remaining <= piece.ms) return piece.start + remaining;
    remaining -= piece.ms;
  }
  return null;
}

/** The open spans within [from, to), clipped to it, touching ones joined. */
export function openSpans(c: CalendarDays, from: number, to: number): Span[] {
  const spans: Span[] = [];
  for (const piece of pieces(c, from, to, [], () => false)) {
    if (piece.start >= to) break;
    if (piece.ms > 0) spans.push([piece.start, Math.min(piece.end, to)]);
  }
  return joinSpans(spans);
}
