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

/**
 * The targets in business minutes when no SLA policy matches (and on plans without policies),
 * counted around the clock: the fixed targets above, a customer's follow-up answered as fast as
 * their first message.
 */
export const DEFAULT_TARGETS = Object.fromEntries(
  Object.entries(SLA_TARGETS).map(([priority, t]) => [
    priority,
    {
      firstResponse: t.firstResponseMs / 60_000,
      nextResponse: t.firstResponseMs / 60_000,
      resolution: t.resolutionMs / 60_000,
    },
  ]),
) as Record<TicketPriority, { firstResponse: number; nextResponse: number; resolution: number }>;

export type SlaFields = {
  status: TicketStatus;
  firstResponseDueAt: Date | null;
  nextResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  /** Stored with the due times (lib/sla/ticket-clock.ts): when a running target turns at risk. */
  slaRiskAt: Date | null;
  firstRespondedAt: Date | null;
};

const dateOrNull = (at: string | Date | null) => (at === null ? null : new Date(at));

/** A ticket's SLA fields as the browser reads them from the API (dates as text). */
export function slaFieldsOf(t: {
  status: TicketStatus;
  firstResponseDueAt: string | Date | null;
  nextResponseDueAt: string | Date | null;
  resolutionDueAt: string | Date | null;
  slaRiskAt: string | Date | null;
  firstRespondedAt: string | Date | null;
}): SlaFields {
  return {
    status: t.status,
    firstResponseDueAt: dateOrNull(t.firstResponseDueAt),
    nextResponseDueAt: dateOrNull(t.nextResponseDueAt),
    resolutionDueAt: dateOrNull(t.resolutionDueAt),
    slaRiskAt: dateOrNull(t.slaRiskAt),
    firstRespondedAt: dateOrNull(t.firstRespondedAt),
  };
}

export type SlaBadge = { state: "met" } | { state: "at_risk"; remainingMs: number } | { state: "breached" };

/** The running targets' due times: the first reply until there is one, a follow-up's answer, resolution. */
function runningDues(t: SlaFields): { target: SlaTarget; dueAt: Date }[] {
  const dues: { target: SlaTarget; dueAt: Date | null }[] = [
    { target: "first_reply", dueAt: t.firstRespondedAt ? null : t.firstResponseDueAt },
    { target: "next_reply", dueAt: t.nextResponseDueAt },
    { target: "resolution", dueAt: t.resolutionDueAt },
  ];
  return dues.filter((d): d is { target: SlaTarget; dueAt: Date } => d.dueAt !== null);
}

/** The list badge: met shows nothing, at-risk shows the time left, breached says so. */
export function slaBadge(t: SlaFields, now: Date): SlaBadge {
  const summary = slaSummary(t, now);
  if (summary.state === "breached") return { state: "breached" };
  if (summary.state === "at_risk") return { state: "at_risk", remainingMs: summary.dueAt.getTime() - now.getTime() };
  return { state: "met" };
}

/**
 * When the ticket's SLA next runs out: the soonest of its running targets (the first reply until
 * there is one, the answer a customer's follow-up waits for, resolution); null while its clocks
 * stand still. The "SLA due" and "Needs attention" orders read the same rule in SQL (order-sql.mjs).
 */
export function runningDue<T extends string | Date>(t: {
  firstRespondedAt: T | null;
  firstResponseDueAt: T | null;
  nextResponseDueAt: T | null;
  resolutionDueAt: T | null;
}): T | null {
  const dues = [t.firstRespondedAt ? null : t.firstResponseDueAt, t.nextResponseDueAt, t.resolutionDueAt];
  return dues.reduce<T | null>(
    (soonest, due) =>
      due !== null && (soonest === null || new Date(due).getTime() < new Date(soonest).getTime()) ? due : soonest,
    null,
  );
}

export type SlaTarget = "first_reply" | "next_reply" | "resolution";
export type SlaSummary =
  | { state: "none" }
  | { state: "paused" }
  | { state: "ok" | "at_risk"; target: SlaTarget; dueAt: Date }
  | { state: "breached"; target: SlaTarget; dueAt: Date };

/**
 * Which SLA target a ticket is working against and where it stands: a missed target outweighs
 * the others (resolution first), otherwise the clock that runs out next, at risk from the stored
 * at-risk time. Done tickets have none; a pending ticket's clocks stand still.
 */
export function slaSummary(t: SlaFields, now: Date): SlaSummary {
  if (t.status === "pending") return { state: "paused" };
  if (!OPEN_STATUSES.includes(t.status)) return { state: "none" };
  const dues = runningDues(t);
  if (dues.length === 0) return { state: "none" };
  const at = now.getTime();
  const missed = dues.filter((d) => d.dueAt.getTime() <= at);
  const resolution = missed.find((d) => d.target === "resolution");
  if (missed.length) return { state: "breached", ...(resolution ?? missed[0]) };
  const next = dues.reduce((a, b) => (b.dueAt < a.dueAt ? b : a));
  const atRisk = t.slaRiskAt !== null && t.slaRiskAt.getTime() <= at;
  return { state: atRisk ? "at_risk" : "ok", ...next };
}
