import { z } from "./zod";

/** Spec §5 (settings): both fields are required; the same text for a missing or blank one. */
export const SUPPORT_EMAIL_REQUIRED = "Please provide both email address and display name";

export const createSupportEmailSchema = z.object({
  email: z
    .string({ error: SUPPORT_EMAIL_REQUIRED })
    .trim()
    .toLowerCase()
    .min(1, SUPPORT_EMAIL_REQUIRED)
    .max(254, "Email address is too long")
    .pipe(z.email("Please enter a valid email address")),
  displayName: z.string({ error: SUPPORT_EMAIL_REQUIRED }).trim().min(1, SUPPORT_EMAIL_REQUIRED).max(100, "Display name must be at most 100 characters"),
  /** Sent by the settings screen; must be the caller's own organisation. */
  organizationId: z.string().max(64).optional(),
});

export const supportEmailListQuerySchema = z.object({ organizationId: z.string().max(64).optional() });

export type CreateSupportEmailInput = z.infer<typeof createSupportEmailSchema>;
