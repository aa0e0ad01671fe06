import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { TicketListQuery } from "@/lib/schemas/tickets";
import { CLOSED_WINDOW_MS, RECENT_WINDOW_MS, type View } from "@/lib/tickets/views";
import { doneSql, openSql } from "@/lib/tickets/statuses.mjs";

const OPEN = Prisma.raw(openSql());
const DONE = Prisma.raw(doneSql());

function viewFilter(view: View | undefined, user: SessionUser, now: Date): Prisma.Sql {
  switch (view) {
    case "unassigned":
      return Prisma.sql`AND ${OPEN} AND "assignedToId" IS NULL`;
    case "my-open":
      return Prisma.sql`AND ${OPEN} AND "assignedToId" = ${user.id}`;
    case "my-groups":
      return Prisma.sql`AND ${OPEN} AND "groupId" IN (SELECT "groupId" FROM "GroupMember" WHERE "userId" = ${user.id})`;
    case "all-open":
      return Prisma.sql`AND ${OPEN}`;
    case "sla-risk":
      return Prisma.sql`AND ${OPEN} AND "slaRiskAt" <= ${now}`;
    case "recently-updated":
      return Prisma.sql`AND "updatedAt" >= ${new Date(now.getTime() - RECENT_WINDOW_MS)}`;
    case "closed":
      return Prisma.sql`AND ${DONE} AND "updatedAt" >= ${new Date(now.getTime() - CLOSED_WINDOW_MS)}`;
    default:
      return Prisma.empty;
  }
}

/**
 * The list's filters other than the search, the tag and the cursor, as conditions on "Ticket"
 * after the caller's visibility: one place, so a saved view counts exactly the tickets it lists.
 */
export function listFilter(user: SessionUser, query: TicketListQuery, now: Date): Prisma.Sql {
  return Prisma.sql`${viewFilter(query.view, user, now)}
    ${query.status ? Prisma.sql`AND "status" = ${query.status}::"TicketStatus"` : Prisma.empty}
    ${query.priority ? Prisma.sql`AND "priority" = ${query.priority}::"TicketPriority"` : Prisma.empty}
    ${query.group ? Prisma.sql`AND "groupId" = ${query.group}` : Prisma.empty}`;
}
