import { WAITLIST_LIMITS, WAITLIST_MESSAGES } from "./mailing-list-check";
import { z } from "./zod";

/** Blank optional values are omitted: "" and whitespace become undefined. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, WAITLIST_MESSAGES.tooLong(max))
    .optional()
    .transform((v) => (v ? v : undefined));

export const waitlistSchema = z.object({
  email: z
    .string({ error: WAITLIST_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, WAITLIST_MESSAGES.emailRequired)
    .max(WAITLIST_LIMITS.email, WAITLIST_MESSAGES.emailTooLong)
    .pipe(z.email(WAITLIST_MESSAGES.emailInvalid)),
  name: optionalText(WAITLIST_LIMITS.name),
  company: optionalText(WAITLIST_LIMITS.company),
  consentGiven: z.literal(true, { error: WAITLIST_MESSAGES.consent }),
});

export type WaitlistInput = z.infer<typeof waitlistSchema>;
