import { PLANS } from "@/lib/plans/limits";
import { roleLabel } from "@/lib/permissions/labels";

/** What the Activity tab needs of an audit event to describe it. */
export type AuditDescribable = {
  action: string;
  actor: string;
  metadata: Record<string, unknown> | null;
  ticketNumber?: number | null;
  /** Names of users the metadata refers to by id (e.g. an assignee). */
  names?: Record<string, string>;
};

const str = (v: unknown): string => (typeof v === "string" ? v : v == null ? "" : String(v));
/** in_progress -> In Progress, as the ticket screens label statuses and priorities. */
const humanize = (v: unknown) =>
  str(v)
    .split("_")
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(" ") || "none";
/** Rule names as a sentence lists them: "A", "B" and "C". */
const ruleNames = (v: unknown) => {
  const names = (Array.isArray(v) ? v : []).map((n) => `"${str(n)}"`);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "no rule");
};
const planName = (v: unknown) => PLANS[str(v) as keyof typeof PLANS]?.name ?? humanize(v);

/**
 * One human sentence per audit action (the shared action names of the audit contract).
 * Unknown actions fall back to the raw action name so nothing is ever hidden.
 */
export function auditText({ action, actor, metadata, ticketNumber, names = {} }: AuditDescribable): string {
  const m = metadata ?? {};
  const ticket = ticketNumber != null ? `ticket #${ticketNumber}` : "a ticket";
  const email = str(m.email) || "a user";
  switch (action) {
    case "user.login":
      return `${actor} signed in`;
    case "user.password_changed":
      return `${actor} changed their password`;
    case "user.password_reset":
      return `${actor} reset their password`;
    case "organization.registered":
      return `${actor} registered the organization`;
    case "organization.plan_changed":
      return `${actor} changed the plan from ${planName(m.from)} to ${planName(m.to)}`;
    case "organization.signature_changed":
      return `${actor} changed the email signature`;
    case "kb.settings_changed": {
      const turned = [
        m.helpCenterEnabled === undefined ? "" : `turned the help center ${m.helpCenterEnabled ? "on" : "off"}`,
        m.receiptSuggestsArticles === undefined
          ? ""
          : `turned article suggestions in receipts ${m.receiptSuggestsArticles ? "on" : "off"}`,
      ].filter(Boolean);
      return `${actor} ${turned.join(" and ") || "changed the help center settings"}`;
    }
    case "mail.quota_reached":
      return `Emails to customers were paused: the ${planName(m.plan)} plan allows ${str(m.limit)} per ${str(m.per)}`;
    case "mail.undeliverable":
      return `An email to ${email} could not be delivered after every retry: ${str(m.subject)}`;
    case "onboarding.completed":
      return `${actor} completed onboarding`;
    case "onboarding.skipped":
      return `${actor} skipped onboarding`;
    case "invite.sent":
      return `${actor} invited ${email} as ${roleLabel(str(m.role))}`;
    case "invite.revoked":
      return `${actor} revoked the invitation for ${email}`;
    case "invite.accepted":
      return `${actor} accepted an invitation and joined as ${roleLabel(str(m.role))}`;
    case "user.role_changed":
      return `${actor} changed the role of ${email} from ${roleLabel(str(m.from))} to ${roleLabel(str(m.to))}`;
    case "user.activated":
      return `${actor} activated ${email}`;
    case "user.deactivated":
      return `${actor} deactivated ${email}`;
    case "macro.created":
      return `${actor} created the macro "${str(m.name)}"`;
    case "macro.updated":
      return `${actor} edited the macro "${str(m.name)}"`;
    case "macro.deleted":
      return `${actor} deleted the macro "${str(m.name)}"`;
    case "field.created":
      return `${actor} added the custom field "${str(m.label)}"`;
    case "field.updated":
      return `${actor} edited the custom field "${str(m.label)}"`;
    case "field.deleted":
      return `${actor} deleted the custom field "${str(m.label)}"`;
    case "automation.created":
      return `${actor} created the rule "${str(m.name)}"`;
    case "automation.updated":
      return `${actor} edited the rule "${str(m.name)}"`;
    case "automation.deleted":
      return `${actor} deleted the rule "${str(m.name)}"`;
    case "automation.reordered":
      return `${actor} changed the order of the rules`;
    case "automation.chain_stopped":
      return `Rules kept changing ${ticket}: stopped after ${str(m.passes)} passes, so ${ruleNames(m.stopped)} did not run`;
    case "group.created":
      return `${actor} created the group "${str(m.name)}"`;
    case "group.updated":
      return m.from
        ? `${actor} renamed the group "${str(m.from)}" to "${str(m.name)}"`
        : `${actor} edited the group "${str(m.name)}"`;
    case "group.deleted":
      return `${actor} deleted the group "${str(m.name)}"`;
    case "business_hours.created":
      return `${actor} created the business-hours calendar "${str(m.name)}"`;
    case "business_hours.updated":
      if (m.from) return `${actor} renamed the business-hours calendar "${str(m.from)}" to "${str(m.name)}"`;
      return m.madeDefault
        ? `${actor} made "${str(m.name)}" the default business-hours calendar`
        : `${actor} edited the business-hours calendar "${str(m.name)}"`;
    case "business_hours.deleted":
      return `${actor} deleted the business-hours calendar "${str(m.name)}"`;
    case "sla_policy.created":
      return `${actor} created the SLA policy "${str(m.name)}"`;
    case "sla_policy.updated":
      return m.from
        ? `${actor} renamed the SLA policy "${str(m.from)}" to "${str(m.name)}"`
        : `${actor} edited the SLA policy "${str(m.name)}"`;
    case "sla_policy.moved":
      return `${actor} moved the SLA policy "${str(m.name)}" from position ${str(m.from)} to ${str(m.to)}`;
    case "sla_policy.deleted":
      return `${actor} deleted the SLA policy "${str(m.name)}"`;
    case "api_token.created":
      return `${actor} created the API token "${str(m.name)}" (${str(m.prefix)}...)`;
    case "api_token.revoked":
      return `${actor} revoked the API token "${str(m.name)}" (${str(m.prefix)}...)`;
    case "webhook.created":
      return `${actor} added the webhook endpoint ${str(m.url)}`;
    case "webhook.updated":
      return `${actor} edited the webhook endpoint ${str(m.url)}`;
    case "webhook.deleted":
      return `${actor} deleted the webhook endpoint ${str(m.url)}`;
    case "webhook.secret_rotated":
      return `${actor} rotated the signing secret of the webhook endpoint ${str(m.url)}`;
    case "webhook.disabled":
      return `The webhook endpoint ${str(m.url)} was turned off after failing for ${str(m.days)} days`;
    case "support_email.added":
      return `${actor} added the support email ${email}`;
    case "support_email.activated":
      return `${actor} activated the support email ${email}`;
    case "support_email.deactivated":
      return `${actor} deactivated the support email ${email}`;
    case "support_email.removed":
      return `${actor} removed the support email ${email}`;
    case "support_email.verification_sent":
      return `${actor} sent a confirmation link to the support email ${email}`;
    case "support_email.verified":
      return `The support email ${email} was confirmed`;
    case "support_email.claim_expired":
      return `The unconfirmed support email ${email} was released to another organization`;
    case "support_email.mailbox_saved":
      return `${actor} saved the mailbox settings of ${email}`;
    case "support_email.mailbox_removed":
      return `${actor} removed the mailbox settings of ${email}`;
    case "ticket.created":
      return `${actor} created ${ticket}`;
    case "ticket.sla_policy_changed":
      return m.toName
        ? `${actor} applied the SLA policy "${str(m.toName)}" to ${ticket}`
        : `${actor} applied the default SLA targets to ${ticket}`;
    case "ticket.assigned": {
      const to = str(m.to);
      return to
        ? `${actor} assigned ${ticket} to ${names[to] ?? "a former team member"}`
        : `${actor} unassigned ${ticket}`;
    }
    case "ticket.status_changed":
      return `${actor} changed the status of ${ticket} from ${humanize(m.from)} to ${humanize(m.to)}`;
    case "ticket.priority_changed":
      return `${actor} changed the priority of ${ticket} from ${humanize(m.from)} to ${humanize(m.to)}`;
    case "ticket.group_changed":
      return m.toName
        ? `${actor} set the group of ${ticket} to ${str(m.toName)}`
        : `${actor} removed ${ticket} from the group ${str(m.fromName)}`;
    case "ticket.tag_added":
      return `${actor} added the tag ${str(m.tag)} to ${ticket}`;
    case "ticket.tag_removed":
      return `${actor} removed the tag ${str(m.tag)} from ${ticket}`;
    case "ticket.replied":
      return `${actor} replied to ${ticket}`;
    case "ticket.note_added":
      return `${actor} added an internal note to ${ticket}`;
    case "ticket.unverified_reply":
      return `A mail from ${email} joined ${ticket} by the ticket number in its subject: Sender not verified`;
    case "ticket.merged_into":
      return `${actor} merged ${ticket} into #${str(m.ticketNumber)}`;
    case "ticket.split_from":
      return `${actor} split ${ticket} from a message of #${str(m.ticketNumber)}`;
    case "ticket.linked":
      return `${actor} linked ${ticket} to #${str(m.ticketNumber)}`;
    case "ticket.rated":
      return `${actor} rated ${ticket} ${humanize(m.score)}`;
    case "ticket.rating_changed":
      return `${actor} changed their rating of ${ticket} from ${humanize(m.from)} to ${humanize(m.to)}`;
    case "ticket.rating_commented":
      return `${actor} changed the comment of their rating of ${ticket}`;
    case "portal.signed_in":
      return `${actor} signed in to the customer portal`;
    default:
      return action;
  }
}
