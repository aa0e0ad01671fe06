import type { Plan } from "@/generated/prisma/enums";
import type { SupportEmail } from "./support-emails";
import { searchPageQuery } from "./fields";
import { z } from "./zod";

/** The plans, cheapest first. */
export const PLAN_IDS = ["free", "starter", "pro", "enterprise"] as const satisfies readonly Plan[];

/** PATCH /api/organizations/{id}: a platform admin moves an organisation to another plan. */
export const changePlanSchema = z.object({
  plan: z.enum(PLAN_IDS, { error: "Plan must be one of free, starter, pro or enterprise" }),
});

export const MAIL_SIGNATURE_MAX = 1000;

/**
 * PUT /api/organizations/{id}/signature: the plain text that closes every reply and status mail
 * the organisation's customers receive. Line breaks are kept (Windows ones made plain); other
 * control characters are refused, and the mail escapes the text wherever it goes into HTML.
 * An empty signature removes it.
 */
export const mailSignatureSchema = z.object({
  signature: z
    .string({ error: "Signature must be text" })
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .max(MAIL_SIGNATURE_MAX, `Signature must be at most ${MAIL_SIGNATURE_MAX.toLocaleString("en-US")} characters`)
        .regex(/^(?:[\n\t]|[^\p{Cc}\u2028\u2029])*$/u, "Signature must be plain text without control characters"),
    ),
});

/** GET /api/organizations: the directory, newest first, one keyset page at a time. */
export const organizationListQuerySchema = searchPageQuery;

export type ChangePlanInput = z.infer<typeof changePlanSchema>;
export type MailSignatureInput = z.infer<typeof mailSignatureSchema>;
export type OrganizationListQuery = z.infer<typeof organizationListQuerySchema>;

/** An organisation with its support emails and ticket counts, as the settings and the directory show it. */
export type Organization = {
  id: string;
  name: string;
  slug: string;
  plan: Plan;
  createdAt: Date;
  onboardingCompleted: boolean;
  /** Closes the organisation's replies and status mails to customers ("" for none). */
  mailSignature: string;
  supportEmails: SupportEmail[];
  stats: { totalTickets: number; openTickets: number };
};
