import "server-only";
import type { SessionUser } from "@/lib/schemas/session-user";
import { organizationCountsAt } from "@/lib/services/tickets/counts";
import type { ReportScope } from "./scope";

/**
 * Reports kept for as long as no ticket of the organisation changes: each reading is marked with
 * the object the organisation's queue counts (lib/services/tickets/counts.ts) carry while the
 * LISTEN connection and this process's own writes have heard no change of its tickets, as the
 * saved views' counts are. Every figure a report reads is a ticket's, or a row written with a
 * change the ticket announces (a reply, a rating, an SLA target, a next response), and none moves
 * by time alone (a range's bounds are whole days, part of the key), so a kept report is the one
 * read afresh. A lead reopening the page, a team's leads opening the same month, or the page's
 * summary and charts asked at once read the database once.
 *
 * While the team keeps changing tickets, a report asked after a change must be read again, and a
 * year of the largest organisation takes a while to read: were every request to start its own
 * reading, a busy team's leads would pile up readings of the same report until none finished in
 * time. So a report has at most one reading in flight and one waiting: a request that finds a
 * reading from before the latest change waits for the next one, which starts when the one in
 * flight ends (after every request waiting for it arrived, so it shows their changes), and every
 * request arriving meanwhile shares it. A reading that fails is not kept.
 */
type Reading = { since: object; report: Promise<unknown> };

/** The latest reading of each report (by organisation and key), kept or in flight. */
const latest = new Map<string, Reading>();
/** The reading each report waits to start once the one in flight ends. */
const waiting = new Map<string, Promise<unknown>>();

/** Reports kept in this process; past it they are all read afresh. */
const KEPT_REPORTS = 10_000;

/**
 * The report named `name` of `scope` (the organisation, its time zone, the range, the filters as
 * the statement will read them, calendar or business time) and `detail` (what else the report
 * is asked for, such as its interval): the reading since the organisation's last change, else
 * the next reading, made by `read`.
 */
export async function keptReport<T>(
  user: SessionUser,
  name: string,
  scope: ReportScope,
  detail: unknown,
  read: () => Promise<T>,
): Promise<T> {
  // Taken before reading: a change heard meanwhile makes this reading one from before it.
  const { unchangedSince } = await organizationCountsAt(user, new Date());
  const key = JSON.stringify([
    scope.organizationId,
    name,
    scope.timeZone,
    scope.period,
    scope.filter.sql,
    scope.filter.values,
    scope.businessHours,
    detail,
  ]);
  const last = latest.get(key);
  if (last?.since === unchangedSince) return last.report as Promise<T>;
  let next = waiting.get(key);
  if (!next) {
    const inFlight = last?.report.catch(() => undefined);
    next = (async () => {
      await inFlight;
      try {
        const { unchangedSince: since } = await organizationCountsAt(user, new Date());
        const report = read();
        if (latest.size >= KEPT_REPORTS) latest.clear();
        latest.set(key, { since, report });
        report.catch(() => {
          if (latest.get(key)?.report === report) latest.delete(key);
        });
        return report;
      } finally {
        // Once the reading is the latest (or failed to start), later requests find it there.
        if (waiting.get(key) === next) waiting.delete(key);
      }
    })();
    waiting.set(key, next);
  }
  return next as Promise<T>;
}
