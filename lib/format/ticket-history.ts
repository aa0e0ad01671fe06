import { PRIORITY_LABELS, STATUS_LABELS } from "@/lib/tickets/fields";
import { SCORE_LABELS } from "@/lib/satisfaction/rating-link";

/** What the history needs of an event (as the API sends it). */
export type HistoryEvent = { action: string; actorType: string; actorLabel: string | null; metadata: unknown };

type Change = {
  from?: string | null;
  to?: string | null;
  ticketNumber?: number;
  /** The tickets merged into this one. */
  ticketNumbers?: number[];
  email?: string;
  kind?: string;
  /** The macro whose field changes these were, applied with a reply. */
  macro?: string;
  /** The automation rule that made the change. */
  rule?: string;
  score?: string;
  tag?: string;
  /** A group change names the groups as they were called then (a group can be renamed or deleted). */
  fromName?: string | null;
  toName?: string | null;
  groupDeleted?: boolean;
  /** The SLA policy a new ticket started under. */
  slaPolicy?: string;
  passes?: number;
  /** An automatic assignment names the group and its mode: "by Billing's round robin". */
  assignment?: string;
  groupName?: string;
  /** A custom field's change names the field as it was labelled then (it can be renamed or deleted). */
  label?: string;
};

/** How a group's mode reads after "by Billing's". */
const ASSIGNMENT_NAMES: Record<string, string> = { round_robin: "round robin", balanced: "balanced assignment" };

/** How the history and the activity log name a rule that acted: "Rule 'Refunds to Billing'". */
export const ruleLabel = (name: string) => `Rule '${name}'`;
/** An API token as the one who acted: its name, marked as the API ("CRM sync (API)"). */
export const apiLabel = (name: string) => `${name} (API)`;

const label = (labels: Record<string, string>, v: string | null | undefined) => (v ? (labels[v] ?? v) : "none");

/**
 * Who did it, named as everywhere else in the thread: an agent by full name, the customer by
 * the name the ticket knows them by (a portal event records only their address), an
 * integration by its token's name.
 */
export function historyActor(e: HistoryEvent, customerName: string): string {
  if (e.actorType === "customer") return customerName;
  const { rule } = changeOf(e);
  if (e.actorType === "system" && typeof rule === "string" && rule) return ruleLabel(rule);
  if (e.actorType === "system") return "Ticketry";
  if (e.actorType === "api") return apiLabel(e.actorLabel ?? "An API token");
  return e.actorLabel ?? "A former team member";
}

const changeOf = (e: HistoryEvent) =>
  (e.metadata && typeof e.metadata === "object" && !Array.isArray(e.metadata) ? e.metadata : {}) as Change;

/**
 * One ticket event as a sentence: "Alex changed the status from Open to In Progress", plus the
 * macro it came from: "... with the macro "Refund issued"".
 */
export function historySentence(e: HistoryEvent, names: ReadonlyMap<string, string>, customerName: string): string {
  const { macro } = changeOf(e);
  const sentence = eventSentence(e, names, customerName);
  return typeof macro === "string" && macro ? `${sentence} with the macro "${macro}"` : sentence;
}

