import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { notFound } from "@/lib/errors";
import type { BulkUpdateTicketsInput, Ticket } from "@/lib/schemas/tickets";
import { db } from "@/lib/server/db";
import { applyTicketChange, assertAssignable, assertMayUpdate } from "./tickets";

/**
 * One change for many tickets, all or nothing: the same permission and assignee rules as a
 * single update, every ticket locked (in id order, so two bulk changes cannot deadlock) and
 * changed in one transaction, each changed field in that ticket's history. An id that is not
 * a ticket of the caller's organisation refuses the whole request with 404, so a mixed list
 * neither half-applies nor confirms that another tenant's ticket exists.
 */
export async function bulkUpdateTickets(
  user: SessionUser,
  { ids, ...change }: BulkUpdateTicketsInput,
  now = new Date(),
): Promise<Ticket[]> {
  assertMayUpdate(user, change);
  if (change.assignedTo) await assertAssignable(user.organizationId, change.assignedTo);
  return db.$transaction(async (tx) => {
    const sorted = [...ids].sort();
    await tx.$queryRaw`SELECT 1 FROM "Ticket" WHERE "organizationId" = ${user.organizationId} AND "id" = ANY(${sorted}::text[])
      ORDER BY "id" FOR UPDATE`;
    const tickets = await tx.ticket.findMany({ where: { organizationId: user.organizationId, id: { in: sorted } } });
    if (tickets.length !== ids.length) throw notFound("Ticket not found");
    const byId = new Map(tickets.map((t) => [t.id, t]));
    const updated: Ticket[] = [];
    for (const id of ids) updated.push(await applyTicketChange(tx, user, byId.get(id)!, change, now));
    return updated;
  });
}
