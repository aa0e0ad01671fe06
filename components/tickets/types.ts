import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";

/** A ticket as the API returns it (dates as ISO strings). */
export type TicketJson = {
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
  createdAt: string;
  updatedAt: string;
  firstResponseDueAt: string;
  resolutionDueAt: string;
  firstRespondedAt: string | null;
};

export type ReplyJson = { id: string; ticketId: string; content: string; type: "public" | "internal"; authorType: "agent" | "customer"; authorEmail: string; createdAt: string };

