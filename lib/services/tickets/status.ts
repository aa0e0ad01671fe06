import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { TicketStatus } from "@/generated/prisma/enums";
import { DONE_STATUSES } from "@/lib/tickets/fields";
import { slaRiskAt } from "@/lib/tickets/sla";

type ClockedTicket = Parameters<typeof slaRiskAt>[0] & {
  status: TicketStatus;
  resolvedAt: Date | null;
  closedAt: Date | null;
  resolutionDueAt: Date;
};

/** Clock changes a status change implies: stop resolution at resolved/closed, resume on reopen. */
export function statusClock(ticket: ClockedTicket, next: TicketStatus, now: Date): Prisma.TicketUpdateInput {
  const wasDone = DONE_STATUSES.includes(ticket.status);
  const isDone = DONE_STATUSES.includes(next);
  if (!wasDone && isDone) return { resolvedAt: now, closedAt: next === "closed" ? now : null };
  if (wasDone && isDone) return { closedAt: next === "closed" ? (ticket.closedAt ?? now) : null };
  if (wasDone && !isDone) {
    const left = Math.max(0, ticket.resolutionDueAt.getTime() - (ticket.resolvedAt ?? now).getTime());
    const resolutionDueAt = new Date(now.getTime() + left);
    return { resolvedAt: null, closedAt: null, resolutionDueAt, slaRiskAt: slaRiskAt({ ...ticket, resolutionDueAt }) };
  }
  return {};
}