function eventSentence(e: HistoryEvent, names: ReadonlyMap<string, string>, customerName: string): string {
  const who = historyActor(e, customerName);
  const m = changeOf(e);
  switch (e.action) {
    case "ticket.created":
      return m.slaPolicy
        ? `${who} created the ticket, under the SLA policy ${m.slaPolicy}`
        : `${who} created the ticket`;
    case "ticket.sla_policy_changed":
      return m.toName
        ? `${who} applied the SLA policy ${m.toName}, which now matches the ticket`
        : `${who} applied the default SLA targets: no SLA policy matches the ticket now`;
    // A rule's change reads as what the rule does: "Rule 'Refunds to Billing' set the priority to High".
    case "ticket.status_changed":
      if (m.rule) return `${who} set the status to ${label(STATUS_LABELS, m.to)}`;
      return `${who} changed the status from ${label(STATUS_LABELS, m.from)} to ${label(STATUS_LABELS, m.to)}`;
    case "ticket.priority_changed":
      if (m.rule) return `${who} set the priority to ${label(PRIORITY_LABELS, m.to)}`;
      return `${who} changed the priority from ${label(PRIORITY_LABELS, m.from)} to ${label(PRIORITY_LABELS, m.to)}`;
    case "ticket.assigned":
      if (!m.to) return `${who} unassigned the ticket`;
      if (m.assignment && m.groupName)
        return `${who} assigned the ticket to ${names.get(m.to) ?? "a former team member"} by ${m.groupName}'s ${ASSIGNMENT_NAMES[m.assignment] ?? m.assignment}`;
      return `${who} assigned the ticket to ${names.get(m.to) ?? "a former team member"}`;
    case "ticket.group_changed":
      if (m.toName) return `${who} set the group to ${m.toName}`;
      if (m.groupDeleted) return `${who} deleted the group ${m.fromName}, which left the ticket without a group`;
      return `${who} removed the ticket from the group ${m.fromName}`;
    case "ticket.field_changed":
      if (!m.from) return `${who} set ${m.label} to ${m.to}`;
      if (!m.to) return `${who} cleared ${m.label} (was ${m.from})`;
      return `${who} changed ${m.label} from ${m.from} to ${m.to}`;
    case "ticket.tag_added":
      return `${who} added the tag ${m.tag}`;
    case "ticket.tag_removed":
      return `${who} removed the tag ${m.tag}`;
    case "ticket.replied":
      return `${who} replied`;
    case "ticket.note_added":
      return `${who} added an internal note`;
    case "ticket.unverified_reply":
      return `A mail from ${m.email} joined by the ticket number in its subject: Sender not verified`;
    case "ticket.follow_up_opened":
      return `${who} wrote again after the ticket was closed, which opened ticket #${m.ticketNumber}`;
    case "ticket.follow_up_of":
      return `${who} opened this ticket by writing again about closed ticket #${m.ticketNumber}`;
    case "ticket.merged":
      return `${who} merged ${(m.ticketNumbers ?? []).map((n) => `#${n}`).join(", ")} into this ticket`;
    case "ticket.merged_into":
      return `${who} merged this ticket into #${m.ticketNumber}`;
    case "ticket.split":
      return `${who} split a message of this ticket into ticket #${m.ticketNumber}`;
    case "ticket.split_from":
      return `${who} split this ticket from a message of ticket #${m.ticketNumber}`;
    case "ticket.linked":
      return `${who} linked this ticket to #${m.ticketNumber}`;
    case "ticket.unlinked":
      return `${who} unlinked this ticket from #${m.ticketNumber}`;
    case "ticket.mail_bounced":
      return `Mail to ${m.email} could not be delivered`;
    case "ticket.mail_bounce_cleared":
      return `${who} cleared the notice that mail to ${m.email} bounced`;
    case "ticket.rated":
      return `${who} rated this ticket ${label(SCORE_LABELS, m.score)}`;
    case "ticket.rating_changed":
      return `${who} changed their rating from ${label(SCORE_LABELS, m.from)} to ${label(SCORE_LABELS, m.to)}`;
    case "ticket.rating_commented":
      return `${who} changed the comment of their rating`;
    case "ticket.customer_mailed":
      return `${who} emailed the customer`;
    case "ticket.team_mailed":
      return `${who} emailed the ${m.to === "group" ? "group" : "assignee"}`;
    case "automation.chain_stopped":
      return `Rules kept changing the ticket and were stopped after ${m.passes} passes`;
    case "ticket.mail_noted":
      return `${who} kept an automatic mail as an internal note`;
    default:
      return `${who}: ${e.action}`;
  }
}
