import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { uuidv7 } from "@/lib/server/ids";
import { mailDomain, type MailMessage } from "@/lib/mail/transport";
import { replyAddress } from "@/lib/mail/inbound/addresses";
import { htmlMail, textAsHtml } from "@/lib/mail/html";
import { replyTokenSecret } from "./secret";
import { signReplyToken, threadMessageId } from "./token";

type Tx = Prisma.TransactionClient;
type ThreadTicket = { id: string; organizationId: string };

/** How many earlier Message-IDs a mail names in References (the first and the latest ones). */
const MAX_REFERENCES = 20;

/**
 * The support address a ticket's mail is sent "from": the one its first mail came in on, else
 * the organisation's first verified one; null when the organisation has none (replies to our
 * mail could not reach it, so no Reply-To is given).
 */
async function threadAddress(tx: Tx, ticket: ThreadTicket) {
  const first = await tx.inboundMessage.findFirst({
    where: { organizationId: ticket.organizationId, ticketId: ticket.id, supportEmailId: { not: null } },
    orderBy: { createdAt: "asc" },
    select: { supportEmailId: true },
  });
  const usable = { organizationId: ticket.organizationId, isActive: true, verifiedAt: { not: null } };
  const select = { email: true, displayName: true } as const;
  const cameIn = first?.supportEmailId
    ? await tx.supportEmail.findFirst({ where: { id: first.supportEmailId, ...usable }, select })
    : null;
  return cameIn ?? tx.supportEmail.findFirst({ where: usable, orderBy: { createdAt: "asc" }, select });
}

/**
 * The headers that keep a ticket's mail one conversation in the customer's mail client: a
 * Message-ID with the ticket's signed token (recorded, so a reply naming it threads even after
 * the secret changed), In-Reply-To the latest message of the thread, References, and Reply-To
 * the support address with the token. Call inside the transaction that queues the mail.
 */
export async function threadHeaders(tx: Tx, ticket: ThreadTicket): Promise<Partial<MailMessage>> {
  const token = signReplyToken(replyTokenSecret(), ticket.organizationId, ticket.id);
  const messageId = threadMessageId(token, uuidv7(), mailDomain());
  const earlier = await tx.ticketMessageId.findMany({
    where: { organizationId: ticket.organizationId, ticketId: ticket.id },
    orderBy: { createdAt: "asc" },
    select: { messageId: true },
  });
  const ids = earlier.map((row) => `<${row.messageId}>`);
  const references = ids.length > MAX_REFERENCES ? [ids[0]!, ...ids.slice(-(MAX_REFERENCES - 1))] : ids;
  await tx.ticketMessageId.create({
    data: { organizationId: ticket.organizationId, ticketId: ticket.id, messageId: messageId.slice(1, -1) },
  });
  const address = await threadAddress(tx, ticket);
  return {
    messageId,
    ...(ids.length ? { inReplyTo: ids[ids.length - 1]!, references } : {}),
    ...(address ? { replyTo: replyAddress(address.email, token), fromName: address.displayName } : {}),
  };
}

/** Text as simple HTML: everything escaped, paragraphs and line breaks kept, links left as text. */
export function simpleHtml(text: string): string {
  return htmlMail(textAsHtml(text));
}
