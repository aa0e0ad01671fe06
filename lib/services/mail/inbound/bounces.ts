import "server-only";
import { db } from "@/lib/server/db";
import { normalizeAddress } from "@/lib/mail/inbound/addresses";
import { recordedMessageId } from "@/lib/mail/thread/outgoing";
import { bounceTokenOf } from "@/lib/mail/thread/return-path";
import { replyTokenSecret } from "@/lib/mail/thread/secret";
import { tokenId, verifyBounceToken } from "@/lib/mail/thread/token";

/** The most returned Message-IDs a report is looked up by. */
const REPORTED_IDS_MAX = 20;

/** A mail of ours that a delivery report answers: the address it went to and its ticket, if any. */
export type BouncedMail = { recipient: string; ticketId: string | null };

/**
 * The organisation whose mail a return path names (the receiver takes a report for it there), or
 * null: an address that is not one of our return paths, or whose token we did not sign.
 */
export async function returnPathOrganization(address: string): Promise<string | null> {
  const token = bounceTokenOf(address);
  const deliveryId = token ? tokenId(token) : null;
  if (!token || !deliveryId) return null;
  const delivery = await db.mailDelivery.findUnique({ where: { id: deliveryId }, select: { organizationId: true } });
  const organizationId = delivery?.organizationId;
  return organizationId && verifyBounceToken(replyTokenSecret(), organizationId, token) ? organizationId : null;
}

/**
 * The mail of this organisation's that a delivery report answers, known by the signed return
 * path it was sent to or by a Message-ID of ours in the headers it returns; null for a report
 * that answers nothing we sent (anyone can write one naming a customer's address).
 */
export async function bouncedMail(
  organizationId: string,
  report: { recipients: string[]; messageIds: string[] },
): Promise<BouncedMail | null> {
  const secret = replyTokenSecret();
  const deliveryIds = report.recipients
    .map((address) => bounceTokenOf(address))
    .map((token) => (token ? verifyBounceToken(secret, organizationId, token) : null))
    .filter((id): id is string => !!id);
  const messageIds = report.messageIds.slice(0, REPORTED_IDS_MAX).map((id) => `<${id}>`);
  if (deliveryIds.length === 0 && messageIds.length === 0) return null;
  const delivery = await db.mailDelivery.findFirst({
    where: { organizationId, OR: [{ id: { in: deliveryIds } }, { messageId: { in: messageIds } }] },
    select: { recipient: true, messageId: true },
  });
  if (!delivery) return null;
  const thread = await db.ticketMessageId.findUnique({
    where: { organizationId_messageId: { organizationId, messageId: recordedMessageId(delivery.messageId) } },
    select: { ticketId: true },
  });
  return { recipient: normalizeAddress(delivery.recipient), ticketId: thread?.ticketId ?? null };
}
