import "server-only";
import { db } from "@/lib/server/db";
import { replyTokenSecret } from "@/lib/mail/thread/secret";
import { tokensInMessageIds, verifyReplyToken } from "@/lib/mail/thread/token";
import { splitReplyAddress } from "@/lib/mail/inbound/addresses";

export type ThreadClues = {
  organizationId: string;
  /** The envelope recipients (a reply address carries the token in its local part). */
  recipients: string[];
  inReplyTo: string[];
  references: string[];
  subject: string;
  sender: string | null;
};

export type ThreadMatch = { ticketId: string; by: "token" | "message_id" | "subject" };

async function ticketInOrganization(organizationId: string, ticketId: string) {
  const found = await db.ticket.findFirst({ where: { id: ticketId, organizationId }, select: { id: true } });
  return found?.id ?? null;
}

/**
 * Where a ticket's mail goes now: a ticket merged into another hands its thread on (a merge
 * repoints earlier merges, so one step is the rule; a few are followed for safety).
 */
async function survivorOf(organizationId: string, ticketId: string): Promise<string> {
  let id = ticketId;
  for (let hop = 0; hop < 5; hop++) {
    const row = await db.ticket.findFirst({ where: { id, organizationId }, select: { mergedIntoId: true } });
    if (!row?.mergedIntoId) return id;
    id = row.mergedIntoId;
  }
  return id;
}

/** findThread, with a merged ticket's mail landing on the ticket it was merged into. */
export async function findThread(clues: ThreadClues): Promise<ThreadMatch | null> {
  const match = await findThreadedTicket(clues);
  return match && { ...match, ticketId: await survivorOf(clues.organizationId, match.ticketId) };
}

/**
 * Which existing ticket a mail answers, in this order: (a) a reply token signed for this
 * organisation (in the address it was sent to or in a Message-ID it answers); (b) a stored
 * Message-ID of one of this organisation's tickets; (c) a ticket number in the subject, only
 * when the sender is that ticket's customer. No match: null (a new ticket).
 */
async function findThreadedTicket(clues: ThreadClues): Promise<ThreadMatch | null> {
  const secret = replyTokenSecret();
  const answered = [...clues.inReplyTo, ...[...clues.references].reverse()];
  const tokens = [
    ...clues.recipients.map((r) => splitReplyAddress(r).token).filter((t): t is string => !!t),
    ...tokensInMessageIds(answered),
  ];
  for (const token of new Set(tokens)) {
    const ticketId = verifyReplyToken(secret, clues.organizationId, token);
    if (ticketId && (await ticketInOrganization(clues.organizationId, ticketId))) return { ticketId, by: "token" };
  }

  if (answered.length) {
    const known = await db.ticketMessageId.findMany({
      where: { organizationId: clues.organizationId, messageId: { in: answered.slice(0, 100) } },
      select: { messageId: true, ticketId: true },
    });
    for (const id of answered) {
      const hit = known.find((row) => row.messageId === id);
      if (hit) return { ticketId: hit.ticketId, by: "message_id" };
    }
  }

  const number = /#(\d{1,9})\b/.exec(clues.subject)?.[1];
  if (number && clues.sender) {
    const ticket = await db.ticket.findFirst({
      where: { organizationId: clues.organizationId, ticketNumber: Number(number), customerEmail: clues.sender },
      select: { id: true },
    });
    if (ticket) return { ticketId: ticket.id, by: "subject" };
  }
  return null;
}
