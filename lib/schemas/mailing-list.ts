import { z } from "./zod";

/** Blank optional values are omitted (spec §5): "" and whitespace become undefined. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const waitlistSchema = z.object({
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .toLowerCase()
    .min(1, "Please enter your email address")
    .max(254, "Email address is too long")
    .pipe(z.email("Please enter a valid email address")),
  name: optionalText(100),
  company: optionalText(100),
  consentGiven: z.literal(true, { error: "Please agree to receive emails before subscribing." }),
});

export type WaitlistInput = z.infer<typeof waitlistSchema>;
