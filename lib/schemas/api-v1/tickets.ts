import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import type { TicketListItem } from "../tickets";
import type { TicketPane } from "../ticket-pane";
import { ticketListQuerySchema } from "../tickets";
import type { Jsonify } from "../json";
import { z } from "../zod";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/tickets/fields";
import { named, page, when, whenOrNull, type ApiOperation, type Assert, type Equals } from "./common";

/** A ticket as the API returns it: in a list, with its assignee's name and whether the customer spoke last. */
export const apiTicketSchema = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    ticketNumber: z.number().int(),
    subject: z.string(),
    description: z.string(),
    priority: z.enum(TICKET_PRIORITIES as [TicketPriority, ...TicketPriority[]]),
    status: z.enum(TICKET_STATUSES as [TicketStatus, ...TicketStatus[]]),
    category: z.string().nullable(),
    customerName: z.string(),
    customerEmail: z.string(),
    assignedTo: z.string().nullable().describe("The assignee's user id"),
    assigneeName: z.string().nullable(),
    customerReplied: z.boolean().describe("The last public message is the customer's: they wait for an answer"),
    firstResponseDueAt: whenOrNull.describe("Null while the ticket waits on the customer (its SLA clocks stand still)"),
    nextResponseDueAt: whenOrNull.describe("Set while the customer waits on an answer to a follow-up"),
    resolutionDueAt: whenOrNull,
    slaRiskAt: whenOrNull.describe("When a running SLA target turns at risk (a quarter of it left)"),
    slaPolicy: named.nullable().describe("The SLA policy whose targets apply; null for the default targets"),
    slaPaused: z.boolean(),
    firstRespondedAt: whenOrNull,
    resolvedAt: whenOrNull,
    closedAt: whenOrNull,
    createdAt: when,
    updatedAt: when,
    version: z.number().int().describe("Raised by every change"),
    tags: z.array(z.string()).optional(),
    groupId: z.string().nullable().optional(),
    group: named.nullable().optional(),
  })
  .meta({ id: "Ticket" });

// The document's ticket is the one the services write: a field added to one and not the other fails to compile.
export type _ApiTicketMatchesService = Assert<Equals<z.infer<typeof apiTicketSchema>, Jsonify<TicketListItem>>>;

/** A file of a message. */
export const attachmentSchema = z
  .object({ id: z.string(), filename: z.string(), contentType: z.string(), size: z.number().int().describe("Bytes") })
  .meta({ id: "Attachment" });

/** One ticket as the API returns it on its own: with the files of its first message. */
export const apiTicketDetailSchema = apiTicketSchema
  .omit({ assigneeName: true, customerReplied: true })
  .extend({ attachments: z.array(attachmentSchema) })
  .meta({ id: "TicketDetail" });
export type _ApiTicketDetailMatchesService = Assert<
  Equals<z.infer<typeof apiTicketDetailSchema>, Jsonify<TicketPane["ticket"]>>
>;

/** The calls on tickets. */
export const TICKET_OPERATIONS = {
  listTickets: {
    method: "GET",
    path: "/api/v1/tickets",
    operationId: "listTickets",
    summary:
      "The organisation's tickets, one page at a time, with the workspace's filters, search and orders (newest first by default).",
    scope: "tickets:read",
    query: ticketListQuerySchema,
    response: page(apiTicketSchema),
  },
  getTicket: {
    method: "GET",
    path: "/api/v1/tickets/{id}",
    operationId: "getTicket",
    summary: "One ticket of the organisation by its id (another organisation's is a 404).",
    scope: "tickets:read",
    response: apiTicketDetailSchema,
  },
} as const satisfies Record<string, ApiOperation>;
