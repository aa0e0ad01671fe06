import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { TicketListQuery } from "@/lib/schemas/tickets";
import { SAVED_VIEW_COUNT_CAP, type SavedViewFilters } from "@/lib/schemas/views";
import { queryRows } from "@/lib/server/db";
import { visibleSql } from "@/lib/services/tickets/access";
import { organizationCountsAt, type OrganizationCounts } from "@/lib/services/tickets/counts";
import { listFilter } from "@/lib/services/tickets/list-filters";
import { needsTimeZone, rangesHoldUntil } from "@/lib/services/tickets/list-time-zone";
import { organizationTimeZone } from "@/lib/services/sla/calendars";
import { searchFilter } from "@/lib/services/tickets/list";
import { listRows } from "@/lib/services/tickets/list-rows";
import { lookupFor } from "@/lib/services/tickets/search-sample";
import { resolveFieldFilters } from "@/lib/services/fields/list-filter";
import { isAppError } from "@/lib/errors";
import { SLA_DUE_SQL } from "@/lib/services/tickets/order-sql.mjs";
import { openSql } from "@/lib/tickets/statuses.mjs";
import type { Clock } from "@/lib/tickets/range-bounds";

const SLA_DUE = Prisma.raw(SLA_DUE_SQL);
const OPEN = Prisma.raw(openSql());

/** A view's filters as the list reads them (its first page, in the list's default order). */
export const viewQuery = (filters: SavedViewFilters): TicketListQuery => ({ ...filters, limit: 1 });

/**
 * A view's custom field filters as the list applies them; null when one names a field deleted
 * since, or a value it no longer holds (a removed option): the view then lists nothing, as the
 * list would refuse it.
 */
