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
 * While the team keeps changing tickets, a year of the largest organisation would be read again
 * after every change, and takes longer to read than the team takes to change the next ticket:
 * were every request to start its own reading, a busy team's leads would pile up readings of the
 * same report until none finished in time. So a report has at most one reading in flight and one
 * waiting to start when it ends. A request after a change waits for the next reading, which
 * starts after it arrived and so shows every change made before it (a lead who solved a ticket
 * sees it counted), shared by everyone asking meanwhile; but while a reading is already under
 * way, the last one answered, if begun less than REPORT_LAG_MS ago, answers at once: a report is
 * then at most that far behind a team that never stops changing tickets (figures, not a queue to
 * work from). A reading that fails is not kept.
 */
type Reading = { since: object; startedAt: number; report: Promise<unknown> };

/** How long ago a reading may have begun and still answer after a change (see above). */
export const REPORT_LAG_MS = 10_000;

/** The latest reading of each report (by organisation and key), kept or in flight. */
const latest = new Map<string, Reading>();
/** The latest reading of each report that has answered. */
const answered = new Map<string, Reading>();
/** The reading each report waits to start once the one in flight ends. */
const waiting = new Map<string, Promise<unknown>>();

/** Reports kept in this process; past it they are all read afresh. */
const KEPT_REPORTS = 2_000;

/**
 * The report named `name` of `scope` (the organisation, its time zone, the range, the filters as
 * the statement will read them, calendar or business time) and `detail` (what else the report
 * is asked for, such as its interval): the reading since the organisation's last change, else
 * (while one is in flight) the last answered if begun less than REPORT_LAG_MS before `now`, else
 * the next reading, made by `read`.
 */
export async function keptReport<T>(
  user: SessionUser,
  name: string,
  scope: ReportScope,
  detail: unknown,
  read: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  // Taken before reading: a change heard meanwhile makes this reading one from before it.
  const { unchangedSince } = await organizationCountsAt(user, new Date(now));
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
  const next = nextReading(key, user, read, last);
  const shown = answered.get(key);
  if (last && last !== shown && shown && now - shown.startedAt < REPORT_LAG_MS) {
    next.catch(() => undefined);
    return shown.report as Promise<T>;
  }
  return next;
}

/** The reading that starts once `last` (in flight or not) has ended, shared by everyone asking meanwhile. */
function nextReading<T>(key: string, user: SessionUser, read: () => Promise<T>, last: Reading | undefined): Promise<T> {
  const queued = waiting.get(key);
  if (queued) return queued as Promise<T>;
  const inFlight = last?.report.catch(() => undefined);
  const next: Promise<T> = (async () => {
    await inFlight;
    try {
      const startedAt = Date.now();
      const { unchangedSince: since } = await organizationCountsAt(user, new Date(startedAt));
      const report = read();
      if (latest.size >= KEPT_REPORTS) {
        latest.clear();
        answered.clear();
      }
      const reading = { since, startedAt, report };
      latest.set(key, reading);
      report.then(
        () => {
          if ((answered.get(key)?.startedAt ?? -Infinity) <= startedAt) answered.set(key, reading);
        },
        () => {
          if (latest.get(key) === reading) latest.delete(key);
        },
      );
      return report;
    } finally {
      // Once the reading is the latest (or failed to start), later requests find it there. Until
      // now no other reading of the report could wait: this one was found instead.
      waiting.delete(key);
    }
  })();
  waiting.set(key, next);
  return next;
}
