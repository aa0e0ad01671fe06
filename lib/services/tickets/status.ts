import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { TicketStatus } from "@/generated/prisma/enums";
import { DONE_STATUSES } from "@/lib/tickets/fields";

type ClockedTicket = { status: TicketStatus; closedAt: Date | null };

/**
 * What a status change stamps on the ticket: when it was resolved and closed (cleared on a
 * reopen). The SLA clocks follow from the status history (refreshTicketSla): resolution stops
 * at resolved or closed and resumes with the time left on reopen.
 */
export function statusClock(ticket: ClockedTicket, next: TicketStatus, now: Date): Prisma.TicketUpdateInput {
  const wasDone = DONE_STATUSES.includes(ticket.status);
  const isDone = DONE_STATUSES.includes(next);
  if (!wasDone && isDone) return { resolvedAt: now, closedAt: next === "closed" ? now : null };
  if (wasDone && isDone) return { closedAt: next === "closed" ? (ticket.closedAt ?? now) : null };
  if (wasDone && !isDone) return { resolvedAt: null, closedAt: null };
  return {};
}