async function viewFieldValues(user: SessionUser, filters: SavedViewFilters) {
  try {
    return await resolveFieldFilters(user, filters);
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
}

/**
 * The rows one view lists, at most one past the cap: the list's own conditions (visibility,
 * listFilter, the driving tag's or field value's rows and the other filters' tests, the search), so the count is the list's length. Null when the
 * view cannot list anything (a tag the team no longer has).
 */
async function capped(
  user: SessionUser,
  filters: SavedViewFilters,
  clock: { now: Date; timeZone: string },
): Promise<Prisma.Sql | null> {
  const fieldValues = await viewFieldValues(user, filters);
  if (fieldValues === null) return null;
  const query = { ...viewQuery(filters), fieldValues, timeZone: clock.timeZone };
  const from = await listRows(user, query);
  if (from === null) return null;
  const search = query.q ? searchFilter(query.q, await lookupFor(query.q), user.organizationId) : Prisma.empty;
  return Prisma.sql`(SELECT count(*) FROM (SELECT 1 FROM "Ticket" ${from.join}
    WHERE ${visibleSql(user)} ${listFilter(user, query, clock.now)} ${from.tests} ${search}
    LIMIT ${SAVED_VIEW_COUNT_CAP + 1}) AS v)`;
}

/**
 * How many tickets each view lists now, in one statement for all of them: one count per view,
 * each stopping one row past the cap. Why not one pass with count(*) FILTER (WHERE ...) per
 * view: that pass reads every ticket any view might hold (with a Closed or unfiltered view, the
 * whole organisation) on every sidebar refresh, and cannot stop early; a capped count per view
 * reads through the index its own filters choose, as the list does, and never more than
 * cap + 1 matching rows.
 */
export async function countViews(
  user: SessionUser,
  views: { id: string; filters: SavedViewFilters }[],
  now = new Date(),
): Promise<Map<string, { count: number; countCapped: boolean }>> {
  if (views.length === 0) return new Map();
  // Taken before counting (and read if this process has none, as the sidebar's queue counts would
  // be): a change heard meanwhile starts the organisation's counts afresh, and counts kept for the
  // time before it are never read again.
  const kept = await organizationCountsAt(user, now);
  const at = now.getTime();
  const cache = keptViewCounts.get(kept.unchangedSince) ?? new Map<string, ViewCount>();
  const keyOf = (v: { id: string; filters: SavedViewFilters }) => `${user.id}|${v.id}|${JSON.stringify(v.filters)}`;
  const counts = new Map<string, { count: number; countCapped: boolean }>();
  const toRead = views.filter((v) => {
    const hit = cache.get(keyOf(v));
    const fresh = hit !== undefined && at < hit.until;
    if (fresh) counts.set(v.id, { count: hit.count, countCapped: hit.countCapped });
    return !fresh;
  });
  if (toRead.length === 0) return counts;
  const read = await readCounts(user, toRead, kept, now);
  for (const v of toRead) {
    const count = read.get(v.id)!;
    counts.set(v.id, { count: count.count, countCapped: count.countCapped });
    if (count.until > at) cache.set(keyOf(v), count);
  }
  // Bounded by the team's views, dropped once a ticket of the organisation changes.
  if (cache.size > 10_000) cache.clear();
  keptViewCounts.set(kept.unchangedSince, cache);
  return counts;
}

/** A view's count and the first moment it may differ by time alone (Infinity: only a ticket's change moves it). */
type ViewCount = { count: number; countCapped: boolean; until: number };

/**
 * Views' counts kept for as long as no ticket of the organisation changes: under the object the
 * organisation's queue counts (lib/services/tickets/counts.ts) carry while the LISTEN connection
 * and this process's writes have heard no change of its tickets. Even then, a view's count
 * holds until its tickets would move by time alone: a view of the SLA risk, Recently Updated or
 * Closed queue as long as the queues' counts hold (the next ticket turning at risk, the oldest
 * ticket leaving a window), a view of an SLA state until the next ticket turns at risk or a
 * running target falls due (an at-risk ticket becoming breached), a view of a relative range until
 * its bounds move (a time ago at once, so such a view is counted afresh; today at the
 * organisation's midnight). Each view's count is kept on its own (by caller, view and filters),
 * so one view read again leaves the others kept.
 */
const keptViewCounts = new WeakMap<object, Map<string, ViewCount>>();

/** Filters whose tickets change when a running SLA target falls due, with no ticket changing. */
const movesAtDue = (f: SavedViewFilters) => f.sla !== undefined;
/** The queues whose tickets change by time alone, as the queue counts' own time limit says. */
const TIMED_QUEUES = new Set(["sla-risk", "recently-updated", "closed"]);

/** The first moment a view's count may differ with no ticket changing. */
function viewHoldsUntil(filters: SavedViewFilters, kept: OrganizationCounts, dueAt: number, clock: Clock): number {
  return Math.min(
    filters.view !== undefined && TIMED_QUEUES.has(filters.view) ? kept.until : Infinity,
    movesAtDue(filters) ? Math.min(dueAt, kept.nextRiskAt) : Infinity,
    rangesHoldUntil(filters, clock),
  );
}

async function readCounts(
  user: SessionUser,
  views: { id: string; filters: SavedViewFilters }[],
  kept: OrganizationCounts,
  now: Date,
): Promise<Map<string, ViewCount>> {
  const counts = new Map<string, ViewCount>();
  // The days of the views' ranges are the organisation's, read once for all of them.
  const timeZone = views.some((v) => needsTimeZone(v.filters))
    ? await organizationTimeZone(user.organizationId)
    : "UTC";
  const clock = { now, timeZone };
  const parts = await Promise.all(views.map((v) => capped(user, v.filters, clock)));
  const columns = parts.map((part, i) => Prisma.sql`${part ?? Prisma.sql`0`} AS ${Prisma.raw(`"c${i}"`)}`);
  // The soonest due time still ahead among open tickets: the first rows of the open-queue
  // attention index past now (a ticket whose clocks stand still is 'infinity', never due).
  const nextDue = views.some((v) => movesAtDue(v.filters))
    ? Prisma.sql`, (SELECT min(${SLA_DUE}) FROM "Ticket" WHERE ${visibleSql(user)} AND ${OPEN}
        AND ${SLA_DUE} > ${now} AND ${SLA_DUE} < 'infinity'::timestamp(3)) AS "nextDue"`
    : Prisma.empty;
  const [row] = await queryRows<Record<string, bigint | number | string | Date | null>>(
    Prisma.sql`SELECT ${Prisma.join(columns)} ${nextDue}`,
  );
  const dueAt = row?.nextDue instanceof Date ? row.nextDue.getTime() : Infinity;
  views.forEach((view, i) => {
    const n = Number(row?.[`c${i}`] ?? 0);
    counts.set(view.id, {
      count: Math.min(n, SAVED_VIEW_COUNT_CAP),
      countCapped: n > SAVED_VIEW_COUNT_CAP,
      until: viewHoldsUntil(view.filters, kept, dueAt, clock),
    });
  });
  return counts;
}
