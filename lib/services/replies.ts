import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/server/db";
import { badRequest } from "@/lib/errors";
import type { CreateReplyInput, Reply } from "@/lib/schemas/tickets";
import { recordEvent } from "./audit";
import { notifyAgentReply, notifyCustomerReply } from "./notifications";
import { findVisibleTicket, isStaff } from "./ticket-access";
import { DONE_STATUSES } from "@/lib/tickets/fields";
import { slaRiskAt } from "@/lib/tickets/sla";

export const REPLY_SELECT = { id: true, ticketId: true, content: true, type: true, authorType: true, authorEmail: true, createdAt: true } as const;

/** The conversation in order; internal notes only for staff. */
export async function listReplies(user: SessionUser, ticketId: string): Promise<Reply[]> {
  await findVisibleTicket(user, ticketId);
  return db.reply.findMany({
    where: { organizationId: user.organizationId, ticketId, ...(isStaff(user) ? {} : { type: "public" as const }) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: REPLY_SELECT,
  });
}

/**
 * Staff reply as agents (public or internal); an end user replies publicly as the customer.
 * The first public agent reply records the first response; a customer reply reopens a
 * pending ticket and is refused once the ticket is resolved or closed.
 */
export async function createReply(user: SessionUser, input: CreateReplyInput, now = new Date()): Promise<Reply> {
  const ticket = await findVisibleTicket(user, input.ticketId);
  const staff = isStaff(user);
  const type = staff ? input.type : "public";
  if (!staff && DONE_STATUSES.includes(ticket.status)) throw badRequest(`This ticket has been ${ticket.status}. Please create a new ticket.`);

  const firstResponse = staff && type === "public" && !ticket.firstRespondedAt;
  const reply = await db.$transaction(async (tx) => {
    const reply = await tx.reply.create({
      data: {
        organizationId: user.organizationId,
        ticketId: ticket.id,
        content: input.content,
        type,
        authorType: staff ? "agent" : "customer",
        authorEmail: user.email,
        authorId: user.id,
        createdAt: now,
      },
      select: REPLY_SELECT,
    });
    await tx.ticket.update({
      where: { id: ticket.id, organizationId: user.organizationId },
      data: {
        updatedAt: now,
        ...(firstResponse ? { firstRespondedAt: now, slaRiskAt: slaRiskAt({ ...ticket, firstRespondedAt: now }) } : {}),
        ...(!staff && ticket.status === "pending" ? { status: "open" as const } : {}),
      },
    });
    await recordEvent(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      actorLabel: user.fullName,
      action: type === "internal" ? "ticket.note_added" : "ticket.replied",
      targetType: "reply",
      targetId: reply.id,
      ticketId: ticket.id,
    });
    return reply;
  });
  // After the commit: a public agent reply is mailed to the customer, a customer reply to the assignee.
  if (staff) await notifyAgentReply(ticket, reply);
  else await notifyCustomerReply(ticket, reply);
  return reply;
}
