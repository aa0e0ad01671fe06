import type { Jsonify } from "../json";
import {
  linkTicketSchema,
  mergeTicketsSchema,
  splitTicketSchema,
  type MergeResult,
  type TicketRelations,
} from "../ticket-merge";
import { z } from "../zod";
import { documented, type ApiOperation, type Assert, type Equals } from "./common";
import { EXAMPLE_CUSTOMER, EXAMPLE_IDS } from "./examples";
import { apiTicketRecordSchema, attachmentSchema } from "./tickets";

// Merge, split and links, and files to send with a reply (issue 62): the workspace's calls, made
// as the team through a token.

const DUPLICATE_ID = "0193f6a4-9b07-7e44-8c21-6f0d1a2b3c4d";
const RELATED_ID = "0193f6a5-2d18-7f55-9d32-7a1e2b3c4d5e";

/** A ticket named beside another: enough to show and open it. */
const ticketRefSchema = documented(
  z.object({
    id: z.string(),
    ticketNumber: z.number().int(),
    subject: z.string(),
    status: z.string(),
    customerEmail: z.string(),
  }),
  "TicketRef",
  {
    id: DUPLICATE_ID,
    ticketNumber: 1188,
    subject: "Charged twice this month?",
    status: "closed",
    customerEmail: EXAMPLE_CUSTOMER.email,
  },
);

export const mergeResultSchema = documented(
  z.object({
    ticketId: z.string().describe("The surviving ticket"),
    ticketNumber: z.number().int(),
    merged: z.array(ticketRefSchema).describe("Every ticket now merged into it, these and earlier ones"),
  }),
  "MergeResult",
  {
    ticketId: EXAMPLE_IDS.ticket,
    ticketNumber: 1187,
    merged: [
      {
        id: DUPLICATE_ID,
        ticketNumber: 1188,
        subject: "Charged twice this month?",
        status: "closed",
        customerEmail: EXAMPLE_CUSTOMER.email,
      },
    ],
  },
);
export type _MergeResultMatchesService = Assert<Equals<z.infer<typeof mergeResultSchema>, Jsonify<MergeResult>>>;

export const ticketRelationsSchema = documented(
  z.object({
    mergedInto: ticketRefSchema.nullable().describe("The ticket this one was merged into; null unless merged"),
    merged: z.array(ticketRefSchema).describe("The tickets merged into this one"),
    related: z.array(ticketRefSchema).describe("Tickets marked as related, from either side"),
  }),
  "TicketRelations",
  {
    mergedInto: null,
    merged: [],
    related: [
      {
        id: RELATED_ID,
        ticketNumber: 1192,
        subject: "Invoice page shows an error",
        status: "open",
        customerEmail: "lee@contoso.example",
      },
    ],
  },
);
export type _TicketRelationsMatchesService = Assert<
  Equals<z.infer<typeof ticketRelationsSchema>, Jsonify<TicketRelations>>
>;

/** The calls that merge, split and link tickets, and upload a file to send with a reply. */
export const RELATION_OPERATIONS = {
  mergeTickets: {
    method: "POST",
    path: "/api/v1/tickets/{id}/merge",
    operationId: "mergeTickets",
    summary:
      "Merge up to 20 tickets into ticket {id} in one transaction: their conversation, notes, files, tags, CCs and mail thread move, and they are closed with a note naming it. Tickets of different customers need confirmDifferentCustomers (else 409 different_customers); an already merged ticket is a 409.",
    scope: "tickets:write",
    body: mergeTicketsSchema,
    response: mergeResultSchema,
    example: { ticketIds: [DUPLICATE_ID], notifyCustomers: true },
  },
  splitTicket: {
    method: "POST",
    path: "/api/v1/tickets/{id}/split",
    operationId: "splitTicket",
    summary:
      "A customer's message of ticket {id} (replyId) becomes a new ticket of the same customer, with its files; the new ticket is the answer.",
    scope: "tickets:write",
    body: splitTicketSchema,
    response: apiTicketRecordSchema,
    status: 201,
    example: { replyId: EXAMPLE_IDS.reply, subject: "Change of delivery address" },
  },
  listTicketLinks: {
    method: "GET",
    path: "/api/v1/tickets/{id}/links",
    operationId: "listTicketLinks",
    summary: "How ticket {id} stands to others: what it was merged into, what was merged into it, its related tickets.",
    scope: "tickets:read",
    response: ticketRelationsSchema,
  },
  linkTicket: {
    method: "POST",
    path: "/api/v1/tickets/{id}/links",
    operationId: "linkTicket",
    summary: "Mark ticket ticketId as related to ticket {id}, shown on both; answers {id}'s relations.",
    scope: "tickets:write",
    body: linkTicketSchema,
    response: ticketRelationsSchema,
    status: 201,
    example: { ticketId: RELATED_ID },
  },
  uploadAttachment: {
    method: "POST",
    path: "/api/v1/tickets/{id}/attachments",
    operationId: "uploadAttachment",
    summary:
      "Upload a file (multipart/form-data, field file) to send with a reply: it waits unsent until a reply of this token names its id in attachmentIds, and is removed after a day if none does. The same limits, type sniffing and name cleaning as mail's files; an empty file is a 400, one too large a 413.",
    scope: "tickets:write",
    upload: { field: "file", example: "invoice-2026-11.pdf" },
    response: attachmentSchema,
    status: 201,
  },
} as const satisfies Record<string, ApiOperation>;
