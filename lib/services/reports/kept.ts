import "server-only";
import type { SessionUser } from "@/lib/schemas/session-user";
import { organizationCountsAt } from "@/lib/services/tickets/counts";
import type { ReportScope } from "./scope";

/**
 * Reports kept for as long as no ticket of the organisation changes: under the object the
 * organisation's queue counts (lib/services/tickets/counts.ts) carry while the LISTEN connection
 * and this process's own writes have heard no change of its tickets, as the saved views' counts
 * are. Every figure a report reads is a ticket's, or a row written with a change the ticket
 * announces (a reply, a rating, an SLA target, a next response), and none moves by time alone
 * (a range's bounds are whole days, part of the key), so a kept report is the one read afresh.
 * A lead reopening the page, a team's leads opening the same month, or the page's summary and
 * its charts asked at once read the database once; a busy team's changes start them afresh.
 *
 * The report itself is kept, not its result: requests that arrive while it is being read wait
 * for the same reading rather than starting their own. A reading that fails is not kept.
 */
const keptReports = new WeakMap<object, Map<string, Promise<unknown>>>();

/** Kept reports per organisation between two changes; past it they are all read afresh. */
const KEPT_PER_ORGANIZATION = 1_000;

/**
 * The report named `name` of `scope` (the organisation, its time zone, the range, the filters as
 * the statement will read them, calendar or business time) and `detail` (what else the report
 * is asked for, such as its grouping), from the reports kept since the organisation's last
 * change, else read by `read` and kept.
 */
export async function keptReport<T>(
  user: SessionUser,
  name: string,
  scope: ReportScope,
  detail: unknown,
  read: () => Promise<T>,
  now = new Date(),
): Promise<T> {
  // Taken before reading: a change heard meanwhile starts the organisation's reports afresh, and
  // a report read across it is kept under the time before it, never read again.
  const { unchangedSince } = await organizationCountsAt(user, now);
  let reports = keptReports.get(unchangedSince);
  if (!reports) keptReports.set(unchangedSince, (reports = new Map()));
  const key = JSON.stringify([
    name,
    scope.timeZone,
    scope.period,
    scope.filter.sql,
    scope.filter.values,
    scope.businessHours,
    detail,
  ]);
  const kept = reports.get(key) as Promise<T> | undefined;
  if (kept) return kept;
  if (reports.size >= KEPT_PER_ORGANIZATION) reports.clear();
  const reading = read();
  reports.set(key, reading);
  reading.catch(() => {
    if (reports.get(key) === reading) reports.delete(key);
  });
  return reading;
}
