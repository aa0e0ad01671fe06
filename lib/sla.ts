import type { TicketPriority } from "@/generated/prisma/enums";

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
