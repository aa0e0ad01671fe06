import type { Prisma } from "@/generated/prisma/client";
import type { AuthorType, ReplyFormat, ReplyType, TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import { pageLimit, searchPageQuery, singleLine } from "./fields";
import { TAG_CHANGE_MAX, tagKey, tagNameSchema, type TopTag } from "./tags";
import { attachmentIdsSchema, ccListSchema } from "./reply-files";
import type { Jsonify } from "./json";
import { z } from "./zod";
import { customFieldsInputSchema, type CustomFieldValue, type CustomFieldValues } from "./fields-custom";
import type { TicketGroup } from "./groups";
import {
  PLACEHOLDER_CUSTOMER_EMAIL,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from "@/lib/tickets/fields";
import { VIEWS } from "@/lib/tickets/views";
import { FIELD_SORT_PATTERN, TICKET_SORTS, type ListSort } from "@/lib/tickets/sort";
import { endsBeforeStart, parseRangeBound, rangeBoundError } from "@/lib/tickets/range-bounds";

const status = z.enum(TICKET_STATUSES as [string, ...string[]], { error: "Unknown status" });
const priority = z.enum(TICKET_PRIORITIES as [string, ...string[]], { error: "Unknown priority" });

/** A new ticket needs both a subject and a description. */
export const MISSING_TICKET_FIELDS = "Please fill in both subject and description";

/** New ticket (agent dialog): a blank customer name becomes 'Customer', a blank email a placeholder address. */
export const createTicketSchema = z.object({
  subject: singleLine(z.string({ error: MISSING_TICKET_FIELDS }).trim())
    .min(1, MISSING_TICKET_FIELDS)
    .max(200, "Subject must be at most 200 characters"),
  description: z
    .string({ error: MISSING_TICKET_FIELDS })
    .trim()
    .min(1, MISSING_TICKET_FIELDS)
    .max(20_000, "Description is too long"),
  priority: priority.default("medium"),
  status: status.default("open"),
  customerName: singleLine(z.string().trim().max(100))
    .optional()
    .transform((v) => v || "Customer"),
  customerEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .optional()
    .transform((v) => v || PLACEHOLDER_CUSTOMER_EMAIL)
    .pipe(z.email("Please enter a valid customer email")),
  category: z.enum(TICKET_CATEGORIES, { error: "Unknown category" }).optional(),
  /** Who works the ticket from the start (staff only; a customer's choice is ignored). */
  assignedTo: z
    .string()
    .max(64)
    .nullable()
    .optional()
    .transform((v) => v || null),
  /** Custom field values by key, checked against the organisation's fields; required ones may wait until resolving. */
  customFields: customFieldsInputSchema.optional(),
});

/** The fields an agent may change on a ticket, one ticket or many at once. */
const ticketChange = {
  status: status.optional(),
  priority: priority.optional(),
  assignedTo: z
    .string()
    .max(64)
    .nullable()
    .optional()
    .transform((v) => (v === "" ? null : v)),
};
const changesSomething = (v: {
  status?: string;
  priority?: string;
  assignedTo?: string | null;
  groupId?: string | null;
}) => v.status !== undefined || v.priority !== undefined || v.assignedTo !== undefined || v.groupId !== undefined;

/** The ticket's version the agent saw (optional: a write without one is applied as before). */
const seenVersion = z
  .number({ error: "version must be a whole number" })
  .int("version must be a whole number")
  .min(1, "version must be a whole number")
  .max(2_147_483_647, "version must be a whole number")
  .optional();

export const updateTicketSchema = z
  .object({
    ...ticketChange,
    /** The group the ticket belongs to (null: none). */
    groupId: z
      .string({ error: "Unknown group" })
      .min(1, "Unknown group")
      .max(64, "Unknown group")
      .nullable()
      .optional(),
    version: seenVersion,
    /** Custom field values by key (null clears one), checked against the organisation's fields. */
    customFields: customFieldsInputSchema.optional(),
  })
  .refine((v) => changesSomething(v) || v.customFields !== undefined, { error: "Nothing to update" });

/** Most tickets one bulk change may touch: a page of the list, small enough for one transaction. */
export const BULK_MAX_TICKETS = 100;

/**
 * One change (status, priority and/or assignee) for several tickets at once. Every id must be
 * a ticket of the caller's organisation, else the whole request is refused with 404.
 */
const bulkTags = (what: string) =>
  z
    .array(tagNameSchema, { error: `${what} must be a list of tags` })
    .max(TAG_CHANGE_MAX, `At most ${TAG_CHANGE_MAX} tags at once`)
    .optional();

/** Tags to add and take off with a change of fields (many tickets at once, or one through the API). */
export const tagChangeFields = {
  /** Tags to put on the ticket(s) ("add tag"), created on first use. */
  addTags: bulkTags("addTags"),
  /** Tags to take off the ticket(s) ("remove tag"). */
  removeTags: bulkTags("removeTags"),
};

/** A change of fields and tags must change something, and cannot both add and remove a tag. */
export function checkTagChange(
  v: Parameters<typeof changesSomething>[0] & { addTags?: string[]; removeTags?: string[] },
  ctx: z.RefinementCtx,
) {
  if (!changesSomething(v) && !v.addTags?.length && !v.removeTags?.length)
    ctx.addIssue({ code: "custom", message: "Nothing to update" });
  if (v.addTags?.some((a) => v.removeTags?.some((r) => tagKey(r) === tagKey(a))))
    ctx.addIssue({ code: "custom", message: "A tag cannot be added and removed at once" });
}

export const bulkUpdateTicketsSchema = z
  .object({
    ids: z
      .array(z.string().min(1, "Unknown ticket id").max(64, "Unknown ticket id"), {
        error: "ids must be a list of ticket ids",
      })
      .min(1, "Select at least one ticket")
      .max(BULK_MAX_TICKETS, `At most ${BULK_MAX_TICKETS} tickets at once`)
      .refine((ids) => new Set(ids).size === ids.length, { error: "Each ticket may be listed only once" }),
    ...ticketChange,
    ...tagChangeFields,
  })
  .superRefine(checkTagChange);

/** The SLA states the list filters by, as its badge names them (slaSummary in lib/tickets/sla.ts). */
export const SLA_STATES = ["breached", "at_risk"] as const;
export type SlaState = (typeof SLA_STATES)[number];

/** The SLA targets a ticket runs (lib/sla/ticket-clock.ts), in the order a report shows them. */
export const SLA_TARGET_KINDS = ["first_response", "next_response", "resolution"] as const;
export type SlaTargetKind = (typeof SLA_TARGET_KINDS)[number];

/** How an SLA target ended: met in time, or breached. */
export const SLA_OUTCOMES = ["met", "breached"] as const;
export type SlaOutcome = (typeof SLA_OUTCOMES)[number];

/**
 * A bound of a created or updated range: a day, today, an instant or a time ago (see
 * lib/tickets/range-bounds.ts). Kept as written, so a saved view's filters read back as they were
 * typed and a relative one stays relative; listFilter turns it into a time when the list is read.
 */
const rangeBound = (name: string) =>
  z
    .string({ error: rangeBoundError(name, "") })
    .max(40, rangeBoundError(name, ""))
    .refine((v) => parseRangeBound(v) !== null, { error: (issue) => rangeBoundError(name, String(issue.input)) });

/**
 * One of the list's orders, or a custom field's (`field.<key>` lowest first, `-field.<key>` highest
 * first): a field's key is checked against the organisation's fields by the list.
 */
export const listSortSchema = z.union(
  [
    z.enum(TICKET_SORTS, { error: "Unknown sort" }),
    z.string({ error: "Unknown sort" }).max(64, "Unknown sort").regex(FIELD_SORT_PATTERN, "Unknown sort"),
  ],
  { error: "Unknown sort" },
) as z.ZodType<ListSort, string>;

/** The list's filters, each a query parameter: what a saved view keeps (less the page and the order). */
export const ticketListQueryFields = z.object({
  view: z.enum(VIEWS, { error: "Unknown view" }).optional(),
  sort: listSortSchema.optional(),
  status: status.optional(),
  priority: priority.optional(),
  /** Only tickets carrying this tag, any case (staff only). */
  tag: tagNameSchema.optional(),
  /** Only tickets of this group (staff only; another organisation's group matches nothing). */
  group: z.string({ error: "Unknown group" }).min(1, "Unknown group").max(64, "Unknown group").optional(),
  /** Only tickets of this customer company (another organisation's company matches nothing). */
  company: z.string({ error: "Unknown company" }).min(1, "Unknown company").max(64, "Unknown company").optional(),
  /** Only tickets assigned to this user (by id), or to nobody ("none"). */
  assignee: z.string({ error: "Unknown assignee" }).min(1, "Unknown assignee").max(64, "Unknown assignee").optional(),
  /** Only open tickets whose SLA is missed (breached) or at risk and not yet missed (at_risk). */
  sla: z.enum(SLA_STATES, { error: "SLA state must be breached or at_risk" }).optional(),
  createdFrom: rangeBound("createdFrom").optional(),
  createdTo: rangeBound("createdTo").optional(),
  updatedFrom: rangeBound("updatedFrom").optional(),
  updatedTo: rangeBound("updatedTo").optional(),
  /**
   * Only tickets with an SLA target met in time or breached (any state of the clock, done tickets
   * too), narrowed to a kind, a policy ("default": the organisation's own targets) and when the
   * target started: the tickets behind a report's SLA figure.
   */
  slaOutcome: z.enum(SLA_OUTCOMES, { error: "SLA outcome must be met or breached" }).optional(),
  slaTarget: z
    .enum(SLA_TARGET_KINDS, { error: `SLA target must be one of: ${SLA_TARGET_KINDS.join(", ")}` })
    .optional(),
  slaPolicy: z
    .string({ error: "Unknown SLA policy" })
    .min(1, "Unknown SLA policy")
    .max(64, "Unknown SLA policy")
    .optional(),
  slaFrom: rangeBound("slaFrom").optional(),
  slaTo: rangeBound("slaTo").optional(),
  ...searchPageQuery.shape,
});

/** The list's ranges, each a lower and an upper bound: created, updated, and an SLA target's start. */
export const LIST_RANGES = [
  ["createdFrom", "createdTo"],
  ["updatedFrom", "updatedTo"],
  ["slaFrom", "slaTo"],
] as const;

/** A range that ends before it starts lists nothing by mistake: refused, naming its lower bound. */
export const rangeOrderError = (from: string, to: string) => `${from} must not be after ${to}`;

/** The rules between a list query's parameters: a range that ends before it starts lists nothing by mistake. */
export function checkListQuery(
  v: { sort?: string; q?: string } & Partial<Record<(typeof LIST_RANGES)[number][number], string>>,
  ctx: z.RefinementCtx,
) {
  if (v.sort === "relevance" && !v.q) ctx.addIssue({ code: "custom", message: "Relevance needs a search" });
  for (const [from, to] of LIST_RANGES) {
    const a = v[from] ? parseRangeBound(v[from]) : null;
    const b = v[to] ? parseRangeBound(v[to]) : null;
    if (a && b && endsBeforeStart(a, b))
      ctx.addIssue({ code: "custom", message: rangeOrderError(from, to), path: [from] });
  }
}

/**
 * The list's query. Loose: the custom field filters are parameters named for their fields
 * (`field.<key>=<value>`), kept as they came and checked against the organisation's fields by
 * lib/services/fields/list-filter.ts; any other unknown parameter is ignored as before.
 */
export const ticketListQuerySchema = ticketListQueryFields.loose().superRefine(checkListQuery);

/** Knowledge base articles one reply may send (each inserted as a link or as its text). */
export const REPLY_ARTICLES_MAX = 10;

export const createReplySchema = z.object({
  ticketId: z.string({ error: "ticketId is required" }).min(1, "ticketId is required").max(64),
  content: z
    .string({ error: "Reply cannot be empty" })
    .trim()
    .min(1, "Reply cannot be empty")
    .max(20_000, "Reply is too long"),
  type: z.enum(["public", "internal"], { error: "Unknown reply type" }).default("public"),
  /** The status the ticket moves to with this reply (staff only), in the same transaction. */
  status: status.optional(),
  /** The ticket's version the agent saw: refused (409) when a reply or note came in since. */
  version: seenVersion,
  /** The macro the agent applied (staff only): its field changes commit with the reply. */
  macroId: z.string({ error: "Unknown macro" }).min(1, "Unknown macro").max(64, "Unknown macro").optional(),
  /** The knowledge base articles the agent inserted (staff only): recorded as sent with the reply. */
  articleIds: z
    .array(z.string({ error: "Unknown article" }).min(1, "Unknown article").max(64, "Unknown article"), {
      error: "articleIds must be a list of article ids",
    })
    .max(REPLY_ARTICLES_MAX, `A reply may send at most ${REPLY_ARTICLES_MAX} articles`)
    .optional(),
  /** Files uploaded to the ticket by the caller and not sent yet: sent with this reply. */
  attachmentIds: attachmentIdsSchema.optional(),
  /** Addresses copied in on a public staff reply; they join the ticket's CCs. */
  cc: ccListSchema.optional(),
});

/** The composer's Preview: the text as it stands (empty is fine, it previews as nothing). */
export const replyPreviewSchema = z.object({
  content: z.string({ error: "content must be text" }).max(20_000, "Reply is too long"),
});

/** What the Preview shows: the same sanitized HTML the reply will have once sent. */
export type ReplyPreview = { html: string };

export type CreateTicketInput = z.infer<typeof createTicketSchema>;
export type UpdateTicketInput = z.infer<typeof updateTicketSchema>;
export type TicketListQuery = z.infer<typeof ticketListQuerySchema> & {
  /** The field filters as checked against the organisation's fields (resolveFieldFilters): what listFilter applies. */
  fieldValues?: Record<string, CustomFieldValue>;
  /** The organisation's time zone, in which the created and updated ranges' days are read (listTimeZone). */
  timeZone?: string;
};
export type BulkUpdateTicketsInput = z.infer<typeof bulkUpdateTicketsSchema>;
export type CreateReplyInput = z.infer<typeof createReplySchema>;

/** PATCH /api/tickets/{id}: the ticket's CCs as they should be (removing and adding people). */
export const ticketCcSchema = z.object({ cc: ccListSchema });
export type TicketCcInput = z.infer<typeof ticketCcSchema>;

/** A ticket as the staff API returns it: the ticket fields plus what the SLA badge needs. */
export type Ticket = {
  id: string;
  ticketNumber: number;
  subject: string;
  description: string;
  priority: TicketPriority;
  status: TicketStatus;
  category: string | null;
  customerName: string;
  customerEmail: string;
  assignedTo: string | null;
  organizationId: string;
  createdAt: Date;
  updatedAt: Date;
  /**
   * Due times under the ticket's SLA policy: null while their clock stands still (pending), next
   * response only while the customer waits on an answer to a follow-up.
   */
  firstResponseDueAt: Date | null;
  nextResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  /** When a running target turns at risk (less than a quarter left); null while none runs. */
  slaRiskAt: Date | null;
  /** The policy whose targets apply (null: the organisation's default targets). */
  slaPolicy: { id: string; name: string } | null;
  /** The ticket waits on the customer: its SLA clocks stand still. */
  slaPaused: boolean;
  firstRespondedAt: Date | null;
  resolvedAt: Date | null;
  closedAt: Date | null;
  /** Raised by every change: what a write says it saw (see lib/services/tickets/versions.ts). */
  version: number;
  /** The ticket's tags by name, in the order they were added: staff only (absent for customers). */
  tags?: string[];
  /** The group the ticket belongs to: staff only (absent for customers; a team's groups are its own business). */
  groupId?: string | null;
  group?: TicketGroup | null;
  /** Addresses copied in on the ticket's public replies (from a reply's CC or the customer's mail): staff only. */
  cc?: string[];
  /** Custom field values by field key; a customer gets only the fields visible to customers. */
  customFields: CustomFieldValues;
};

/** A ticket as the browser reads it from the API (its dates as ISO strings). */
export type TicketJson = Jsonify<Ticket>;

/**
 * A row of the ticket list: the ticket, who it is assigned to by name, and whether the last
 * public message is the customer's (the customer is waiting for an answer). Last activity is
 * updatedAt: every reply and field change moves it in the same transaction.
 */
export type TicketListItem = Ticket & { assigneeName: string | null; customerReplied: boolean };

/** A reply as staff see it, with its author's email address. */
export type Reply = {
  id: string;
  ticketId: string;
  content: string;
  type: ReplyType;
  authorType: AuthorType;
  authorEmail: string;
  createdAt: Date;
  /**
   * False for a mail that named its ticket only by the number in its subject, from a sender whose
   * domain did not vouch for it: shown "Sender not verified" wherever it is read (by the team and
   * by the customer, who may not have written it). It did not reopen the ticket or notify anyone.
   */
  senderVerified: boolean;
  /**
   * How to show `content`. "plain" (customers' messages, replies from before formatting): as
   * text, escaped, its line breaks kept. "markdown" (staff replies and notes): `html`.
   */
  format: ReplyFormat;
  /** A Markdown reply's HTML, sanitized on the server (never built in the browser); null for plain text. */
  html: string | null;
  /** The ticket's version after this reply (staff answers only): the next write's starting point. */
  ticketVersion?: number;
};

/**
 * A reply as a customer sees it (portal token or end-user account): the author by display
 * name only, so the team's email addresses never reach customers. An agent's reply carries
 * the agent's full name (SUPPORT_AUTHOR_NAME once their account is gone), a customer's reply
 * the name the ticket knows the customer by.
 */
export type CustomerReply = Omit<Reply, "authorEmail"> & { authorName: string };

/**
 * A reply in the staff conversation: its author by display name (the agent's full name, the
 * customer's name as the ticket knows it), the address kept as secondary detail.
 */
export type StaffReply = Reply & { authorName: string };

export const SUPPORT_AUTHOR_NAME = "Support";

/**
 * How many of a ticket's changes the pane holds (the newest) and each earlier page adds: a ticket
 * changed thousands of times (a long mail exchange adds an entry per message) still opens as
 * fast as any other.
 */
export const HISTORY_PAGE = 100;

/**
 * How many of a ticket's messages (the newest) the pane holds and each earlier page adds: a
 * conversation of hundreds of mails opens as fast as a short one, and the latest are what an
 * agent answers.
 */
export const CONVERSATION_PAGE = 50;

/** The newest `limit` rows before `cursor` (the latest without it), up to 200 at once. */
const newestPageQuery = (defaultLimit: number) =>
  z.object({
    limit: pageLimit(200, defaultLimit),
    cursor: z.string().max(200, "Invalid cursor").optional(),
  });

/** `GET /api/tickets/{id}/history`: the newest `limit` changes before `cursor`. */
export const ticketHistoryQuerySchema = newestPageQuery(HISTORY_PAGE);

export type TicketHistoryQuery = z.infer<typeof ticketHistoryQuerySchema>;

/** `GET /api/replies/{ticketId}`: the newest `limit` messages of the conversation before `cursor`. */
export const conversationQuerySchema = newestPageQuery(CONVERSATION_PAGE);

export type ConversationQuery = z.infer<typeof conversationQuerySchema>;

/** One entry of a ticket's history: who changed what, when. */
export type TicketHistoryEvent = {
  id: string;
  action: string;
  /** user, customer or system: a customer's events are named as the ticket names the customer. */
  actorType: string;
  actorLabel: string | null;
  metadata: Prisma.JsonValue;
  createdAt: Date;
};

/** The sidebar's queue counts, one per queue. */
export type QueueCounts = Record<
  "unassigned" | "myOpen" | "myGroups" | "allOpen" | "slaRisk" | "recentlyUpdated" | "closed",
  number
>;

/** Dashboard figures: totals, breakdowns, the most recent tickets and 30 days of activity. */
export type TicketStats = {
  totalTickets: number;
  openTickets: number;
  resolvedTickets: number;
  statusBreakdown: Record<string, number>;
  priorityBreakdown: Record<string, number>;
  recentTickets: Ticket[];
  daily: { day: string; created: number; resolved: number }[];
  /** The tags most open tickets carry, most first (staff; empty for customers). */
  topTags: TopTag[];
};
