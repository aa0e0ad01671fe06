import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";

/** A ticket as the portal API returns it (no assignee or SLA clocks). */
export type PortalTicket = {
  id: string;
  ticketNumber: number;
  subject: string;
  description: string;
  priority: TicketPriority;
  status: TicketStatus;
  customerName: string;
  customerEmail: string;
  createdAt: string;
  updatedAt: string;
};

/** Spec §2 date format of the portal. */
export const PORTAL_DATE = "MMM d, yyyy";
