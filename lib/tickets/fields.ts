import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import { DONE_STATUSES as DONE, OPEN_STATUSES as OPEN } from "./statuses.mjs";

export const OPEN_STATUSES: TicketStatus[] = [...OPEN];
export const DONE_STATUSES: TicketStatus[] = [...DONE];
export const TICKET_STATUSES: TicketStatus[] = [...OPEN, ...DONE];
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
