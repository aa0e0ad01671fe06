import "server-only";
import { badRequest, conflict, notFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { SplitTicketInput } from "@/lib/schemas/ticket-merge";
import type { Ticket } from "@/lib/schemas/tickets";
import { db } from "@/lib/server/db";
import { recordEvent } from "@/lib/services/audit";
import { staffAuthor } from "@/lib/services/actor";
import { createTicket } from "@/lib/services/tickets/create";
import { assertMayMerge } from "@/lib/services/tickets/merge";
import { runUpdateRules } from "@/lib/services/tickets/update";

const SUBJECT_MAX = 200;
const DESCRIPTION_MAX = 20_000;
const SUFFIX = " (split)";

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** "<old subject> (split)", shortened so that the whole still fits a subject. */
export const splitSubject = (subject: string) => `${clip(subject, SUBJECT_MAX - SUFFIX.length)}${SUFFIX}`;

/**
 * One mail, two questions: a customer's message of the ticket becomes a ticket of its own, of the
 * same customer and priority, the message its description and the message's files its files. The
 * message leaves the old ticket (it is the new one's now), and both histories say so. Only a
 * customer's public message splits (an agent's reply or a note is not a request). The new ticket
 * is created as the team creates any ticket (its number, SLA, rules, the plan's allowance), and the
 * message is taken in that same transaction: of two agents splitting it at once, one gets a 409.
 */
export async function splitTicket(user: SessionUser, ticketId: string, input: SplitTicketInput, now = new Date()) {
  assertMayMerge(user);
  const { organizationId } = user;
  const ticket = await db.ticket.findFirst({ where: { id: ticketId, organizationId } });
  if (!ticket) throw notFound("Ticket not found");
  const reply = await db.reply.findFirst({ where: { id: input.replyId, ticketId, organizationId } });
  if (!reply) throw notFound("Message not found");
  if (reply.type !== "public" || reply.authorType !== "customer")
    throw badRequest("Only a customer's message can be split into a new ticket");

  const created: Ticket = await createTicket(
    { kind: "staff", user },
    {
      subject: input.subject ?? splitSubject(ticket.subject),
      description: clip(reply.content, DESCRIPTION_MAX),
      priority: ticket.priority,
      status: "open",
      customerName: ticket.customerName,
      customerEmail: ticket.customerEmail,
      assignedTo: null,
    },
    now,
    // Instead of the "ticket received" mail: the customer wrote this message already.
    async (tx, fresh) => {
      await tx.$queryRaw`SELECT 1 FROM "Ticket" WHERE "id" = ${ticketId} AND "organizationId" = ${organizationId} FOR UPDATE`;
      const still = await tx.reply.findFirst({
        where: { id: reply.id, ticketId, organizationId },
        select: { id: true },
      });
      if (!still) throw conflict("This message was moved or split already");
      // Its files move first, as the new ticket's own (deleting the message would delete them).
      await tx.attachment.updateMany({
        where: { organizationId, replyId: reply.id },
        data: { ticketId: fresh.id, replyId: null },
      });
      await tx.reply.delete({ where: { id: reply.id } });
      const author = staffAuthor(user);
      await recordEvent(tx, {
        organizationId,
        ...author,
        action: "ticket.split",
        targetType: "ticket",
        targetId: ticketId,
        ticketId,
        metadata: { ticketNumber: fresh.ticketNumber, ticketId: fresh.id },
      });
      await recordEvent(tx, {
        organizationId,
        ...author,
        action: "ticket.split_from",
        targetType: "ticket",
        targetId: fresh.id,
        ticketId: fresh.id,
        metadata: { ticketNumber: ticket.ticketNumber, ticketId },
      });
      await runUpdateRules(tx, organizationId, ticketId, now);
    },
  );
  return created;
}
