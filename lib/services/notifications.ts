import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { env } from "@/lib/server/env";
import { agentReplyMail, customerReplyMail, ticketCreatedMail, type TicketMailFacts } from "@/lib/mail/templates";
import { PLACEHOLDER_CUSTOMER_EMAIL } from "@/lib/tickets/fields";
import { ticketUrl } from "@/lib/tickets/ticket-url";
import { enqueueMail } from "./mail-outbox";

/**
 * Ticket notification emails, queued in the transaction of the change that causes them: a
 * rolled-back change mails nobody, a committed one always mails (even if the process dies right
 * after the commit), and the request never waits for SMTP. Mail to the customer takes one from
 * the organisation's email quota when it is sent; mail to its own team does not.
 */
type Tx = Prisma.TransactionClient;

export function portalLink(slug: string): string {
  return `${env.appUrl}/portal?org=${encodeURIComponent(slug)}`;
}

type TicketRef = { id: string; organizationId: string };

async function ticketFacts(tx: Tx, ref: TicketRef) {
  const ticket = await tx.ticket.findFirst({
    where: { id: ref.id, organizationId: ref.organizationId },
    select: {
      ticketNumber: true,
      subject: true,
      customerEmail: true,
      organization: { select: { name: true, slug: true } },
      assignedTo: { select: { email: true, isActive: true } },
    },
  });
  if (!ticket) return null;
  const facts: TicketMailFacts = {
    ticketNumber: ticket.ticketNumber,
    subject: ticket.subject,
    organizationName: ticket.organization.name,
    portalLink: portalLink(ticket.organization.slug),
  };
  return { ticket, facts, reachable: ticket.customerEmail !== PLACEHOLDER_CUSTOMER_EMAIL };
}

/**
 * A new ticket (from an agent or the portal): the customer hears that it was received. The
 * creating transaction already read everything the message needs, so this runs no query.
 */
export async function notifyTicketCreated(
  tx: Tx,
  ticket: { ticketNumber: number; subject: string; customerEmail: string; organizationId: string },
  organization: { name: string; slug: string },
) {
  if (ticket.customerEmail === PLACEHOLDER_CUSTOMER_EMAIL) return;
  const facts: TicketMailFacts = {
    ticketNumber: ticket.ticketNumber,
    subject: ticket.subject,
    organizationName: organization.name,
    portalLink: portalLink(organization.slug),
  };
  await enqueueMail(tx, ticketCreatedMail(ticket.customerEmail, facts), {
    organizationId: ticket.organizationId,
    customer: { what: "ticket received" },
  });
}

/** A public agent reply goes to the customer; internal notes never leave the team. */
export async function notifyAgentReply(tx: Tx, ticket: TicketRef, reply: { type: string; content: string }) {
  if (reply.type !== "public") return;
  const found = await ticketFacts(tx, ticket);
  if (!found?.reachable) return;
  await enqueueMail(tx, agentReplyMail(found.ticket.customerEmail, found.facts, reply.content), {
    organizationId: ticket.organizationId,
    customer: { what: "agent reply" },
  });
}

/** A customer reply goes to the ticket's assignee (when there is an active one). */
export async function notifyCustomerReply(tx: Tx, ticket: TicketRef, reply: { content: string; authorEmail: string }) {
  const found = await ticketFacts(tx, ticket);
  const assignee = found?.ticket.assignedTo;
  if (!found || !assignee?.isActive) return;
  await enqueueMail(
    tx,
    customerReplyMail(
      assignee.email,
      {
        ticketNumber: found.ticket.ticketNumber,
        subject: found.ticket.subject,
        customerEmail: reply.authorEmail,
        // The ticket itself, in the assignee's own queue.
        workspaceLink: ticketUrl(found.ticket.ticketNumber, "my-open", env.appUrl),
      },
      reply.content,
    ),
    { organizationId: ticket.organizationId },
  );
}
