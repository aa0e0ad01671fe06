/**
 * Wall time in an IANA zone and back, on nothing but Intl. A "wall" value is the zone's local
 * date and time written as if it were UTC milliseconds (Date.UTC of the local fields), so days
 * and minutes of the zone's clock are plain arithmetic on it.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();
const WALL_TEXT = /^(\d+)\/(\d+)\/(\d+), (\d+):(\d+):(\d+)$/;

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds (whole seconds). */
export function offsetAt(timeZone: string, instant: number): number {
  const second = Math.floor(instant / 1000) * 1000;
  // format() and a regular expression: several times faster than formatToParts.
  const fields = WALL_TEXT.exec(wallFormat(timeZone).format(second));
  if (!fields) throw new RangeError(`Cannot read the wall time in ${timeZone}`);
  const [, month, day, year, hour, minute, sec] = fields.map(Number) as number[];
  return Date.UTC(year!, month! - 1, day!, hour!, minute!, sec!) - second;
}

export function toWall(timeZone: string, instant: number): number {
  return instant + offsetAt(timeZone, instant);
}

/** The zone's local day of an instant, counted in days since 1970-01-01. */
export function localDay(timeZone: string, instant: number): number {
  return Math.floor(toWall(timeZone, instant) / DAY_MS);
}

/**
 * Wall times already read, per zone: due times of many tickets (a warning run, a list) fall on
 * the same few office days, and each reading costs several calls into Intl.
 */
const instants = new Map<string, number>();
const CACHED_INSTANTS = 50_000;

/**
 * The instant a wall time names. A wall time the clock skips (spring forward) names the first
 * instant after the gap; one it shows twice (fall back) names its first occurrence.
 */
export function fromWall(timeZone: string, wall: number): number {
  const key = `${timeZone} ${wall}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    if (instants.size >= CACHED_INSTANTS) instants.clear();
    instant = findInstant(timeZone, wall);
    instants.set(key, instant);
  }
  return instant;
}

function findInstant(timeZone: string, wall: number): number {
  const before = offsetAt(timeZone, wall - DAY_MS);
  const after = offsetAt(timeZone, wall + DAY_MS);
  const early = wall - Math.max(before, after);
  const late = wall - Math.min(before, after);
  if (toWall(timeZone, early) === wall) return early;
  if (toWall(timeZone, late) === wall) return late;
  // In the gap: the clock jumps at one instant between the two readings; find it to the millisecond.
  let [lo, hi] = [early, late];
  const offsetBefore = offsetAt(timeZone, lo);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(timeZone, mid) === offsetBefore) lo = mid;
    else hi = mid;
  }
  return hi;
}
