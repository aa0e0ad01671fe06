import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { uuidv7 } from "@/lib/server/ids";
import { mailDomain, type MailMessage } from "@/lib/mail/transport";
import { replyAddress } from "@/lib/mail/inbound/addresses";
import { replyTokenSecret } from "./secret";
import { signReplyToken, threadMessageId } from "./token";

type Tx = Prisma.TransactionClient;
type ThreadTicket = { id: string; organizationId: string };

/** How many earlier Message-IDs a mail names in References (the first and the latest ones). */
const MAX_REFERENCES = 20;

export type ThreadRow = { earlier: string[]; email: string | null; displayName: string | null };

/** A support address mail to customers can be sent from: its address and display name. */
export type SendingAddress = { email: string; displayName: string };

/** Which of an organisation's support addresses mail may be sent from: active and verified. */
export const sendableAddress = (organizationId: string) =>
  Prisma.sql`"organizationId" = ${organizationId} AND "isActive" AND "verifiedAt" IS NOT NULL`;

/** The ticket's signed token and a new Message-ID that carries it. */
function newMessageId(ticket: ThreadTicket) {
  const token = signReplyToken(replyTokenSecret(), ticket.organizationId, ticket.id);
  return { token, messageId: threadMessageId(token, uuidv7(), mailDomain()) };
}

/** A Message-ID as the thread records it: without its angle brackets. */
export const recordedMessageId = (messageId: string) => messageId.slice(1, -1);

function headers(
  { token, messageId }: ReturnType<typeof newMessageId>,
  earlier: string[],
  address: SendingAddress | null,
): Partial<MailMessage> & { messageId: string } {
  const ids = earlier.map((id) => `<${id}>`);
  const references = ids.length > MAX_REFERENCES ? [ids[0]!, ...ids.slice(-(MAX_REFERENCES - 1))] : ids;
  return {
    messageId,
    ...(ids.length ? { inReplyTo: ids[ids.length - 1]!, references } : {}),
    ...(address ? { replyTo: replyAddress(address.email, token), fromName: address.displayName } : {}),
  };
}

/**
 * The headers that keep a ticket's mail one conversation in the customer's mail client: a
 * Message-ID with the ticket's signed token (recorded, so a reply naming it threads even after
 * the secret changed), In-Reply-To the latest message of the thread, References, and Reply-To
 * the support address with the token. Call inside the transaction that queues the mail.
 *
 * The mail is sent "from" the support address the ticket's first mail came in on, else the
 * organisation's first verified one; without one (replies to our mail could not reach the team)
 * no Reply-To is given. One statement records the new Message-ID and reads the earlier ones
 * (from its snapshot, so without the new one) and the address: mail is queued inside the
 * transaction of its change, whose locks every round trip there holds longer.
 */
export async function threadHeaders(tx: Tx, ticket: ThreadTicket): Promise<Partial<MailMessage>> {
  const id = newMessageId(ticket);
  const [thread] = await tx.$queryRaw<[ThreadRow]>`
    WITH recorded AS (
      INSERT INTO "TicketMessageId" ("organizationId", "ticketId", "messageId", "createdAt")
      VALUES (${ticket.organizationId}, ${ticket.id}, ${recordedMessageId(id.messageId)}, ${new Date()})
    ) ${threadSql(ticket)}`;
  return headers(id, thread.earlier, senderOf(thread));
}

/**
 * One row of what the thread's next mail names (see threadHeaders): "earlier", the recorded
 * Message-IDs oldest first, and "email" and "displayName", the address it is sent from (or nulls).
 */
export function threadSql({ organizationId, id: ticketId }: ThreadTicket): Prisma.Sql {
  return Prisma.sql`SELECT
      ARRAY(SELECT "messageId" FROM "TicketMessageId" WHERE "organizationId" = ${organizationId}
        AND "ticketId" = ${ticketId} ORDER BY "createdAt" ASC) AS "earlier",
      address."email", address."displayName"
    FROM (SELECT 1) AS one LEFT JOIN LATERAL (
      SELECT "email", "displayName" FROM "SupportEmail" WHERE ${sendableAddress(organizationId)}
      ORDER BY ("id" = (
        SELECT "supportEmailId" FROM "InboundMessage"
        WHERE "organizationId" = ${organizationId} AND "ticketId" = ${ticketId} AND "supportEmailId" IS NOT NULL
        ORDER BY "createdAt" ASC LIMIT 1
      )) DESC NULLS LAST, "createdAt" ASC LIMIT 1
    ) address ON true`;
}

const senderOf = (thread: ThreadRow): SendingAddress | null =>
  thread.email ? { email: thread.email, displayName: thread.displayName! } : null;

/**
 * The headers of the thread's next mail from `thread` as threadSql read it, for a caller whose
 * own statement records the returned Message-ID (see recordedMessageId) as it queues the mail.
 */
export function nextThreadHeaders(ticket: ThreadTicket, thread: ThreadRow) {
  return headers(newMessageId(ticket), thread.earlier, senderOf(thread));
}

/**
 * The headers of a new ticket's first mail, sent from `address` (the organisation's first
 * sendable one, read by the caller). Nothing is recorded here: the statement that writes the
 * ticket records the Message-ID (see recordedMessageId), as threadHeaders does for later mail.
 */
export function firstThreadHeaders(ticket: ThreadTicket, address: SendingAddress | null) {
  return headers(newMessageId(ticket), [], address);
}
