import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";

export const OPEN_STATUSES: TicketStatus[] = ["open", "pending", "in_progress"];
export const DONE_STATUSES: TicketStatus[] = ["resolved", "closed"];
export const TICKET_STATUSES: TicketStatus[] = ["open", "pending", "in_progress", "resolved", "closed"];
export const TICKET_PRIORITIES: TicketPriority[] = ["urgent", "high", "medium", "low"];
export const TICKET_CATEGORIES = ["account", "billing", "technical", "other"] as const;
/** A ticket created without a customer email gets this placeholder address. */
export const PLACEHOLDER_CUSTOMER_EMAIL = "customer@unknown.invalid";

export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  pending: "Pending",
  in_progress: "In Progress",
  resolved: "Resolved",
  closed: "Closed",
};
export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  urgent: "Urgent",
  high: "High",
  medium: "Medium",
  low: "Low",
};
