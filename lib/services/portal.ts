import "server-only";
import type { PortalCustomer } from "@/lib/auth/portal-token";
import { db } from "@/lib/server/db";
import { conflict, notFound } from "@/lib/errors";
import type { PortalReplyInput, PortalTicket, PortalTicketInput } from "@/lib/schemas/portal";
import type { Reply } from "@/lib/schemas/tickets";
import { recordEvent } from "./audit";
import { notifyCustomerReply } from "./notifications";
import { REPLY_SELECT } from "./replies";
import { createTicket } from "./tickets";
import { DONE_STATUSES } from "@/lib/tickets/fields";

/**
 * What a customer sees of a ticket: no assignee, SLA clocks or category. Every query is
 * scoped to the token's organisation AND email, so any other ticket is a plain 404.
 */
const PORTAL_TICKET_SELECT = {
  id: true,
  ticketNumber: true,
  subject: true,
  description: true,
  priority: true,
  status: true,
  customerName: true,
  customerEmail: true,
  organizationId: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** The portal list is not paged: the newest this many tickets of one customer. */
export const PORTAL_LIST_LIMIT = 200;

const own = (c: PortalCustomer) => ({ organizationId: c.organizationId, customerEmail: c.email });

export function listPortalTickets(c: PortalCustomer): Promise<PortalTicket[]> {
  return db.ticket.findMany({ where: own(c), select: PORTAL_TICKET_SELECT, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: PORTAL_LIST_LIMIT });
}

async function findOwnTicket(c: PortalCustomer, id: string): Promise<PortalTicket> {
  const ticket = await db.ticket.findFirst({ where: { id, ...own(c) }, select: PORTAL_TICKET_SELECT });
  if (!ticket) throw notFound("Ticket not found");
  return ticket;
}

export const getPortalTicket = findOwnTicket;

/** Spec §7: the customer's name is the part of the email before the at-sign. */
export async function createPortalTicket(c: PortalCustomer, input: PortalTicketInput): Promise<PortalTicket> {
  const created = await createTicket(null, c.organizationId, {
    subject: input.subject,
    description: input.description,
    priority: "medium",
    status: "open",
    customerName: c.email.split("@")[0]!.slice(0, 100),
    customerEmail: c.email,
  });
  return findOwnTicket(c, created.id);
}

/** The conversation a customer sees: public replies only; internal notes never leave the server. */
export async function listPortalReplies(c: PortalCustomer, ticketId: string): Promise<Reply[]> {
  await findOwnTicket(c, ticketId);
  return db.reply.findMany({
    where: { organizationId: c.organizationId, ticketId, type: "public" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: REPLY_SELECT,
  });
}

/**
 * A customer reply: public, authored by the token's email. Refused once the ticket is
 * resolved or closed (the customer opens a new one); a pending ticket goes back to open.
 * The assignee is told by email after the commit.
 */
export async function createPortalReply(c: PortalCustomer, input: PortalReplyInput, now = new Date()): Promise<Reply> {
  const ticket = await findOwnTicket(c, input.ticketId);
  if (DONE_STATUSES.includes(ticket.status)) throw conflict(`This ticket has been ${ticket.status}. Please create a new ticket.`);

  const reply = await db.$transaction(async (tx) => {
    const created = await tx.reply.create({
      data: { organizationId: c.organizationId, ticketId: ticket.id, content: input.content, type: "public", authorType: "customer", authorEmail: c.email, authorId: null, createdAt: now },
      select: REPLY_SELECT,
    });
    // Conditional updates decide on the row as it is now: a concurrent resolve wins (the reply
    // is refused), and only a ticket still pending is reopened.
    const where = { id: ticket.id, organizationId: c.organizationId };
    const touched = await tx.ticket.updateMany({ where: { ...where, status: { notIn: DONE_STATUSES } }, data: { updatedAt: now } });
    if (touched.count !== 1) throw conflict("This ticket has been closed. Please create a new ticket.");
    const reopened = await tx.ticket.updateMany({ where: { ...where, status: "pending" }, data: { status: "open" } });
    const actor = { organizationId: c.organizationId, actorType: "customer" as const, actorLabel: c.email, ticketId: ticket.id };
    await recordEvent(tx, { ...actor, action: "ticket.replied", targetType: "reply", targetId: created.id });
    if (reopened.count === 1) {
      await recordEvent(tx, { ...actor, action: "ticket.status_changed", targetType: "ticket", targetId: ticket.id, metadata: { field: "status", from: "pending", to: "open" } });
    }
    return created;
  });
  await notifyCustomerReply({ id: ticket.id, organizationId: c.organizationId }, reply);
  return reply;
}
