import "server-only";
import type { SessionUser } from "@/lib/schemas/session-user";
import { forbidden } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import { db } from "@/lib/server/db";
import { recordEvent } from "@/lib/services/audit";
import { findVisibleTicket } from "@/lib/services/tickets/access";

/**
 * Clears the notice that mail to the ticket's customer bounced (the agent checked the address,
 * or the customer answered another way), on every ticket of that customer, and says so in this
 * ticket's history. Clearing a notice already gone changes nothing.
 */
export async function clearBounceNotice(user: SessionUser, ticketId: string): Promise<void> {
  if (!can(user, "tickets.update")) throw forbidden();
  const ticket = await findVisibleTicket(user, ticketId);
  await db.$transaction(async (tx) => {
    const { count } = await tx.mailAddressFailure.deleteMany({
      where: { organizationId: user.organizationId, email: ticket.customerEmail },
    });
    if (count === 0) return;
    await recordEvent(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      actorLabel: user.fullName,
      action: "ticket.mail_bounce_cleared",
      targetType: "ticket",
      targetId: ticket.id,
      ticketId: ticket.id,
      metadata: { email: ticket.customerEmail },
    });
  });
}
