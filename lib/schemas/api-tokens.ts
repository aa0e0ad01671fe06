import { singleLine } from "./fields";
import { z } from "./zod";

/**
 * API tokens as admins create them and other tools call them: a secret a program sends as
 * `Authorization: Bearer tkt_...`, acting as the organisation within the token's scopes.
 */

/** Every scope a token may hold: reading a kind of record, or changing tickets. */
export const API_TOKEN_SCOPES = [
  "tickets:read",
  "tickets:write",
  "users:read",
  "customers:read",
  "tags:read",
  "groups:read",
  "macros:read",
  "ratings:read",
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What the secret starts with, so secret scanners recognise a leaked one. */
export const API_TOKEN_PREFIX = "tkt_";
/** Random characters after the prefix. */
export const API_TOKEN_SECRET_LENGTH = 40;
/** What the list shows of a secret: the prefix and the first 8 random characters. */
export const API_TOKEN_SHOWN_LENGTH = API_TOKEN_PREFIX.length + 8;
/** The shape of every secret this server hands out. */
export const API_TOKEN_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[0-9A-Za-z]{${API_TOKEN_SECRET_LENGTH}}$`);

export const API_TOKEN_NAME_MAX = 80;
export const API_TOKEN_NAME_REQUIRED = "Please give the token a name";
export const API_TOKEN_SCOPES_REQUIRED = "Choose at least one scope";
export const API_TOKEN_SCOPE_UNKNOWN = `A scope is one of: ${API_TOKEN_SCOPES.join(", ")}`;
export const API_TOKEN_SCOPE_REPEATED = "Each scope may be given once";
/** The longest a token may live: an expiry further out is refused. */
export const API_TOKEN_MAX_LIFETIME_DAYS = 730;
export const API_TOKEN_EXPIRY_INVALID = "Expiry must be a date and time such as 2027-06-30T23:59:59Z";
export const API_TOKEN_EXPIRY_PAST = "Expiry must be in the future";
export const API_TOKEN_EXPIRY_TOO_FAR = "Expiry must be at most 2 years from now";

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 24 * 60 * 60_000;

/** An ISO 8601 time with its offset, in the future and at most two years away; null never expires. */
const expiresAtSchema = z
  .string({ error: API_TOKEN_EXPIRY_INVALID })
  .regex(ISO_DATE_TIME, API_TOKEN_EXPIRY_INVALID)
  .refine((value) => !Number.isNaN(Date.parse(value)), API_TOKEN_EXPIRY_INVALID)
  .refine((value) => Date.parse(value) > Date.now(), API_TOKEN_EXPIRY_PAST)
  .refine((value) => Date.parse(value) <= Date.now() + API_TOKEN_MAX_LIFETIME_DAYS * DAY_MS, API_TOKEN_EXPIRY_TOO_FAR)
  .transform((value) => new Date(value))
  .nullable();

/** A new token: a name, at least one scope (each once) and an expiry or null. */
export const apiTokenInputSchema = z.object({
  name: singleLine(z.string({ error: API_TOKEN_NAME_REQUIRED }).trim())
    .min(1, API_TOKEN_NAME_REQUIRED)
    .max(API_TOKEN_NAME_MAX, `Name must be at most ${API_TOKEN_NAME_MAX} characters`),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_SCOPE_UNKNOWN }), { error: API_TOKEN_SCOPES_REQUIRED })
    .min(1, API_TOKEN_SCOPES_REQUIRED)
    .refine((scopes) => new Set(scopes).size === scopes.length, API_TOKEN_SCOPE_REPEATED),
  expiresAt: expiresAtSchema.default(null),
});
/** A new token as checked: the expiry a Date (sent as its ISO text, as JSON writes a Date). */
export type ApiTokenValues = z.output<typeof apiTokenInputSchema>;

/** A token as Settings > API lists it: never its secret. */
export type ApiTokenItem = {
  id: string;
  name: string;
  /** The secret's first characters, e.g. "tkt_AbC12345". */
  prefix: string;
  scopes: ApiTokenScope[];
  createdAt: Date;
  /** The admin who created it (null once their account is gone). */
  createdBy: { id: string; fullName: string } | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
};

/** The answer to a creation: the list item and, this once, the secret. */
export type CreatedApiToken = ApiTokenItem & { token: string };

/** The organisation's tokens, newest first, and how many live ones it may hold. */
export type ApiTokenList = { tokens: ApiTokenItem[]; limit: number };
