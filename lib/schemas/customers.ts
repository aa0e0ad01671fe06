import type { TicketStatus } from "@/generated/prisma/enums";
import { z } from "./zod";

/** The customer picker's search: a name or an address fragment of two characters or more. */
export const customerSearchQuerySchema = z.object({
  q: z
    .string({ error: "Search is required" })
    .trim()
    .min(2, "Type at least 2 characters")
    .max(200, "Search is too long"),
});

export type CustomerSearchQuery = z.infer<typeof customerSearchQuerySchema>;

/** A customer the organisation has had tickets from, by the name on their latest ticket. */
export type CustomerMatch = { name: string; email: string };

/** One of the customer's other tickets, as the customer panel lists it. */
export type CustomerTicket = {
  id: string;
  ticketNumber: number;
  subject: string;
  status: TicketStatus;
  updatedAt: Date;
};

/**
 * What the agent sees of a ticket's customer beside the conversation: since when they write,
 * how many tickets they have (and how many are still open), and their latest other tickets.
 * `known` is false for tickets logged without an address (they share a placeholder).
 */
export type CustomerSummary = {
  known: boolean;
  name: string;
  email: string;
  firstContactAt: Date | null;
  totalTickets: number;
  openTickets: number;
  otherTickets: CustomerTicket[];
};

/** How many of the customer's other tickets the panel shows. */
export const CUSTOMER_PANEL_TICKETS = 10;
