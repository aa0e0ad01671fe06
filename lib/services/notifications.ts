import "server-only";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { loggable } from "@/lib/http/server/loggable";
import { agentReplyMail, customerReplyMail, ticketCreatedMail, type TicketMailFacts } from "@/lib/mail/templates";
import { sendMail, type MailMessage } from "@/lib/mail/transport";
import { PLACEHOLDER_CUSTOMER_EMAIL } from "@/lib/tickets/fields";
import { afterResponse } from "@/lib/server/after-response";
import { takeMailQuota } from "./mail-quota";
import { ticketUrl } from "@/lib/tickets/ticket-url";

/**
 * Ticket notification emails, sent after the change has committed.
 *
 * Delivery is fire-and-forget: the facts a message needs are read in the request (one small
 * query), then the SMTP conversation runs detached, so a slow or failing mail server never
 * delays or fails the request. Every failure is logged (sendMail logs delivery errors); a
 * message lost to a crash between commit and send is accepted (no outbox) since the same
 * information is always visible in the portal and the workspace.
 */
function logFailure(what: string, error: unknown) {
  console.error(JSON.stringify({ level: "error", msg: `notification failed: ${what}`, ...loggable(error) }));
}

/**
 * Sends after the response (the one background mechanism, `afterResponse`). Mail to an address
 * the organisation chose (its customer) first takes one from the organisation's email quota;
 * mail to its own team does not.
 */
function deliver(message: MailMessage, quota?: { organizationId: string; what: string }) {
  afterResponse(message.subject, async () => {
    try {
      if (quota && !(await takeMailQuota(quota.organizationId, quota.what))) return;
      await sendMail(message);
    } catch (error) {
      logFailure(message.subject, error);
    }
  });
}

/** Runs the lookup-and-send without ever throwing into the caller. */
async function safely(what: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    logFailure(what, error);
  }
}

export function portalLink(slug: string): string {
  return `${env.appUrl}/portal?org=${encodeURIComponent(slug)}`;
}

type TicketRef = { id: string; organizationId: string };

async function ticketFacts(ref: TicketRef) {
  const ticket = await db.ticket.findFirst({
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
export function notifyTicketCreated(
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
  deliver(ticketCreatedMail(ticket.customerEmail, facts), {
    organizationId: ticket.organizationId,
    what: "ticket received",
  });
}

/** A public agent reply goes to the customer; internal notes never leave the team. */
export function notifyAgentReply(ticket: TicketRef, reply: { type: string; content: string }) {
  if (reply.type !== "public") return Promise.resolve();
  return safely("agent reply", async () => {
    const found = await ticketFacts(ticket);
    if (found?.reachable) {
      deliver(agentReplyMail(found.ticket.customerEmail, found.facts, reply.content), {
        organizationId: ticket.organizationId,
        what: "agent reply",
      });
    }
  });
}

/** A customer reply goes to the ticket's assignee (when there is an active one). */
export function notifyCustomerReply(ticket: TicketRef, reply: { content: string; authorEmail: string }) {
  return safely("customer reply", async () => {
    const found = await ticketFacts(ticket);
    const assignee = found?.ticket.assignedTo;
    if (!found || !assignee?.isActive) return;
    deliver(
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
    );
  });
}
