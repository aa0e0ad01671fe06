import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import { OPEN_STATUSES } from "./fields";

const HOUR = 60 * 60 * 1000;

/** First-response and resolution targets per priority. */
export const SLA_TARGETS: Record<TicketPriority, { firstResponseMs: number; resolutionMs: number }> = {
  urgent: { firstResponseMs: 1 * HOUR, resolutionMs: 4 * HOUR },
  high: { firstResponseMs: 4 * HOUR, resolutionMs: 24 * HOUR },
  medium: { firstResponseMs: 8 * HOUR, resolutionMs: 48 * HOUR },
  low: { firstResponseMs: 24 * HOUR, resolutionMs: 96 * HOUR },
};

/** A ticket is at risk when less than this share of its target remains. */
export const SLA_AT_RISK_SHARE = 0.25;

export function slaDueTimes(priority: TicketPriority, createdAt: Date) {
  const target = SLA_TARGETS[priority];
  return {
    firstResponseDueAt: new Date(createdAt.getTime() + target.firstResponseMs),
    resolutionDueAt: new Date(createdAt.getTime() + target.resolutionMs),
  };
}

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

/** The list badge: met shows nothing, at-risk shows the time left, breached says so. */
export function slaBadge(t: SlaFields, now: Date): SlaBadge {
  if (!OPEN_STATUSES.includes(t.status)) return { state: "met" };
  const dues = [t.resolutionDueAt.getTime()];
  if (!t.firstRespondedAt) dues.push(t.firstResponseDueAt.getTime());
  const nextDue = Math.min(...dues);
  if (nextDue <= now.getTime()) return { state: "breached" };
  if (slaRiskAt(t).getTime() <= now.getTime()) return { state: "at_risk", remainingMs: nextDue - now.getTime() };
  return { state: "met" };
}

/**
 * The SLA target that runs next: the first reply until there is one, then resolution (the
 * "SLA due" and "Needs attention" orders read the same rule in SQL: order-sql.mjs).
 */
export function runningDue<T>(t: { firstRespondedAt: T | null; firstResponseDueAt: T; resolutionDueAt: T }): T {
  return t.firstRespondedAt ? t.resolutionDueAt : t.firstResponseDueAt;
}

export type SlaTarget = "first_reply" | "resolution";
export type SlaSummary =
  | { state: "none" }
  | { state: "ok" | "at_risk"; target: SlaTarget; dueAt: Date }
  | { state: "breached"; target: SlaTarget; dueAt: Date };

/**
 * Which SLA target a ticket is working against and where it stands: a missed resolution
 * outweighs a missed first reply; otherwise the clock that runs out next. Done tickets have none.
 */
export function slaSummary(t: SlaFields, now: Date): SlaSummary {
  if (!OPEN_STATUSES.includes(t.status)) return { state: "none" };
  const at = now.getTime();
  if (t.resolutionDueAt.getTime() <= at) return { state: "breached", target: "resolution", dueAt: t.resolutionDueAt };
  if (!t.firstRespondedAt && t.firstResponseDueAt.getTime() <= at)
    return { state: "breached", target: "first_reply", dueAt: t.firstResponseDueAt };
  const target: SlaTarget = t.firstRespondedAt ? "resolution" : "first_reply";
  return { state: slaRiskAt(t).getTime() <= at ? "at_risk" : "ok", target, dueAt: runningDue(t) };
}
