import { emailField } from "./auth";
import { suggestionOpenIdsField } from "./kb-deflection";
import { createTicketSchema, type Ticket } from "./tickets";
import { attachmentIdsSchema } from "./reply-files";
import { z } from "./zod";

/**
 * Customer portal schemas, shared by the portal page and its route handlers.
 * Messages are the spec's texts where the spec has one.
 */
export const PORTAL_CODE_LENGTH = 6;

const slug = z
  .string()
  .trim()
  .toLowerCase()
  .max(60, "Unknown portal")
  .regex(/^[a-z0-9-]*$/, "Unknown portal");

/**
 * Every portal call names its portal (the organisation's slug) in this header: the server reads
 * that portal's session cookie, and the paths shared with the workspace know the portal calls.
 */
export const PORTAL_ORG_HEADER = "X-Portal-Org";

/** The signed-in customer of a portal, as the portal page learns it (the token stays in its cookie). */
export type PortalSession = { email: string; expiresAt: Date };

/** Portal codes are this many digits: with the daily cap on wrong guesses, guessing is hopeless. */
export const PORTAL_CODE_DIGITS = 8;
const CODE_MESSAGE = `Please enter the ${PORTAL_CODE_DIGITS}-digit code from your email`;

/** Step 1 sends `{org, email}`; step 2 adds the emailed `code`. */
export const portalAccessSchema = z.object({
  org: slug.optional(),
  email: emailField,
  code: z
    .string({ error: CODE_MESSAGE })
    .trim()
    .regex(new RegExp(`^\\d{${PORTAL_CODE_DIGITS}}$`), CODE_MESSAGE)
    .optional(),
});

/**
 * Portal new ticket: only subject, description and the custom fields customers may fill in are
 * taken; the customer's email and name come from the access token, never from the body.
 * `suggestionOpenIds`: the suggested articles the customer opened before sending it anyway (see
 * lib/services/kb/suggestion-opens.ts).
 */
export const portalTicketSchema = createTicketSchema
  .pick({ subject: true, description: true, customFields: true })
  .extend({ suggestionOpenIds: suggestionOpenIdsField });

/** A customer's reply must have text. */
export const MISSING_REPLY = "Please enter a reply message";

/** Portal reply: always public, always from the customer. */
export const portalReplySchema = z.object({
  ticketId: z.string({ error: "ticketId is required" }).min(1, "ticketId is required").max(64),
  content: z.string({ error: MISSING_REPLY }).trim().min(1, MISSING_REPLY).max(20_000, "Reply is too long"),
  /** Files the customer uploaded to the ticket and has not sent yet. */
  attachmentIds: attachmentIdsSchema.optional(),
});

/** `GET /api/portal/tickets?email=`: the token decides whose tickets; a different email is refused. */
export const portalTicketsQuerySchema = z.object({
  email: z.string().trim().toLowerCase().max(254).optional(),
});

export type PortalAccessInput = z.infer<typeof portalAccessSchema>;
export type PortalTicketInput = z.infer<typeof portalTicketSchema>;
export type PortalReplyInput = z.infer<typeof portalReplySchema>;

/** A ticket as a customer sees it in the portal: no assignee, category or SLA clocks. */
export type PortalTicket = Pick<
  Ticket,
  | "id"
  | "ticketNumber"
  | "subject"
  | "description"
  | "priority"
  | "status"
  | "customerName"
  | "customerEmail"
  | "organizationId"
  | "createdAt"
  | "updatedAt"
  | "customFields"
>;
