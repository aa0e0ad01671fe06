import type { ReportInterval } from "@/lib/schemas/reports-charts";
import { DAY_MS, fromWall } from "@/lib/sla/time-zone";

/** A series' buckets: each one's first local day and the instants its edges fall on (one more edge than days). */
export type Buckets = { days: string[]; edges: Date[] };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The range cut into days, or into weeks from Monday with the first and last clipped to the range
 * (so a series adds up to the summary). Each edge is a local midnight in the zone: a day across a
 * change of summer time is 23 or 25 hours long. No database here: the page's tests read it too.
 */
export function reportBuckets(timeZone: string, from: string, to: string, interval: ReportInterval): Buckets {
  const days: string[] = [];
  for (let ms = Date.parse(from); ms <= Date.parse(to); ms += DAY_MS) {
    // 1970-01-01 was a Thursday: a Monday is 4 days after a multiple of 7.
    const monday = (ms / DAY_MS - 4) % 7 === 0;
    if (interval === "day" || days.length === 0 || monday) days.push(isoDay(ms));
  }
  const edges = [...days, isoDay(Date.parse(to) + DAY_MS)].map((day) => new Date(fromWall(timeZone, Date.parse(day))));
  return { days, edges };
}
