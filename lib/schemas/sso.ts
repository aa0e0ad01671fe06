import { z } from "./zod";

/**
 * Single sign-on with OpenID Connect: the organisation's provider as admins set it (Settings >
 * Organization), and the sign-in page's "Sign in with SSO". Shared by the forms and the routes.
 */
export const NEW_ACCOUNTS = ["refuse", "create_agent"] as const;
export type NewAccounts = (typeof NEW_ACCOUNTS)[number];
export const MAX_SSO_DOMAINS = 20;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const ssoDomain = z
  .string({ error: "Please enter a domain" })
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^@/, ""))
  .pipe(z.string().regex(DOMAIN, "Enter a domain such as example.com"));

export const ssoSettingsSchema = z.object({
  issuer: z
    .string({ error: "Please enter the issuer URL" })
    .trim()
    .min(1, "Please enter the issuer URL")
    .max(500, "The issuer URL is too long")
    .regex(/^https?:\/\/[^\s]+$/i, "Enter the issuer URL, starting with https://"),
  clientId: z
    .string({ error: "Please enter the client ID" })
    .trim()
    .min(1, "Please enter the client ID")
    .max(255, "The client ID is too long"),
  /** Left out (or empty) on a change: the stored secret stays. Required the first time. */
  clientSecret: z
    .string({ error: "The client secret must be text" })
    .max(1000, "The client secret is too long")
    .optional(),
  domains: z
    .array(ssoDomain, { error: "Add at least one email domain" })
    .min(1, "Add at least one email domain")
    .max(MAX_SSO_DOMAINS, `At most ${MAX_SSO_DOMAINS} email domains`),
  newAccounts: z.enum(NEW_ACCOUNTS, { error: "Choose what a first sign-in without an account does" }),
  providerOnly: z.boolean({ error: "providerOnly must be true or false" }),
});

export const ssoStartSchema = z.object({
  email: z
    .string({ error: "Please enter your work email" })
    .trim()
    .toLowerCase()
    .min(1, "Please enter your work email")
    .max(254, "That email is too long")
    .regex(/^[^\s@]+@[^\s@]+$/, "Please enter your work email"),
});

/** What the provider sends back to the callback (an error instead of a code when the person or the provider gave up). */
export const ssoCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

export type SsoSettingsInput = z.infer<typeof ssoSettingsSchema>;

/** The provider as admins see it: the secret is never answered, only whether one is kept. */
export type SsoProviderJson = {
  issuer: string;
  clientId: string;
  hasSecret: boolean;
  domains: string[];
  newAccounts: NewAccounts;
  providerOnly: boolean;
  updatedAt: string;
};

/** GET /api/organizations/{id}/sso: the provider (null when none), the address to register with it, and the domains it may cover. */
export type SsoSettings = { provider: SsoProviderJson | null; redirectUri: string; verifiedDomains: string[] };

/**
 * Why a single sign-on came back to the sign-in page without a session (`/login?sso=<reason>`),
 * with what the page says. Kept vague where detail would help an attacker more than the person.
 */
export const SSO_FAILURES = {
  expired: "Your single sign-on took too long or was started in another browser. Please try again.",
  provider: "Your identity provider did not confirm the sign-in. Please try again.",
  cancelled: "Single sign-on was cancelled at your identity provider.",
  email_unverified: "Your identity provider has not verified your email address.",
  domain: "Your email's domain does not sign in with this identity provider.",
  no_account: "There is no active account for your email in this organization. Ask an admin to invite you.",
  seats: "Your organization has no free seat for a new agent. Ask an admin.",
} as const;
export type SsoFailure = keyof typeof SSO_FAILURES;

export const SSO_REQUIRED = "Your organization signs you in with single sign-on. Use Sign in with SSO.";

/** The domain of an email address, as providers cover them. */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();
