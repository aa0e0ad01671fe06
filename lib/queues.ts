import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import { SLA_AT_RISK_SHARE, SLA_TARGETS } from "./sla";

/** Spec §2 queues: URL hash -> view. */
export const VIEWS = ["unassigned", "my-open", "all-open", "sla-risk", "recently-updated", "closed"] as const;
export type View = (typeof VIEWS)[number];

export const OPEN_STATUSES: TicketStatus[] = ["open", "pending", "in_progress"];
export const DONE_STATUSES: TicketStatus[] = ["resolved", "closed"];
export const TICKET_STATUSES: TicketStatus[] = ["open", "pending", "in_progress", "resolved", "closed"];
export const TICKET_PRIORITIES: TicketPriority[] = ["urgent", "high", "medium", "low"];
export const TICKET_CATEGORIES = ["account", "billing", "technical", "other"] as const;
/** Spec §5: a new ticket without a customer email gets this placeholder. */
export const PLACEHOLDER_CUSTOMER_EMAIL = "customer@unknown.invalid";

/** Spec §9 windows. */
export const RECENT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const CLOSED_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export type SlaFields = {
  status: TicketStatus;
  priority: TicketPriority;
  firstResponseDueAt: Date;
  resolutionDueAt: Date;
  firstRespondedAt: Date | null;
};

/**
 * The moment a ticket's SLA turns at-risk: when less than a quarter of the running target is
 * left on the first-response clock (until answered) or the resolution clock. Stored on the
 * ticket so the SLA at Risk queue is one indexed range query.
 */
export function slaRiskAt(t: Omit<SlaFields, "status">): Date {
  const target = SLA_TARGETS[t.priority];
  const resolution = t.resolutionDueAt.getTime() - target.resolutionMs * SLA_AT_RISK_SHARE;
  if (t.firstRespondedAt) return new Date(resolution);
  const firstResponse = t.firstResponseDueAt.getTime() - target.firstResponseMs * SLA_AT_RISK_SHARE;
  return new Date(Math.min(firstResponse, resolution));
}

export type SlaBadge = { state: "met" } | { state: "at_risk"; remainingMs: number } | { state: "breached" };

/** Spec §4 badge: met shows nothing, at-risk shows the time left, breached says so. */
export function slaBadge(t: SlaFields, now: Date): SlaBadge {
  if (!OPEN_STATUSES.includes(t.status)) return { state: "met" };
  const dues = [t.resolutionDueAt.getTime()];
  if (!t.firstRespondedAt) dues.push(t.firstResponseDueAt.getTime());
  const nextDue = Math.min(...dues);
  if (nextDue <= now.getTime()) return { state: "breached" };
  if (slaRiskAt(t).getTime() <= now.getTime()) return { state: "at_risk", remainingMs: nextDue - now.getTime() };
  return { state: "met" };
}
