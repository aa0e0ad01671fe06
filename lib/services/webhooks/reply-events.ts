import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { WithAttachments } from "@/lib/schemas/attachments";
import type { StaffReply } from "@/lib/schemas/tickets";
import { authorNameOf, REPLY_SELECT } from "@/lib/services/replies/staff-reply";
import { toReply } from "@/lib/services/replies/body";
import { SUMMARY_SELECT } from "@/lib/services/tickets/attachments";
import { enqueueWebhookEvent } from "./enqueue";
import { subscribedEndpoints } from "./subscribers";

type Tx = Prisma.TransactionClient;

/**
 * The reply as the API's conversation lists it (`GET /api/v1/tickets/{id}/replies`), read in the
 * transaction that wrote it: its author by display name, its files. Whoever wrote it, customer
 * or rule, it goes out in this one shape, so an event carries nothing the API would not show.
 */
async function apiReplyIn(tx: Tx, organizationId: string, replyId: string) {
  const row = await tx.reply.findFirst({
    where: { id: replyId, organizationId },
    select: { ...REPLY_SELECT, author: { select: { fullName: true } }, ticket: { select: { customerName: true } } },
  });
  if (!row) return null;
  const { author, ticket, ...reply } = row;
  const attachments = await tx.attachment.findMany({
    where: { organizationId, replyId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: SUMMARY_SELECT,
  });
  const shown: WithAttachments<StaffReply> = {
    ...toReply(reply),
    authorName: authorNameOf(reply.authorType, ticket.customerName, author?.fullName),
    attachments,
  };
  return shown;
}

/**
 * A message was added to a ticket (a public reply, the team's or the customer's, or an internal
 * note, `type` telling which): `reply.created` with the reply as the API returns it, in the
 * transaction that wrote it, once its files are written too. Nothing is read when no endpoint
 * hears the event.
 */
export async function enqueueReplyCreated(
  tx: Tx,
  reply: { organizationId: string; ticketId: string; id: string },
): Promise<void> {
  if ((await subscribedEndpoints(reply.organizationId, "reply.created", tx)).length === 0) return;
  const data = await apiReplyIn(tx, reply.organizationId, reply.id);
  if (data)
    await enqueueWebhookEvent(tx, {
      organizationId: reply.organizationId,
      type: "reply.created",
      data,
      ticketId: reply.ticketId,
    });
}
