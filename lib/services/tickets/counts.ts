import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import { HeardCache } from "@/lib/live/heard-cache";
import type { QueueCounts } from "@/lib/schemas/tickets";
import { queryRows } from "@/lib/server/db";
import { CLOSED_WINDOW_MS, RECENT_WINDOW_MS } from "@/lib/tickets/views";
import { isStaff, visibleSql } from "@/lib/services/tickets/access";
import { doneSql, openSql } from "@/lib/tickets/statuses.mjs";

/**
 * What every staff member of an organisation sees in the sidebar, as read at `readAt`: the open
 * tickets per assignee ("" for nobody) and per group, who is in which group, and the three counts
 * that move with time. Those stay true
 * until the first moment one of them would change by time alone (`until`): the next open ticket
 * turning at-risk, or the oldest ticket of a window leaving it.
 */
export type OrganizationCounts = {
  openByAssignee: Record<string, number>;
  openByGroup: Record<string, number>;
  /** Each member's groups (a change of members is announced like a ticket's, see the group_member_notices migration). */
  groupsOf: Record<string, string[]>;
  notAtRisk: number;
  recentlyUpdated: number;
  closed: number;
  readAt: number;
  until: number;
  /** When the next open ticket turns at risk (Infinity: none will by time alone). */
  nextRiskAt: number;
  /**
   * One object for as long as no ticket of the organisation has changed: an entry read again only
   * because its time ran out carries on its predecessor's, while one read after a change (the
   * entry forgotten) starts a new one. The saved views' counts are kept under it.
   */
  unchangedSince: object;
};

const OPEN = Prisma.raw(openSql());
const DONE = Prisma.raw(doneSql());

const globalForCounts = globalThis as unknown as { ticketryQueueCounts?: HeardCache<OrganizationCounts> };

/**
 * This process's organisation counts, kept true by the ticket changes the LISTEN connection
 * hears (lib/live/listener.ts) and by this process's own writes (the route wrapper), so that a
 * team refreshing its sidebar costs the database nothing between changes. Without it the two
 * windows are counted over every ticket they hold, which grows with the team's volume.
 */
export const organizationCounts = (globalForCounts.ticketryQueueCounts ??= new HeardCache<OrganizationCounts>(
  Number(process.env.QUEUE_COUNT_CACHE_SIZE ?? 10_000),
));

type Row = {
  open: Record<string, number>;
  openByGroup: Record<string, number>;
  groupsOf: Record<string, string[]>;
  notAtRisk: string;
  nextRiskAt: Date | null;
  recentlyUpdated: string;
  oldestRecent: Date | null;
  closed: string;
  oldestClosed: Date | null;
};

/**
 * One round trip for all of an organisation's counts: a few counter rows (TicketQueueCount, kept
 * by triggers), the open grouped tickets (their own partial index), the groups' members and
 * index-only ranges over recent activity, never a pass over the whole tenant.
 * Open tickets not yet at risk are only the last few days' (bounded by the SLA targets).
 */
async function readOrganizationCounts(
  user: SessionUser,
  now: Date,
  unchangedSince: object,
): Promise<OrganizationCounts> {
  const scope = visibleSql(user);
  const [row] = await queryRows<Row>(Prisma.sql`
    SELECT
      (SELECT COALESCE(json_object_agg("assignedToId", "open"), '{}') FROM "TicketQueueCount"
        WHERE "organizationId" = ${user.organizationId}) AS "open",
      (SELECT COALESCE(json_object_agg("groupId", n), '{}') FROM (SELECT "groupId", count(*) AS n FROM "Ticket"
        WHERE ${scope} AND ${OPEN} AND "groupId" IS NOT NULL GROUP BY "groupId") g) AS "openByGroup",
      (SELECT COALESCE(json_object_agg("userId", ids), '{}') FROM (SELECT m."userId", json_agg(m."groupId") AS ids
        FROM "GroupMember" m JOIN "Group" g ON g."id" = m."groupId"
        WHERE g."organizationId" = ${user.organizationId} GROUP BY m."userId") m) AS "groupsOf",
      risk.n AS "notAtRisk", risk.next AS "nextRiskAt",
      recent.n AS "recentlyUpdated", recent.oldest AS "oldestRecent",
      done.n AS closed, done.oldest AS "oldestClosed"
    FROM (SELECT count(*) AS n, min("slaRiskAt") AS next FROM "Ticket" WHERE ${scope} AND ${OPEN} AND "slaRiskAt" > ${now}) risk,
      (SELECT count(*) AS n, min("updatedAt") AS oldest FROM "Ticket"
        WHERE ${scope} AND "updatedAt" >= ${new Date(now.getTime() - RECENT_WINDOW_MS)}) recent,
      (SELECT count(*) AS n, min("updatedAt") AS oldest FROM "Ticket"
        WHERE ${scope} AND ${DONE} AND "updatedAt" >= ${new Date(now.getTime() - CLOSED_WINDOW_MS)}) done`);
  const r = row!;
  // Past `until` a count may differ with no ticket changing: a risk time passed, or a window's
  // oldest ticket aged out of it (the windows include their first millisecond).
  const until = Math.min(
    r.nextRiskAt ? r.nextRiskAt.getTime() : Infinity,
    r.oldestRecent ? r.oldestRecent.getTime() + RECENT_WINDOW_MS : Infinity,
    r.oldestClosed ? r.oldestClosed.getTime() + CLOSED_WINDOW_MS : Infinity,
  );
  return {
    openByAssignee: r.open,
    openByGroup: r.openByGroup,
    groupsOf: r.groupsOf,
    notAtRisk: Number(r.notAtRisk),
    recentlyUpdated: Number(r.recentlyUpdated),
    closed: Number(r.closed),
    readAt: now.getTime(),
    until,
    nextRiskAt: r.nextRiskAt ? r.nextRiskAt.getTime() : Infinity,
    unchangedSince,
  };
}

