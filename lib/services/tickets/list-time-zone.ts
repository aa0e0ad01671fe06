import "server-only";
import { badRequest } from "@/lib/errors";
import { LIST_RANGES as RANGES, rangeOrderError } from "@/lib/schemas/tickets";
import { organizationTimeZone } from "@/lib/services/sla/calendars";
import {
  boundHoldsUntil,
  endsBeforeStartIn,
  inZone,
  parseRangeBound,
  type Clock,
  type RangeBound,
} from "@/lib/tickets/range-bounds";

type RangeQuery = Partial<Record<(typeof RANGES)[number][number], string>>;

const boundsOf = (query: RangeQuery): RangeBound[] =>
  RANGES.flat().flatMap((name) => {
    const bound = query[name] ? parseRangeBound(query[name]) : null;
    return bound ? [bound] : [];
  });

/**
 * Until when the tickets a query's ranges let in can change by time alone (Infinity: only by a
 * ticket's change): a saved view's count is kept no longer (lib/services/views/counts.ts).
 */
export const rangesHoldUntil = (query: RangeQuery, clock: Clock) =>
  Math.min(...boundsOf(query).map((bound) => boundHoldsUntil(bound, clock)));

/** Whether a list query's ranges name a day (a date, today), which is the organisation's day. */
export const needsTimeZone = (query: RangeQuery) => boundsOf(query).some(inZone);

/**
 * The zone a list query's days are read in (none needed: undefined). A range from a day to an
 * instant compares only in the zone: one that ends before it starts is refused here, as the
 * schema refuses two days or two instants out of order.
 */
export async function listTimeZone(organizationId: string, query: RangeQuery): Promise<string | undefined> {
  if (!needsTimeZone(query)) return undefined;
  const timeZone = await organizationTimeZone(organizationId);
  for (const [from, to] of RANGES) {
    const a = query[from] ? parseRangeBound(query[from]) : null;
    const b = query[to] ? parseRangeBound(query[to]) : null;
    if (a && b && endsBeforeStartIn(a, b, timeZone)) throw badRequest(rangeOrderError(from, to));
  }
  return timeZone;
}
