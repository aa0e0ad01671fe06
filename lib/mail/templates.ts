import { PRODUCT_NAME } from "@/lib/site/product";
import type { MailMessage } from "./transport";

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `Someone asked to reset the password of your ${PRODUCT_NAME} account.\n\nChoose a new password here (the link works once, for 1 hour):\n${link}\n\nIf this wasn't you, ignore this email: your password stays as it is.`,
  };
}

/** Someone tried to sign up with an address that already has an account. */
export function registrationAttemptMail(to: string, forgotPasswordLink: string): MailMessage {
  return {
    to,
    subject: `Someone tried to sign up to ${PRODUCT_NAME} with your address`,
    text: `Someone tried to create a new ${PRODUCT_NAME} organisation with this email address, which already has an account. Nothing was created or changed.\n\nIf it was you, sign in instead; if you forgot your password, reset it here:\n${forgotPasswordLink}\n\nIf it wasn't you, ignore this email.`,
  };
}

export function emailChangeConfirmMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: `Confirm your new ${PRODUCT_NAME} email address`,
    text: `Someone asked to move a ${PRODUCT_NAME} account to this email address.\n\nIf it was you, confirm here (the link works once, for 24 hours):\n${link}\n\nIf it wasn't you, ignore this email: nothing changes.`,
  };
}

export function supportEmailVerifyMail(to: string, organizationName: string, link: string): MailMessage {
  return {
    to,
    subject: `Confirm ${to} as a support address on ${PRODUCT_NAME}`,
    text: `${organizationName} added ${to} as a support address on ${PRODUCT_NAME}: mail sent here would become their tickets.\n\nIf this is your organisation's address, confirm it here (the link works once, for 24 hours):\n${link}\n\nIf you don't know ${organizationName}, ignore this email: nothing is read from this address until it is confirmed.`,
  };
}

export function emailChangedMail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: `Your ${PRODUCT_NAME} email address was changed`,
    text: `The email address of your ${PRODUCT_NAME} account was changed to ${newEmail}, and every other device was signed out. You will no longer receive mail for it here.\n\nIf this wasn't you, contact your administrator or our support at once.`,
  };
}

export function teamInviteMail(to: string, organizationName: string, roleName: string, link: string): MailMessage {
  return {
    to,
    subject: `You're invited to join ${organizationName} on ${PRODUCT_NAME}`,
    text: `You have been invited to join ${organizationName} on ${PRODUCT_NAME} as ${roleName}.\n\nCreate your account here (the link works for 7 days):\n${link}`,
  };
}

/** An invitation to an address that already has an account elsewhere: its owner learns why it cannot be accepted. */
export function inviteToExistingAccountMail(to: string, organizationName: string): MailMessage {
  return {
    to,
    subject: `You're invited to join ${organizationName} on ${PRODUCT_NAME}`,
    text: `You have been invited to join ${organizationName} on ${PRODUCT_NAME}, but this email address already has a ${PRODUCT_NAME} account in another organisation, and an address can belong to one organisation only.\n\nTo join ${organizationName}, ask them to invite another address of yours. If you don't know ${organizationName}, ignore this email: nothing changes.`,
  };
}

export function waitlistConfirmationMail(to: string, unsubscribeLink: string): MailMessage {
  return {
    to,
    subject: `You're on the ${PRODUCT_NAME} waitlist`,
    text: `Thanks for joining the ${PRODUCT_NAME} waitlist! We'll email you when we launch.\n\nYou gave consent to receive these emails. To unsubscribe at any time, open:\n${unsubscribeLink}`,
  };
}

/** One line, for subjects built from what customers typed. */
export const oneLine = (text: string, max = 120) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

export function portalAccessCodeMail(to: string, organizationName: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: `Your ${organizationName} portal code: ${code}`,
    text: `Your one-time code for the ${organizationName} portal is:\n\n${code}\n\nIt works once, for ${minutes} minutes. If you didn't ask for it, ignore this email: nobody can see your tickets without the code.`,
  };
}

export function customerReplyMail(
  to: string,
  t: { ticketNumber: number; subject: string; customerEmail: string; workspaceLink: string },
  content: string,
): MailMessage {
  return {
    to,
    subject: `Customer reply on #${t.ticketNumber}: ${oneLine(t.subject)}`,
    text: `${t.customerEmail} replied to ticket #${t.ticketNumber} "${oneLine(t.subject, 200)}", which is assigned to you:\n\n${content}\n\nOpen your queue:\n${t.workspaceLink}`,
  };
}

/** What an automation rule tells the team about a ticket (its group's members, or its assignee). */
export function ruleTeamMail(
  to: string,
  t: { ticketNumber: number; subject: string; rule: string; workspaceLink: string },
  content: string,
): MailMessage {
  return {
    to,
    subject: `Rule "${oneLine(t.rule, 80)}" on #${t.ticketNumber}: ${oneLine(t.subject)}`,
    text: `The rule "${oneLine(t.rule, 80)}" wrote about ticket #${t.ticketNumber} "${oneLine(t.subject, 200)}":\n\n${content}\n\nOpen the ticket:\n${t.workspaceLink}`,
  };
}

/** An open ticket's SLA is about to be missed ("at_risk") or has been ("breached"). */
export function slaWarningMail(
  to: string,
  state: "at_risk" | "breached",
  ticket: { ticketNumber: number; subject: string; dueAt: Date; workspaceLink: string },
): MailMessage {
  const what = state === "breached" ? "has breached its SLA" : "is at risk of breaching its SLA";
  return {
    to,
    subject: `Ticket #${ticket.ticketNumber} ${what}: ${ticket.subject}`,
    text: `Ticket #${ticket.ticketNumber} "${ticket.subject}" ${what} (due ${ticket.dueAt.toUTCString()}).\n\nOpen it in ${PRODUCT_NAME}:\n${ticket.workspaceLink}`,
  };
}

/** A webhook endpoint that kept failing was turned off (to each admin of its organisation). */
export function webhookDisabledMail(
  to: string,
  endpoint: { url: string; since: Date; settingsLink: string },
): MailMessage {
  return {
    to,
    subject: `A webhook endpoint was turned off: ${oneLine(endpoint.url, 120)}`,
    text: `Every delivery to the webhook endpoint ${endpoint.url} has failed since ${endpoint.since.toUTCString()}, so ${PRODUCT_NAME} turned it off and sends it nothing more.\n\nWhen it works again, turn it on in Settings > Webhooks (its delivery log says what went wrong):\n${endpoint.settingsLink}`,
  };
}
