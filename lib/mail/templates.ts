import { PRODUCT_NAME } from "@/lib/product";
import type { MailMessage } from "./transport";

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `Someone asked to reset the password of your ${PRODUCT_NAME} account.\n\nChoose a new password here (the link works once, for 1 hour):\n${link}\n\nIf this wasn't you, ignore this email: your password stays as it is.`,
  };
}

export function teamInviteMail(to: string, organizationName: string, roleName: string, link: string): MailMessage {
  return {
    to,
    subject: `You're invited to join ${organizationName} on ${PRODUCT_NAME}`,
    text: `You have been invited to join ${organizationName} on ${PRODUCT_NAME} as ${roleName}.\n\nCreate your account here (the link works for 7 days):\n${link}`,
  };
}

export function waitlistConfirmationMail(to: string, unsubscribeLink: string): MailMessage {
  return {
    to,
    subject: `You're on the ${PRODUCT_NAME} waitlist`,
    text: `Thanks for joining the ${PRODUCT_NAME} waitlist! We'll email you when we launch.\n\nYou gave consent to receive these emails. To unsubscribe at any time, open:\n${unsubscribeLink}`,
  };
}
