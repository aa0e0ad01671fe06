import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { TicketStatus } from "@/generated/prisma/enums";
import { env } from "@/lib/server/env";
import { customerReplyMail, ruleTeamMail } from "@/lib/mail/templates";
import {
  agentReplyMail,
  teamMessageMail,
  ticketCreatedMail,
  ticketResolvedMail,
  type RatingLinks,
  type SuggestedArticle,
  type TicketMail,
  type TicketMailFacts,
} from "@/lib/mail/ticket-mails";
import { PLACEHOLDER_CUSTOMER_EMAIL } from "@/lib/tickets/fields";
import { ticketUrl } from "@/lib/tickets/ticket-url";
import {
  firstThreadHeaders,
  nextThreadHeaders,
  threadHeaders,
  type SendingAddress,
  type ThreadRow,
} from "@/lib/mail/thread/outgoing";
import type { MailMessage } from "@/lib/mail/transport";
import { renderMarkdownText } from "@/lib/format/markdown";
import { enqueueMail, mailJob, type MailJob } from "@/lib/services/mail/outbox";
import { issueRatingLinks, resolvesAgain } from "@/lib/services/satisfaction/ratings";

/**
 * Ticket notification emails, queued in the transaction of the change that causes them: a
 * rolled-back change mails nobody, a committed one always mails (even if the process dies right
 * after the commit), and the request never waits for SMTP. Mail to the customer takes one from
 * the organisation's email quota when it is sent; mail to its own team does not.
 */
type Tx = Prisma.TransactionClient;

/** The ticket itself in the customer portal, which signs the customer in first when needed. */
function portalTicketLink(slug: string, ticketNumber: number): string {
  return `${env.appUrl}/portal?org=${encodeURIComponent(slug)}&ticket=${ticketNumber}`;
}

type TicketRef = { id: string; organizationId: string };

/** What a mail to a ticket's customer says about the ticket, and whether the customer can be mailed at all. */
async function ticketFacts(tx: Tx, ref: TicketRef) {
  const ticket = await tx.ticket.findFirst({
    where: { id: ref.id, organizationId: ref.organizationId },
    select: {
      ticketNumber: true,
      subject: true,
      customerEmail: true,
      cc: true,
      assignedToId: true,
      organization: { select: { name: true, slug: true, mailSignature: true } },
      assignedTo: { select: { email: true, isActive: true } },
    },
  });
  if (!ticket) return null;
  return { ticket, facts: mailFacts(ticket, ticket.organization), reachable: reachable(ticket) };
}

type MailingOrganization = { name: string; slug: string; mailSignature?: string };

/** What a mail to the customer says about their ticket and its organisation (signed when a signature is given). */
export function mailFacts(
  ticket: { ticketNumber: number; subject: string },
  organization: MailingOrganization,
): TicketMailFacts {
  return {
    ticketNumber: ticket.ticketNumber,
    subject: ticket.subject,
    organizationName: organization.name,
    ticketLink: portalTicketLink(organization.slug, ticket.ticketNumber),
    signature: organization.mailSignature ?? "",
  };
}

/** Whether the ticket's customer has an address to mail. */
const reachable = (ticket: { customerEmail: string }) => ticket.customerEmail !== PLACEHOLDER_CUSTOMER_EMAIL;

/**
 * Mail to a ticket's customer is one thread in their mail client (Message-ID, In-Reply-To,
 * References, Reply-To with the ticket's signed token: see lib/mail/thread/outgoing.ts).
 */
async function inThread(tx: Tx, ticket: TicketRef, mail: TicketMail, autoSubmitted: MailMessage["autoSubmitted"]) {
  return threaded(mail, await threadHeaders(tx, ticket), autoSubmitted);
}

function threaded(mail: TicketMail, headers: Partial<MailMessage>, autoSubmitted: MailMessage["autoSubmitted"]) {
  return { ...mail, ...headers, autoSubmitted };
}

type NewTicket = { ticketNumber: number; subject: string; customerEmail: string; organizationId: string };

