import "server-only";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { forbidden } from "@/lib/errors";
import type { TicketHistoryEvent, TicketHistoryQuery } from "@/lib/schemas/tickets";
import { can } from "@/lib/permissions/table";
import { afterCursor, oldestFirstPageOf } from "@/lib/services/keyset";
import { findVisibleTicket } from "@/lib/services/tickets/access";

/**
 * A page of the ticket's history, oldest first: who changed what, when. The page holds the newest
 * changes before the cursor (the latest without one), and `nextCursor` is where the changes before
 * them start (null when there are none).
 */
export async function ticketHistory(
  user: SessionUser,
  id: string,
  query: TicketHistoryQuery,
): Promise<{ events: TicketHistoryEvent[]; nextCursor: string | null }> {
  if (!can(user, "tickets.history")) throw forbidden();
  const ticket = await findVisibleTicket(user, id);
  const rows = await db.auditEvent.findMany({
    where: { AND: [{ organizationId: user.organizationId, ticketId: ticket.id }, afterCursor(query.cursor)] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    select: { id: true, action: true, actorType: true, actorLabel: true, metadata: true, createdAt: true },
  });
  const { page, nextCursor } = oldestFirstPageOf(rows, query.limit);
  return { events: page, nextCursor };
}
