import { z } from "./zod";
import { PLACEHOLDER_CUSTOMER_EMAIL, TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/tickets/fields";
import { VIEWS } from "@/lib/tickets/views";


const status = z.enum(TICKET_STATUSES as [string, ...string[]], { error: "Unknown status" });
const priority = z.enum(TICKET_PRIORITIES as [string, ...string[]], { error: "Unknown priority" });

/** New ticket (agent dialog, spec §5): blank name -> 'Customer', blank email -> a placeholder. */
export const createTicketSchema = z.object({
  subject: z.string({ error: "Please fill in both subject and description" }).trim().min(1, "Please fill in both subject and description").max(200, "Subject must be at most 200 characters"),
  description: z.string({ error: "Please fill in both subject and description" }).trim().min(1, "Please fill in both subject and description").max(20_000, "Description is too long"),
  priority: priority.default("medium"),
  status: status.default("open"),
  customerName: z.string().trim().max(100).optional().transform((v) => v || "Customer"),
  customerEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .optional()
    .transform((v) => v || PLACEHOLDER_CUSTOMER_EMAIL)
    .pipe(z.email("Please enter a valid customer email")),
  category: z.enum(TICKET_CATEGORIES, { error: "Unknown category" }).optional(),
});

export const updateTicketSchema = z
  .object({
    status: status.optional(),
    priority: priority.optional(),
    assignedTo: z.string().max(64).nullable().optional().transform((v) => (v === "" ? null : v)),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined || v.assignedTo !== undefined, { error: "Nothing to update" });

export const ticketListQuerySchema = z.object({
  view: z.enum(VIEWS, { error: "Unknown view" }).optional(),
  status: status.optional(),
  priority: priority.optional(),
  q: z.string().trim().max(200, "Search is too long").optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").max(200, "limit must be at most 200").default(50),
  cursor: z.string().max(200).optional(),
});

export const createReplySchema = z.object({
  ticketId: z.string({ error: "ticketId is required" }).min(1, "ticketId is required").max(64),
  content: z.string({ error: "Reply cannot be empty" }).trim().min(1, "Reply cannot be empty").max(20_000, "Reply is too long"),
  type: z.enum(["public", "internal"], { error: "Unknown reply type" }).default("public"),
});

export type CreateTicketInput = z.infer<typeof createTicketSchema>;
export type UpdateTicketInput = z.infer<typeof updateTicketSchema>;
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;
export type CreateReplyInput = z.infer<typeof createReplySchema>;
