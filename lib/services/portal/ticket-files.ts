import "server-only";
import { badRequest, conflict, notFound } from "@/lib/errors";
import type { AttachmentSummary } from "@/lib/schemas/attachments";
import { FIRST_MESSAGE_FILES_MINUTES } from "@/lib/schemas/portal-files";
import type { PortalCustomer } from "@/lib/auth/portal-token";
import { db } from "@/lib/server/db";
import { customerOf, portalActor } from "@/lib/services/actor";
import { SUMMARY_SELECT, uploadKeyPrefix } from "@/lib/services/tickets/attachments";
import { uploadOwner } from "@/lib/services/tickets/uploads";

/**
 * The files of a portal customer's new ticket: the form sends the ticket first, then uploads its
 * files to it (an upload needs a ticket), then names them here, and they join the ticket's first
 * message as a mail's files would. Only the customer's own unsent uploads on their own ticket, and
 * only just after creating it: later files go with a reply, which the team is told of.
 */
export async function addFirstMessageFiles(
  customer: PortalCustomer,
  ticketId: string,
  attachmentIds: readonly string[],
  now = new Date(),
): Promise<AttachmentSummary[]> {
  const actor = portalActor(customer);
  const { organizationId, email } = customerOf(actor);
  const ids = [...new Set(attachmentIds)];
  return db.$transaction(async (tx) => {
    const ticket = await tx.ticket.findFirst({
      where: { id: ticketId, organizationId, customerEmail: email },
      select: { id: true, createdAt: true },
    });
    if (!ticket) throw notFound("Ticket not found");
    if (now.getTime() - ticket.createdAt.getTime() > FIRST_MESSAGE_FILES_MINUTES * 60_000)
      throw conflict("This ticket was created a while ago: send the files with a reply");
    const { count } = await tx.attachment.updateMany({
      where: {
        id: { in: ids },
        organizationId,
        ticketId,
        replyId: null,
        sent: false,
        storageKey: { startsWith: `${organizationId}/${uploadKeyPrefix(uploadOwner(actor))}` },
      },
      data: { sent: true },
    });
    if (count !== ids.length)
      throw badRequest("attachmentIds must name your own files uploaded to this ticket and not sent yet");
    return tx.attachment.findMany({
      where: { id: { in: ids } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: SUMMARY_SELECT,
    });
  });
}
