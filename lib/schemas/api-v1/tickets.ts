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
import { documented, named, page, when, whenOrNull, type ApiOperation, type Assert, type Equals } from "./common";
import { EXAMPLE_AGENT, EXAMPLE_CUSTOMER, EXAMPLE_GROUP, EXAMPLE_IDS } from "./examples";

const ticketFields = z.object({
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
  cc: z
    .array(z.string())
    .optional()
    .describe("Addresses copied on the ticket's public replies (a reply's cc, or the CCs of the customer's mail)"),
  customFields: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
    .describe(
      "Custom field values by field key (see /api/fields): text, long text, dropdown and date (YYYY-MM-DD) as strings, number and decimal as numbers, checkbox as true or false, multi-select as a list of options; a field without a value is absent",
    ),
});

/** A customer's new ticket, waiting for the team's first answer, as the examples show it. */
const TICKET_EXAMPLE: z.output<typeof ticketFields> = {
  id: EXAMPLE_IDS.ticket,
  organizationId: EXAMPLE_IDS.organization,
  ticketNumber: 1042,
  subject: "Invoice shows the wrong VAT number",
  description: "Hi, our invoice for November lists our old VAT number. Could you send a corrected one?",
  priority: "high",
  status: "open",
  category: null,
  customerName: EXAMPLE_CUSTOMER.name,
  customerEmail: EXAMPLE_CUSTOMER.email,
  assignedTo: EXAMPLE_IDS.agent,
  assigneeName: EXAMPLE_AGENT.fullName,
  customerReplied: true,
  firstResponseDueAt: "2026-12-07T13:30:00.000Z",
  nextResponseDueAt: null,
  resolutionDueAt: "2026-12-09T17:00:00.000Z",
  slaRiskAt: "2026-12-07T12:30:00.000Z",
  slaPolicy: { id: EXAMPLE_IDS.policy, name: "Key accounts" },
  slaPaused: false,
  firstRespondedAt: null,
  resolvedAt: null,
  closedAt: null,
  createdAt: "2026-12-07T09:30:00.000Z",
  updatedAt: "2026-12-07T09:31:02.000Z",
  version: 3,
  tags: ["billing", "key-account"],
  groupId: EXAMPLE_GROUP.id,
  group: EXAMPLE_GROUP,
  cc: ["accounts@example.com"],
  customFields: { order_number: "INV-2026-1187", plan: "Pro", refund_approved: false },
};

/** A ticket as the API returns it: in a list, with its assignee's name and whether the customer spoke last. */
export const apiTicketSchema = documented(ticketFields, "Ticket", TICKET_EXAMPLE);

// The document's ticket is the one the services write: a field added to one and not the other fails to compile.
export type _ApiTicketMatchesService = Assert<Equals<z.infer<typeof apiTicketSchema>, Jsonify<TicketListItem>>>;

/** A file of a message. */
export const attachmentSchema = documented(
  z.object({ id: z.string(), filename: z.string(), contentType: z.string(), size: z.number().int().describe("Bytes") }),
  "Attachment",
  { id: EXAMPLE_IDS.attachment, filename: "invoice-2026-11.pdf", contentType: "application/pdf", size: 48213 },
);

/** A ticket as a change leaves it (each of a bulk change's): without the list's assignee name and waiting flag. */
const { assigneeName: _name, customerReplied: _replied, ...RECORD_EXAMPLE } = TICKET_EXAMPLE;
export const apiTicketRecordSchema = documented(
  ticketFields.omit({ assigneeName: true, customerReplied: true }),
  "TicketRecord",
  RECORD_EXAMPLE,
);
export type _ApiTicketRecordMatchesService = Assert<Equals<z.infer<typeof apiTicketRecordSchema>, Jsonify<Ticket>>>;

/** One ticket as the API returns it on its own: with the files of its first message. */
export const apiTicketDetailSchema = documented(
  ticketFields.omit({ assigneeName: true, customerReplied: true }).extend({ attachments: z.array(attachmentSchema) }),
  "TicketDetail",
  {
    ...RECORD_EXAMPLE,
    attachments: [
      { id: EXAMPLE_IDS.attachment, filename: "invoice-2026-11.pdf", contentType: "application/pdf", size: 48213 },
    ],
  },
);
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
      subject: TICKET_EXAMPLE.subject,
      description: TICKET_EXAMPLE.description,
      customerEmail: EXAMPLE_CUSTOMER.email,
      customerName: EXAMPLE_CUSTOMER.name,
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
      ids: [EXAMPLE_IDS.ticket, "0193f6a4-9b07-7e44-8c21-6f0d1a2b3c4d"],
      status: "resolved",
      addTags: ["outage-2026-12"],
    },
  },
} as const satisfies Record<string, ApiOperation>;
