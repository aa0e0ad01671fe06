import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { badRequest, notFound } from "@/lib/errors";
import { mailFromAddress } from "@/lib/mail/transport";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { recordEvent } from "@/lib/services/audit";
import { staffAuthor } from "@/lib/services/actor";
import type { Ticket } from "@/lib/schemas/tickets";
import { lockTicket } from "@/lib/services/tickets/lock";
import { TICKET_SELECT, toTicketJson } from "@/lib/services/tickets/json";

type Tx = Prisma.TransactionClient;

/**
 * Most addresses a ticket copies in: a long thread of mail CCs stops adding at this many, so
 * no mail's Cc line (each copy counted against the organisation's email quota) grows without end.
 */
export const TICKET_CC_MAX = 20;

/**
 * Our own addresses, never copied in: mail from us to ourselves would come back as a message
 * on the ticket, and again with every reply (a loop). The organisation's support addresses and
 * the platform's sending address.
 */
export async function ownAddresses(tx: Tx | typeof db, organizationId: string): Promise<Set<string>> {
  const rows = await tx.supportEmail.findMany({ where: { organizationId }, select: { email: true } });
  return new Set([...rows.map((row) => row.email.toLowerCase()), mailFromAddress().toLowerCase()]);
}

/** The CCs a mail or reply may add: not our own addresses, not the customer (already the mail's To). */
export function outsiders(list: readonly string[], own: ReadonlySet<string>, customerEmail: string): string[] {
  const customer = customerEmail.toLowerCase();
  return [...new Set(list.map((a) => a.toLowerCase()))].filter((a) => !own.has(a) && a !== customer);
}

/** A staff list of CCs with one of our own addresses is refused, naming it. */
async function refuseOwn(tx: Tx, organizationId: string, list: readonly string[]) {
  const own = await ownAddresses(tx, organizationId);
  const ours = list.find((address) => own.has(address));
  if (ours) throw badRequest(`${ours} is one of your own support addresses and cannot be copied in`);
  return own;
}

/** Appends to the ticket's CCs the addresses it does not hold yet, up to TICKET_CC_MAX. */
export async function appendTicketCc(tx: Tx, ticket: { id: string; organizationId: string }, list: string[]) {
  if (list.length === 0) return;
  await tx.$executeRaw`
    UPDATE "Ticket" SET "cc" = ("cc" || ARRAY(
      SELECT a FROM unnest(${list}::text[]) WITH ORDINALITY AS n(a, i) WHERE a <> ALL("cc") ORDER BY i
    ))[1:${TICKET_CC_MAX}]
    WHERE "id" = ${ticket.id} AND "organizationId" = ${ticket.organizationId}
      AND NOT ("cc" @> ${list}::text[])`;
}

/**
 * A public staff reply's CCs, in its transaction: kept on the reply and added to the ticket's
 * CCs, who get this reply and every later public one. A note reaches nobody outside the team.
 */
export async function addReplyCc(
  tx: Tx,
  ticket: { id: string; organizationId: string; customerEmail: string; replyId: string; type: string },
  cc: string[],
) {
  if (ticket.type !== "public") throw badRequest("An internal note cannot be copied to anyone");
  const own = await refuseOwn(tx, ticket.organizationId, cc);
  const list = outsiders(cc, own, ticket.customerEmail);
  await tx.reply.update({ where: { id: ticket.replyId }, data: { cc: list } });
  await appendTicketCc(tx, ticket, list);
}

/**
 * Sets the ticket's CCs (an agent removing or adding people), with a history entry of who
 * changed them from what to what. Answers the ticket's list as stored.
 */
export async function setTicketCc(
  tx: Tx,
  user: SessionUser,
  ticket: { id: string; organizationId: string; customerEmail: string; cc: string[] },
  cc: string[],
): Promise<string[] | null> {
  const own = await refuseOwn(tx, ticket.organizationId, cc);
  const list = outsiders(cc, own, ticket.customerEmail).slice(0, TICKET_CC_MAX);
  if (list.length === ticket.cc.length && list.every((a, i) => a === ticket.cc[i])) return null;
  await tx.ticket.update({ where: { id: ticket.id, organizationId: ticket.organizationId }, data: { cc: list } });
  await recordEvent(tx, {
    organizationId: ticket.organizationId,
    ...staffAuthor(user),
    ticketId: ticket.id,
    action: "ticket.cc_changed",
    targetType: "ticket",
    targetId: ticket.id,
    metadata: { field: "cc", from: ticket.cc.join(", "), to: list.join(", ") },
  });
  return list;
}

/**
 * The CCs of a customer's mail that opens or answers a ticket join the ticket's CCs (never our
 * own addresses, nor the customer). Called in the transaction that writes the ticket or reply.
 */
export async function keepInboundCc(tx: Tx, ticketRef: { id: string; organizationId: string }, cc: readonly string[]) {
  if (cc.length === 0) return;
  const ticket = await tx.ticket.findFirst({
    where: ticketRef,
    select: { customerEmail: true },
  });
  if (!ticket) throw notFound("Ticket not found");
  const own = await ownAddresses(tx, ticketRef.organizationId);
  await appendTicketCc(tx, ticketRef, outsiders(cc, own, ticket.customerEmail).slice(0, TICKET_CC_MAX));
}

/**
 * PATCH /api/tickets/{id} { cc }: the ticket's CCs set by staff of its organisation, the ticket
 * row locked so two agents editing the list at once apply one after the other.
 */
export async function updateTicketCc(user: SessionUser, ticketId: string, cc: string[]): Promise<Ticket> {
  await db.$transaction(async (tx) => {
    const ticket = await lockTicket(tx, { id: ticketId, organizationId: user.organizationId });
    if (!ticket) throw notFound("Ticket not found");
    await setTicketCc(tx, user, ticket, cc);
  });
  const row = await db.ticket.findFirst({
    where: { id: ticketId, organizationId: user.organizationId },
    select: TICKET_SELECT,
  });
  if (!row) throw notFound("Ticket not found");
  return toTicketJson(row);
}