/** The "ticket received" mail (with the help center articles it offers), or null when the ticket has no customer address to mail. */
function receivedMail(
  ticket: NewTicket,
  organization: MailingOrganization,
  articles: readonly SuggestedArticle[] = [],
): TicketMail | null {
  return reachable(ticket) ? ticketCreatedMail(ticket.customerEmail, mailFacts(ticket, organization), articles) : null;
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
  opts: { answersMail?: boolean; articles?: readonly SuggestedArticle[] } = {},
) {
  const mail = receivedMail(ticket, organization, opts.articles);
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

/**
 * A reply as its mail shows it: the body and the author's name (never their address), and the
 * files sent with it (their bytes are read from storage when the mail goes out).
 */
type AgentReply = {
  type: string;
  content: string;
  html: string | null;
  authorName: string;
  files?: MailMessage["attachments"];
};

type StatusChange = { from: TicketStatus; to: TicketStatus };

const AGENT_REPLY = { customer: { what: "agent reply" } };
const RESOLVED = { customer: { what: "ticket resolved" } };

/** The mail of a public agent reply to `customerEmail`, before the thread's headers. */
function agentReplyMessage(
  customerEmail: string,
  facts: TicketMailFacts,
  reply: AgentReply,
  resolved?: RatingLinks,
  cc: readonly string[] = [],
): TicketMail {
  const body =
    reply.html === null ? { text: reply.content } : { text: renderMarkdownText(reply.content), html: reply.html };
  const mail = agentReplyMail(customerEmail, facts, { authorName: reply.authorName, ...body }, resolved);
  // The ticket's CCs are copied on every public reply; the files go with the reply that sent them.
  return {
    ...mail,
    ...(cc.length ? { cc: [...cc] } : {}),
    ...(reply.files?.length ? { attachments: reply.files } : {}),
  };
}

/**
 * What the customer hears of a staff reply and the status change written with it, queued in
 * their transaction: one mail each time. A public reply is mailed in the ticket's thread; when it
 * also resolves the ticket, that same mail says so and asks for the rating (no second mail
 * follows). An internal note never leaves the team, so its status change mails as one alone would.
 */
export async function notifyAgentReply(
  tx: Tx,
  ticket: TicketRef,
  reply: AgentReply,
  change: StatusChange | null,
  now: Date,
) {
  if (reply.type !== "public") {
    if (change) await notifyStatusChange(tx, ticket, change, now);
    return;
  }
  const found = await ticketFacts(tx, ticket);
  if (!found?.reachable) return;
  const resolved =
    change && resolvesAgain(change) ? await issueRatingLinks(tx, ticket, found.ticket.assignedToId, now) : undefined;
  const mail = agentReplyMessage(found.ticket.customerEmail, found.facts, reply, resolved, found.ticket.cc);
  await enqueueMail(tx, await inThread(tx, ticket, mail, "auto-replied"), {
    organizationId: ticket.organizationId,
    ...AGENT_REPLY,
  });
}

/**
 * Call in the transaction of every status change made without a public reply. A ticket that
 * goes from an open status to Resolved has been resolved once more: its customer hears so and is
 * asked "How did we do?", threaded like the ticket's other mail. Closing a ticket directly (spam,
 * a duplicate) or moving Resolved to Closed mails nothing; nor does a ticket without a real
 * customer address.
 */
export async function notifyStatusChange(tx: Tx, ticket: TicketRef, change: StatusChange, now: Date) {
  if (!resolvesAgain(change)) return;
  const found = await ticketFacts(tx, ticket);
  if (!found?.reachable) return;
  const links = await issueRatingLinks(tx, ticket, found.ticket.assignedToId, now);
  const mail = ticketResolvedMail(found.ticket.customerEmail, found.facts, links);
  await enqueueMail(tx, await inThread(tx, ticket, mail, "auto-generated"), {
    organizationId: ticket.organizationId,
    ...RESOLVED,
  });
}

/**
 * The same mail's job for a reply the caller writes in one statement with it (see replies/plain.ts),
 * from the thread as threadSql read it; that statement records `messageId` for the thread and adds
 * the job. Nothing for a note, or a customer without an address.
 */
export function agentReplyJob(
  ticket: TicketRef & { customerEmail: string; cc?: string[] },
  facts: TicketMailFacts,
  thread: ThreadRow,
  reply: AgentReply,
): { job: MailJob; messageId: string } | null {
  if (reply.type !== "public" || !reachable(ticket)) return null;
  const headers = nextThreadHeaders(ticket, thread);
  const message = threaded(
    agentReplyMessage(ticket.customerEmail, facts, reply, undefined, ticket.cc),
    headers,
    "auto-replied",
  );
  return {
    job: mailJob(message, { organizationId: ticket.organizationId, ...AGENT_REPLY }),
    messageId: headers.messageId,
  };
}

const TEAM_MESSAGE = { customer: { what: "rule message" } };

/**
 * A message an automation rule sends the ticket's customer, in the ticket's thread and taken from
 * the organisation's email quota like every mail to a customer; whether it was queued (not for a
 * ticket without a customer address).
 */
export async function notifyTeamMessage(tx: Tx, ticket: TicketRef, text: string): Promise<boolean> {
  const found = await ticketFacts(tx, ticket);
  if (!found?.reachable) return false;
  const mail = teamMessageMail(found.ticket.customerEmail, found.facts, text);
  await enqueueMail(tx, await inThread(tx, ticket, mail, "auto-generated"), {
    organizationId: ticket.organizationId,
    ...TEAM_MESSAGE,
  });
  return true;
}

/**
 * What a rule tells the team about a ticket, mailed to each of `to` (the team's own mail: not
 * taken from the quota).
 */
export async function notifyTeamOfRule(
  tx: Tx,
  ticket: TicketRef & { ticketNumber: number; subject: string },
  message: { rule: string; text: string; to: string[] },
) {
  const facts = {
    ticketNumber: ticket.ticketNumber,
    subject: ticket.subject,
    rule: message.rule,
    workspaceLink: ticketUrl(ticket.ticketNumber, "all-open", env.appUrl),
  };
  for (const to of message.to)
    await enqueueMail(tx, ruleTeamMail(to, facts, message.text), { organizationId: ticket.organizationId });
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
