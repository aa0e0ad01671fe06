import { singleLine } from "./fields";
import { z } from "./zod";

/** Most tickets one merge may fold into another: a handful of duplicates, small enough for one transaction. */
export const MERGE_MAX_TICKETS = 20;

const ticketId = z.string({ error: "Unknown ticket id" }).min(1, "Unknown ticket id").max(64, "Unknown ticket id");

/** POST /api/tickets/{id}/merge: the duplicates to fold into the ticket `{id}`. */
export const mergeTicketsSchema = z.object({
  ticketIds: z
    .array(ticketId, { error: "ticketIds must be a list of ticket ids" })
    .min(1, "Choose at least one ticket to merge")
    .max(MERGE_MAX_TICKETS, `At most ${MERGE_MAX_TICKETS} tickets at once`)
    .refine((ids) => new Set(ids).size === ids.length, { error: "Each ticket may be listed only once" }),
  /** Mail each merged ticket's customer that the conversation goes on in the surviving ticket. */
  notifyCustomers: z.boolean({ error: "notifyCustomers must be true or false" }).default(false),
  /** The agent saw that the tickets are of different customers and merges them anyway. */
  confirmDifferentCustomers: z.boolean({ error: "confirmDifferentCustomers must be true or false" }).default(false),
});
export type MergeTicketsInput = z.infer<typeof mergeTicketsSchema>;

/** POST /api/tickets/{id}/split: a customer's message becomes a ticket of its own. */
export const splitTicketSchema = z.object({
  replyId: z
    .string({ error: "Choose the message to split" })
    .min(1, "Choose the message to split")
    .max(64, "Unknown message"),
  subject: singleLine(z.string().trim())
    .min(1, "Subject cannot be empty")
    .max(200, "Subject must be at most 200 characters")
    .optional(),
});
export type SplitTicketInput = z.infer<typeof splitTicketSchema>;

/** POST /api/tickets/{id}/links: mark another ticket as related. */
export const linkTicketSchema = z.object({ ticketId });
export type LinkTicketInput = z.infer<typeof linkTicketSchema>;

/** A ticket named beside another (merged into, merged from, related): enough to show and open it. */
export type TicketRef = {
  id: string;
  ticketNumber: number;
  subject: string;
  status: string;
  customerEmail: string;
};

/** GET /api/tickets/{id}/links: how the ticket stands to others. */
export type TicketRelations = {
  /** The ticket this one was merged into (null unless it was merged). */
  mergedInto: TicketRef | null;
  /** The tickets merged into this one. */
  merged: TicketRef[];
  /** Tickets an agent marked as related, whichever of the two was linked from. */
  related: TicketRef[];
};

/** What a merge answers: the surviving ticket's id and number, and the tickets now merged into it. */
export type MergeResult = { ticketId: string; ticketNumber: number; merged: TicketRef[] };

/** The code of the 409 that asks the agent to confirm merging tickets of different customers. */
export const DIFFERENT_CUSTOMERS = "different_customers";
