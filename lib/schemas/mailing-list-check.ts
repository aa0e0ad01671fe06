/**
 * The waitlist form's own check, without zod: the landing page stays light (zod would more than
 * double what its first load downloads). Same rules and messages as waitlistSchema, which the
 * server still applies in full.
 */
export const WAITLIST_MESSAGES = {
  emailRequired: "Please enter your email address",
  emailTooLong: "Email address is too long",
  emailInvalid: "Please enter a valid email address",
  tooLong: (max: number) => `Must be at most ${max} characters`,
  consent: "Please agree to receive emails before subscribing.",
} as const;

export const WAITLIST_LIMITS = { email: 254, name: 100, company: 100 } as const;

// The shape zod's z.email() accepts: no leading or doubled dots, a dotted domain, a letter TLD.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type WaitlistValues = { email: string; name?: string; company?: string; consentGiven: boolean };
export type WaitlistCheck =
  | { ok: true; data: { email: string; name?: string; company?: string; consentGiven: true } }
  | { ok: false; error: string };

export function checkWaitlist(values: WaitlistValues): WaitlistCheck {
  const email = values.email.trim().toLowerCase();
  if (!email) return { ok: false, error: WAITLIST_MESSAGES.emailRequired };
  if (email.length > WAITLIST_LIMITS.email) return { ok: false, error: WAITLIST_MESSAGES.emailTooLong };
  if (!EMAIL.test(email)) return { ok: false, error: WAITLIST_MESSAGES.emailInvalid };
  const name = values.name?.trim() || undefined;
  const company = values.company?.trim() || undefined;
  if (name && name.length > WAITLIST_LIMITS.name)
    return { ok: false, error: WAITLIST_MESSAGES.tooLong(WAITLIST_LIMITS.name) };
  if (company && company.length > WAITLIST_LIMITS.company)
    return { ok: false, error: WAITLIST_MESSAGES.tooLong(WAITLIST_LIMITS.company) };
  if (values.consentGiven !== true) return { ok: false, error: WAITLIST_MESSAGES.consent };
  return { ok: true, data: { email, name, company, consentGiven: true } };
}
