import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import type { Ticket, TicketListItem } from "../tickets";
import type { TicketPane } from "../ticket-pane";
import {
  bulkUpdateTicketsSchema,
  checkTagChange,
  createTicketSchema,
  tagChangeFields,
  ticketListQuerySchema,
  updateTicketSchema,
} from "../tickets";
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

/** A ticket as a change leaves it (each of a bulk change's): without the list's assignee name and waiting flag. */
export const apiTicketRecordSchema = apiTicketSchema
  .omit({ assigneeName: true, customerReplied: true })
  .meta({ id: "TicketRecord" });
export type _ApiTicketRecordMatchesService = Assert<Equals<z.infer<typeof apiTicketRecordSchema>, Jsonify<Ticket>>>;

/** One ticket as the API returns it on its own: with the files of its first message. */
export const apiTicketDetailSchema = apiTicketRecordSchema
  .extend({ attachments: z.array(attachmentSchema) })
  .meta({ id: "TicketDetail" });
export type ApiTicketDetail = z.infer<typeof apiTicketDetailSchema>;
export type _ApiTicketDetailMatchesService = Assert<Equals<ApiTicketDetail, Jsonify<TicketPane["ticket"]>>>;

/**
 * A change of one ticket: the workspace's fields (status, priority, assignee, group, and the
 * version its caller saw, refused with 409 when a field it sets changed since) and tags to add
 * and take off, all in one transaction.
 */
export const apiUpdateTicketSchema = z
  .object({ ...updateTicketSchema.shape, ...tagChangeFields })
  .superRefine(checkTagChange);

export type ApiUpdateTicketInput = z.infer<typeof apiUpdateTicketSchema>;

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
    exampleQuery: { view: "all-open", limit: "2" },
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
  createTicket: {
    method: "POST",
    path: "/api/v1/tickets",
    operationId: "createTicket",
    summary:
      "Open a ticket for a customer as the team: the organisation's rules, SLA policy and plan limit apply, and its entrance is the API.",
    scope: "tickets:write",
    body: createTicketSchema,
    response: apiTicketDetailSchema,
    status: 201,
    example: {
      subject: "Refund for order 4521",
      description: "The customer was charged twice for order 4521 and asks for one charge back.",
      customerEmail: "dana@example.com",
      customerName: "Dana Whitfield",
      priority: "high",
    },
  },
  updateTicket: {
    method: "PATCH",
    path: "/api/v1/tickets/{id}",
    operationId: "updateTicket",
    summary:
      "Change a ticket's status, priority, assignee, group and tags at once; with version, a field changed by someone since is a 409.",
    scope: "tickets:write",
    body: apiUpdateTicketSchema,
    response: apiTicketDetailSchema,
    example: { status: "pending", priority: "urgent", addTags: ["refund"], removeTags: ["triage"], version: 3 },
  },
  bulkUpdateTickets: {
    method: "POST",
    path: "/api/v1/tickets/bulk",
    operationId: "bulkUpdateTickets",
    summary:
      "One change (status, priority, assignee, tags) to up to 100 tickets, all or nothing: an id that is not the organisation's ticket is a 404.",
    scope: "tickets:write",
    body: bulkUpdateTicketsSchema,
    response: z.object({ data: z.array(apiTicketRecordSchema) }),
    example: {
      ids: ["0193a5e2-7c41-7d2a-9f10-3b5c2e8d4a61", "0193a5e2-9b07-7e44-8c21-6f0d1a2b3c4d"],
      status: "resolved",
      addTags: ["outage-2026-12"],
    },
  },
} as const satisfies Record<string, ApiOperation>;
