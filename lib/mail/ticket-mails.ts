import { escapeHtml, htmlMail, textAsHtml } from "./html";
import { oneLine } from "./templates";
import type { MailMessage } from "./transport";

/**
 * The mails of a ticket's thread as its customer reads them: the "received" note, an agent's
 * reply and the "resolved" note. Each is written as a careful team writes it: a person or the
 * team by name (an organisation called "Acme Support" reads "Dana from Acme Support", never
 * "Acme Support support"), the organisation's signature closing what the team says, then the
 * rating request when the ticket is resolved, and a link to the ticket itself. Every text is
 * built once as blocks with their plain and HTML forms, so the two parts never say different
 * things; everything anyone typed is escaped in the HTML part.
 */
export type TicketMailFacts = {
  ticketNumber: number;
  subject: string;
  organizationName: string;
  /** The ticket itself in the customer portal (which asks the customer to sign in first when needed). */
  ticketLink: string;
  /** The organisation's signature, plain text with line breaks ("" for none). */
  signature: string;
};

/** A help center article the "ticket received" mail offers: its title and its page's full address. */
export type SuggestedArticle = { title: string; url: string };

/** The Good and Bad links of one resolution's "How did we do?". */
export type RatingLinks = { good: string; bad: string };

/** A mail of the thread: always with an HTML part beside its text. */
export type TicketMail = MailMessage & { html: string };

/** One part of a mail, said the same in its text and its HTML (already safe). */
type Block = { text: string; html: string };

const paragraph = (text: string): Block => ({ text, html: textAsHtml(text) });

/** The subject every mail of the ticket's thread carries; some mail clients group a conversation by it. */
const threadSubject = (t: TicketMailFacts) => `[${t.organizationName} #${t.ticketNumber}] ${oneLine(t.subject)}`;

function signature(t: TicketMailFacts): Block[] {
  return t.signature ? [{ text: t.signature, html: `<div data-signature>${textAsHtml(t.signature)}</div>` }] : [];
}

function ratingRequest(links: RatingLinks): Block {
  const button = (href: string, label: string, colour: string) =>
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 20px;margin-right:8px;border-radius:6px;background:${colour};color:#ffffff;text-decoration:none;font-weight:600">${label}</a>`;
  return {
    text: `How did we do?\nGood: ${links.good}\nBad: ${links.bad}`,
    html: `<p style="font-weight:600">How did we do?</p><p>${button(links.good, "Good", "#15803d")}${button(links.bad, "Bad", "#b91c1c")}</p>`,
  };
}

/** "<lead> in the support portal", linking to the ticket. */
function ticketLink(t: TicketMailFacts, lead: string): Block {
  return {
    text: `${lead} in the support portal:\n${t.ticketLink}`,
    html: `<p>${escapeHtml(lead)} in the <a href="${escapeHtml(t.ticketLink)}">support portal</a>.</p>`,
  };
}

function mail(to: string, subject: string, blocks: Block[]): TicketMail {
  return {
    to,
    subject,
    text: blocks.map((b) => b.text).join("\n\n"),
    html: htmlMail(blocks.map((b) => b.html).join("\n")),
  };
}

/** A message the team's automation rules send about the ticket: the team's words, signed as its own. */
export function teamMessageMail(to: string, t: TicketMailFacts, text: string): TicketMail {
  return mail(to, `Re: ${threadSubject(t)}`, [
    paragraph(`The ${t.organizationName} team about your ticket #${t.ticketNumber}:`),
    paragraph(text),
    ...signature(t),
    ticketLink(t, "View your ticket and reply"),
  ]);
}

/** Articles of the help center that may answer the request before the team does (none: no block). */
function suggestedArticles(articles: readonly SuggestedArticle[]): Block[] {
  if (articles.length === 0) return [];
  const lead = "While you wait, these articles may already answer your question:";
  return [
    {
      text: [lead, ...articles.map((a) => `- ${oneLine(a.title, 200)}\n  ${a.url}`)].join("\n"),
      html: `<p>${escapeHtml(lead)}</p><ul data-suggested-articles>${articles
        .map((a) => `<li><a href="${escapeHtml(a.url)}">${escapeHtml(oneLine(a.title, 200))}</a></li>`)
        .join("")}</ul>`,
    },
  ];
}

export function ticketCreatedMail(
  to: string,
  t: TicketMailFacts,
  articles: readonly SuggestedArticle[] = [],
): TicketMail {
  return mail(to, threadSubject(t), [
    paragraph(
      `We've received your request "${oneLine(t.subject, 200)}" and opened ticket #${t.ticketNumber}. Our team will get back to you soon.`,
    ),
    ...suggestedArticles(articles),
    ticketLink(t, "Follow it and reply"),
  ]);
}

/**
 * An agent's public reply, named for its author. A formatted reply brings its sanitized HTML
 * (lib/format/markdown.ts), placed unchanged between our own escaped parts, and its plain-text
 * rendering for the text part; a plain one is its text in both. A reply that also resolves the
 * ticket says so and carries the rating request: the customer gets one mail, not two.
 */
export function agentReplyMail(
  to: string,
  t: TicketMailFacts,
  reply: { authorName: string; text: string; html?: string },
  resolved?: RatingLinks,
): TicketMail {
  const done = resolved ? " and marked it resolved" : "";
  return mail(to, `Re: ${threadSubject(t)}`, [
    paragraph(`${reply.authorName} from ${t.organizationName} replied to your ticket #${t.ticketNumber}${done}:`),
    { text: reply.text, html: `<div data-reply>${reply.html ?? textAsHtml(reply.text)}</div>` },
    ...signature(t),
    ...(resolved ? [ratingRequest(resolved)] : []),
    ticketLink(t, resolved ? "If something is still not right, reply" : "View your ticket and reply"),
  ]);
}

/** The ticket was resolved without a reply: the customer hears so and is asked "How did we do?". */
export function ticketResolvedMail(to: string, t: TicketMailFacts, links: RatingLinks): TicketMail {
  return mail(to, `Re: ${threadSubject(t)}`, [
    paragraph(
      `Your ticket #${t.ticketNumber} "${oneLine(t.subject, 200)}" has been resolved by the ${t.organizationName} team.`,
    ),
    ...signature(t),
    ratingRequest(links),
    ticketLink(t, "If something is still not right, reply"),
  ]);
}
