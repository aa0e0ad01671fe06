import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { badRequest, notFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { TicketRelations } from "@/lib/schemas/ticket-merge";
import { db } from "@/lib/server/db";
import { recordEvent } from "@/lib/services/audit";
import { staffAuthor } from "@/lib/services/actor";
import { assertMayMerge } from "@/lib/services/tickets/merge";
import { ticketRelations } from "@/lib/services/tickets/pane";

type Tx = Prisma.TransactionClient;

/** One row per pair, the smaller id first: a link is the same whichever ticket it was made from. */
const pair = (a: string, b: string) =>
  a < b ? { ticketId: a, linkedTicketId: b } : { ticketId: b, linkedTicketId: a };

async function bothTickets(tx: Tx, user: SessionUser, id: string, otherId: string) {
  if (id === otherId) throw badRequest("A ticket cannot be linked to itself");
  const rows = await tx.ticket.findMany({
    where: { organizationId: user.organizationId, id: { in: [id, otherId] } },
    select: { id: true, ticketNumber: true },
  });
  const ticket = rows.find((r) => r.id === id);
  const other = rows.find((r) => r.id === otherId);
  if (!ticket || !other) throw notFound("Ticket not found");
  return { ticket, other };
}

async function recordLinkEvents(
  tx: Tx,
  user: SessionUser,
  action: "ticket.linked" | "ticket.unlinked",
  tickets: { id: string; ticketNumber: number }[],
) {
  for (const [self, other] of [tickets, [...tickets].reverse()])
    await recordEvent(tx, {
      organizationId: user.organizationId,
      ...staffAuthor(user),
      action,
      targetType: "ticket",
      targetId: self!.id,
      ticketId: self!.id,
      metadata: { ticketNumber: other!.ticketNumber, ticketId: other!.id },
    });
}

/** Marks two tickets of the organisation as related ("same outage"); linking them again changes nothing. */
export async function linkTickets(user: SessionUser, id: string, otherId: string): Promise<TicketRelations> {
  assertMayMerge(user);
  await db.$transaction(async (tx) => {
    const { ticket, other } = await bothTickets(tx, user, id, otherId);
    const { count } = await tx.ticketLink.createMany({
      data: [
        { organizationId: user.organizationId, ...pair(id, otherId), createdById: user.apiToken ? null : user.id },
      ],
      skipDuplicates: true,
    });
    if (count > 0) await recordLinkEvents(tx, user, "ticket.linked", [ticket, other]);
  });
  return ticketRelations(user, id);
}

/** Takes the link between two tickets away (nothing to do when there is none). */
export async function unlinkTickets(user: SessionUser, id: string, otherId: string): Promise<void> {
  assertMayMerge(user);
  await db.$transaction(async (tx) => {
    const { ticket, other } = await bothTickets(tx, user, id, otherId);
    const { count } = await tx.ticketLink.deleteMany({
      where: { organizationId: user.organizationId, ...pair(id, otherId) },
    });
    if (count > 0) await recordLinkEvents(tx, user, "ticket.unlinked", [ticket, other]);
  });
}
