import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { notFound } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import { scopeSql } from "@/lib/services/tickets/scope-sql.mjs";

/** Staff work every ticket of their organisation; an end user only their own. */
export function isStaff(user: SessionUser): boolean {
  return can(user, "tickets.read_all");
}

/** Which tickets a user may see: the organisation's, and for an end user only those raised with their email. */
export type TicketScope = { organizationId: string; customerEmail: string | null };

/**
 * The rule itself, stated once: staff see their organisation's tickets, an end user only the
 * tickets raised with their own email. Every ticket query starts from one of its forms below
 * (or, for the ticket pane's statement, from the scope itself); tests/integration/tickets/
 * visibility.test.ts checks that the forms agree.
 */
export function ticketScope(user: SessionUser): TicketScope {
  return { organizationId: user.organizationId, customerEmail: isStaff(user) ? null : user.email };
}

/** The tickets a user may see, as a Prisma filter. */
export function visibleTickets(user: SessionUser): Prisma.TicketWhereInput {
  return scopeFilter(ticketScope(user));
}

/**
 * A scope as a Prisma filter. The customer portal's token scopes its customer the way an end
 * user's session does (their organisation, their email), so it states its scope and filters here.
 */
export function scopeFilter({ organizationId, customerEmail }: TicketScope): Prisma.TicketWhereInput {
  return customerEmail === null ? { organizationId } : { organizationId, customerEmail };
}

/** The tickets a user may see, as a SQL condition on "Ticket" (or on `table`, an alias of it). */
export function visibleSql(user: SessionUser, table?: string): Prisma.Sql {
  const { strings, values } = scopeSql(ticketScope(user), table);
  return new Prisma.Sql(strings, values);
}

/** A ticket `findVisibleTicket` returned: the caller may see it. */
export type VisibleTicket = Awaited<ReturnType<typeof findVisibleTicket>>;

/** Loads one visible ticket or answers 404 (also for another tenant's id). */
export async function findVisibleTicket(user: SessionUser, id: string) {
  const ticket = await db.ticket.findFirst({ where: { id, ...visibleTickets(user) } });
  if (!ticket) throw notFound("Ticket not found");
  return ticket;
}
