import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { env } from "@/lib/server/env";
import { agentReplyMail, customerReplyMail, ticketCreatedMail, type TicketMailFacts } from "@/lib/mail/templates";
import { PLACEHOLDER_CUSTOMER_EMAIL } from "@/lib/tickets/fields";
import { ticketUrl } from "@/lib/tickets/ticket-url";
import {
  firstThreadHeaders,
  nextThreadHeaders,
  simpleHtml,
  threadHeaders,
  type SendingAddress,
  type ThreadRow,
} from "@/lib/mail/thread/outgoing";
import type { MailMessage } from "@/lib/mail/transport";
import { renderMarkdownText } from "@/lib/format/markdown";
import { enqueueMail, mailJob, type MailJob } from "@/lib/services/mail/outbox";

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

/** What a mail to a ticket's customer says about the ticket, and whether the customer can be mailed at all. */
export async function ticketFacts(tx: Tx, ref: TicketRef) {
  const ticket = await tx.ticket.findFirst({
    where: { id: ref.id, organizationId: ref.organizationId },
    select: {
      ticketNumber: true,
      subject: true,
      customerEmail: true,
      assignedToId: true,
      organization: { select: { name: true, slug: true } },
      assignedTo: { select: { email: true, isActive: true } },
    },
  });
  if (!ticket) return null;
  return { ticket, facts: mailFacts(ticket, ticket.organization), reachable: reachable(ticket) };
}

/** What a mail to the customer says about their ticket and its organisation. */
export function mailFacts(
  ticket: { ticketNumber: number; subject: string },
  organization: { name: string; slug: string },
): TicketMailFacts {
  return {
    ticketNumber: ticket.ticketNumber,
    subject: ticket.subject,
    organizationName: organization.name,
    portalLink: portalLink(organization.slug),
  };
}

/** Whether the ticket's customer has an address to mail. */
const reachable = (ticket: { customerEmail: string }) => ticket.customerEmail !== PLACEHOLDER_CUSTOMER_EMAIL;

/**
 * Mail to a ticket's customer is one thread in their mail client (Message-ID, In-Reply-To,
 * References, Reply-To with the ticket's signed token: see lib/mail/thread/outgoing.ts), with an
 * HTML part beside the text: the mail's own (a formatted reply), else its text as simple HTML.
 */
export async function inThread(
  tx: Tx,
  ticket: TicketRef,
  mail: MailMessage,
  autoSubmitted: MailMessage["autoSubmitted"],
) {
  return threaded(mail, await threadHeaders(tx, ticket), autoSubmitted);
}

function threaded(mail: MailMessage, headers: Partial<MailMessage>, autoSubmitted: MailMessage["autoSubmitted"]) {
  return { ...mail, html: mail.html ?? simpleHtml(mail.text), ...headers, autoSubmitted };
}

type NewTicket = { ticketNumber: number; subject: string; customerEmail: string; organizationId: string };

/** The "ticket received" mail, or null when the ticket has no customer address to mail. */
function receivedMail(ticket: NewTicket, organization: { name: string; slug: string }): MailMessage | null {
  return reachable(ticket) ? ticketCreatedMail(ticket.customerEmail, mailFacts(ticket, organization)) : null;
}

const RECEIVED = { customer: { what: "ticket received" } };

/**
 * A new ticket (from an agent, the portal or an email): the customer hears that it was
 * received, as the first mail of the ticket's thread ("auto-replied" when it answers their
 * own email). Without a ticket id (a ticket not written yet) it is a mail of its own.
 */
export async function notifyTicketCreated(
  tx: Tx,
  ticket: NewTicket & { id?: string },
  organization: { name: string; slug: string },
  opts: { answersMail?: boolean } = {},
) {
  const mail = receivedMail(ticket, organization);
  if (!mail) return;
  const autoSubmitted = opts.answersMail ? "auto-replied" : "auto-generated";
  await enqueueMail(
    tx,
    ticket.id
      ? await inThread(tx, { id: ticket.id, organizationId: ticket.organizationId }, mail, autoSubmitted)
      : mail,
    { organizationId: ticket.organizationId, ...RECEIVED },
  );
}

/**
 * The same mail's job for a ticket the caller is about to write in one statement with it (see
 * tickets/create.ts): the first of the ticket's thread, sent from `address`. That statement
 * records `messageId` for the thread and adds the job.
 */
export function ticketReceivedJob(
  ticket: NewTicket & { id: string },
  organization: { name: string; slug: string },
  address: SendingAddress | null,
): { job: MailJob; messageId: string } | null {
  const mail = receivedMail(ticket, organization);
  if (!mail) return null;
  const headers = firstThreadHeaders(ticket, address);
  const message = threaded(mail, headers, "auto-generated");
  return {
    job: mailJob(message, { organizationId: ticket.organizationId, ...RECEIVED }),
    messageId: headers.messageId,
  };
}

type AgentReply = { type: string; content: string; html: string | null };

const AGENT_REPLY = { customer: { what: "agent reply" } };

/** The mail of a public agent reply to `customerEmail`, before the thread's headers. */
function agentReplyMessage(customerEmail: string, facts: TicketMailFacts, reply: AgentReply): MailMessage {
  const body =
    reply.html === null ? { text: reply.content } : { text: renderMarkdownText(reply.content), html: reply.html };
  return agentReplyMail(customerEmail, facts, body);
}

/** A public agent reply goes to the customer, in the ticket's thread; internal notes never leave the team. */
export async function notifyAgentReply(tx: Tx, ticket: TicketRef, reply: AgentReply) {
  if (reply.type !== "public") return;
  const found = await ticketFacts(tx, ticket);
  if (!found?.reachable) return;
  const mail = agentReplyMessage(found.ticket.customerEmail, found.facts, reply);
  await enqueueMail(tx, await inThread(tx, ticket, mail, "auto-replied"), {
    organizationId: ticket.organizationId,
    ...AGENT_REPLY,
  });
}

/**
 * The same mail's job for a reply the caller writes in one statement with it (see replies/plain.ts),
 * from the thread as threadSql read it; that statement records `messageId` for the thread and adds
 * the job. Nothing for a note, or a customer without an address.
 */
export function agentReplyJob(
  ticket: TicketRef & { customerEmail: string },
  facts: TicketMailFacts,
  thread: ThreadRow,
  reply: AgentReply,
): { job: MailJob; messageId: string } | null {
  if (reply.type !== "public" || !reachable(ticket)) return null;
  const headers = nextThreadHeaders(ticket, thread);
  const message = threaded(agentReplyMessage(ticket.customerEmail, facts, reply), headers, "auto-replied");
  return {
    job: mailJob(message, { organizationId: ticket.organizationId, ...AGENT_REPLY }),
    messageId: headers.messageId,
  };
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