/**
 * The organisation's counts as of `now` (staff): from this process's cache while they cannot have
 * changed. The saved views' counts are kept under the entry it answers with.
 */
export async function organizationCountsAt(user: SessionUser, now: Date): Promise<OrganizationCounts> {
  const at = now.getTime();
  const kept = organizationCounts.get(user.organizationId);
  if (kept && at >= kept.readAt && at < kept.until) return kept;
  const ticket = organizationCounts.begin();
  // An entry still held was never forgotten: no ticket changed since it was read, only the time.
  const counts = await readOrganizationCounts(user, now, kept?.unchangedSince ?? {});
  organizationCounts.keep(ticket, user.organizationId, counts);
  return counts;
}

/** A customer's own tickets are few: counted directly, every time. */
async function customerCounts(user: SessionUser, now: Date): Promise<QueueCounts> {
  const scope = visibleSql(user);
  const [row] = await queryRows<Record<string, string>>(Prisma.sql`
    SELECT
      (SELECT count(*) FROM "Ticket" WHERE ${scope} AND ${OPEN} AND "assignedToId" IS NULL) AS unassigned,
      (SELECT count(*) FROM "Ticket" WHERE ${scope} AND ${OPEN} AND "assignedToId" = ${user.id}) AS "myOpen",
      0 AS "myGroups",
      (SELECT count(*) FROM "Ticket" WHERE ${scope} AND ${OPEN}) AS "allOpen",
      (SELECT count(*) FROM "Ticket" WHERE ${scope} AND ${OPEN} AND "slaRiskAt" <= ${now}) AS "slaRisk",
      (SELECT count(*) FROM "Ticket" WHERE ${scope} AND "updatedAt" >= ${new Date(now.getTime() - RECENT_WINDOW_MS)}) AS "recentlyUpdated",
      (SELECT count(*) FROM "Ticket" WHERE ${scope} AND ${DONE} AND "updatedAt" >= ${new Date(now.getTime() - CLOSED_WINDOW_MS)}) AS closed`);
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)])) as QueueCounts;
}

/** The queue counts of the sidebar, as the user sees them (a customer is in no group). */
export async function queueCounts(user: SessionUser, now = new Date()): Promise<QueueCounts> {
  if (!isStaff(user)) return customerCounts(user, now);
  const counts = await organizationCountsAt(user, now);
  const open = counts.openByAssignee;
  const allOpen = Object.values(open).reduce((sum, n) => sum + n, 0);
  return {
    unassigned: open[""] ?? 0,
    myOpen: open[user.id] ?? 0,
    myGroups: (counts.groupsOf[user.id] ?? []).reduce((sum, group) => sum + (counts.openByGroup[group] ?? 0), 0),
    allOpen,
    slaRisk: allOpen - counts.notAtRisk,
    recentlyUpdated: counts.recentlyUpdated,
    closed: counts.closed,
  };
}

/** This process changed tickets of the organisation: its own next request counts them again. */
export function forgetOrganizationCounts(organizationId: string) {
  organizationCounts.forget(organizationId);
}
