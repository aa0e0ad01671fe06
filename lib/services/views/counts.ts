import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { TicketListQuery } from "@/lib/schemas/tickets";
import { SAVED_VIEW_COUNT_CAP, type SavedViewFilters } from "@/lib/schemas/views";
import { queryRows } from "@/lib/server/db";
import { visibleSql } from "@/lib/services/tickets/access";
import { listFilter } from "@/lib/services/tickets/list-filters";
import { searchFilter, tagFilter } from "@/lib/services/tickets/list";
import { lookupFor } from "@/lib/services/tickets/search-sample";

/** A view's filters as the list reads them (its first page, in the list's default order). */
export const viewQuery = (filters: SavedViewFilters): TicketListQuery => ({ ...filters, limit: 1 });

/**
 * The rows one view lists, at most one past the cap: the list's own conditions (visibility,
 * listFilter, the tag's join, the search), so the count is the list's length. Null when the
 * view cannot list anything (a tag the team no longer has).
 */
async function capped(user: SessionUser, filters: SavedViewFilters, now: Date): Promise<Prisma.Sql | null> {
  const query = viewQuery(filters);
  const byTag = await tagFilter(user, query.tag);
  if (byTag === null) return null;
  const search = query.q ? searchFilter(query.q, await lookupFor(query.q), user.organizationId) : Prisma.empty;
  return Prisma.sql`(SELECT count(*) FROM (SELECT 1 FROM "Ticket" ${byTag.join}
    WHERE ${visibleSql(user)} ${listFilter(user, query, now)} ${search}
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
  const counts = new Map<string, { count: number; countCapped: boolean }>();
  if (views.length === 0) return counts;
  const parts = await Promise.all(views.map((v) => capped(user, v.filters, now)));
  const columns = parts.map((part, i) => Prisma.sql`${part ?? Prisma.sql`0`} AS ${Prisma.raw(`"c${i}"`)}`);
  const [row] = await queryRows<Record<string, bigint | number | string>>(Prisma.sql`SELECT ${Prisma.join(columns)}`);
  views.forEach((view, i) => {
    const n = Number(row?.[`c${i}`] ?? 0);
    counts.set(view.id, { count: Math.min(n, SAVED_VIEW_COUNT_CAP), countCapped: n > SAVED_VIEW_COUNT_CAP });
  });
  return counts;
}
