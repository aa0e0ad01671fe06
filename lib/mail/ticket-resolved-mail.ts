import type { MailMessage } from "./transport";
import { htmlMail, escapeHtml } from "./html";
import { oneLine, type TicketMailFacts } from "./templates";

export type RatingLinks = { good: string; bad: string };

/**
 * The customer hears that their ticket was resolved and is asked "How did we do?". The
 * plain-text part carries both links written out; the HTML part shows them as two buttons.
 * Everything the customer or the team typed is escaped (the subject is theirs). The subject
 * is the thread's ("Re: ..."), since some mail clients group a conversation by subject too.
 */
export function ticketResolvedMail(to: string, t: TicketMailFacts, links: RatingLinks): MailMessage {
  const subject = oneLine(t.subject);
  const text = [
    `Your ticket #${t.ticketNumber} "${oneLine(t.subject, 200)}" has been resolved by ${t.organizationName} support.`,
    `How did we do?\nGood: ${links.good}\nBad: ${links.bad}`,
    `If something is still not right, reply in the support portal (you'll get a one-time code by email):\n${t.portalLink}`,
  ].join("\n\n");
  const button = (href: string, label: string, colour: string) =>
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 20px;margin-right:8px;border-radius:6px;background:${colour};color:#ffffff;text-decoration:none;font-weight:600">${label}</a>`;
  const html = htmlMail(`
<p>Your ticket #${t.ticketNumber} &quot;${escapeHtml(oneLine(t.subject, 200))}&quot; has been resolved by ${escapeHtml(t.organizationName)} support.</p>
<p style="font-weight:600">How did we do?</p>
<p>${button(links.good, "Good", "#15803d")}${button(links.bad, "Bad", "#b91c1c")}</p>
<p>If something is still not right, reply in the <a href="${escapeHtml(t.portalLink)}">support portal</a>.</p>
`);
  return { to, subject: `Re: [${t.organizationName} #${t.ticketNumber}] ${subject}`, text, html };
}
