import type { ImapMailboxStatus } from "./imap-mailboxes";
import { z } from "./zod";

/** Settings: both fields are required; the same text for a missing or blank one. */
export const SUPPORT_EMAIL_REQUIRED = "Please provide both email address and display name";
/** The onboarding wizard asks for the same two fields in its own words. */
export const ONBOARDING_SUPPORT_EMAIL_REQUIRED = "Please fill in all fields";

const supportEmailFields = (required: string) =>
  z.object({
    email: z
      .string({ error: required })
      .trim()
      .toLowerCase()
      .min(1, required)
      .max(254, "Email address is too long")
      .pipe(z.email("Please enter a valid email address")),
    displayName: z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(100, "Display name must be at most 100 characters"),
    /** Sent by the settings screen; must be the caller's own organisation. */
    organizationId: z.string().max(64).optional(),
  });

export const createSupportEmailSchema = supportEmailFields(SUPPORT_EMAIL_REQUIRED);

/** The same rules as createSupportEmailSchema, for the onboarding wizard's form. */
export const onboardingSupportEmailSchema = supportEmailFields(ONBOARDING_SUPPORT_EMAIL_REQUIRED);

export const supportEmailListQuerySchema = z.object({ organizationId: z.string().max(64).optional() });

export type CreateSupportEmailInput = z.infer<typeof createSupportEmailSchema>;

/** Follows the confirmation link mailed to a support address. */
export const verifySupportEmailSchema = z.object({ token: z.string().min(1).max(200) });

/** An address that receives the organisation's tickets. */
export type SupportEmail = {
  id: string;
  email: string;
  displayName: string;
  isActive: boolean;
  organizationId: string;
  /** When the organisation proved it receives mail there; mail to it is read only from then on. */
  verifiedAt: Date | null;
  /** The mailbox Ticketry polls for this address, when there is one (never with its password). */
  imapMailbox: ImapMailboxStatus | null;
};
