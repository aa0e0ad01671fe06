import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/server/db";
import { notFound } from "@/lib/errors";
import { can } from "@/lib/permissions/table";

/** Staff work every ticket of their organisation; an end user only their own. */
export function isStaff(user: SessionUser): boolean {
  return can(user, "tickets.read_all");
}

/**
 * The tickets a user may see: staff see their organisation's, an end user only the tickets
 * raised with their own email. Every ticket query starts from this filter.
 */
export function visibleTickets(user: SessionUser): Prisma.TicketWhereInput {
  return isStaff(user)
    ? { organizationId: user.organizationId }
    : { organizationId: user.organizationId, customerEmail: user.email };
}

/** A ticket `findVisibleTicket` returned: the caller may see it. */
export type VisibleTicket = Awaited<ReturnType<typeof findVisibleTicket>>;

/** Loads one visible ticket or answers 404 (also for another tenant's id). */
export async function findVisibleTicket(user: SessionUser, id: string) {
  const ticket = await db.ticket.findFirst({ where: { id, ...visibleTickets(user) } });
  if (!ticket) throw notFound("Ticket not found");
  return ticket;
}
