import "server-only";
import type { SessionUser } from "@/lib/schemas/session-user";
import { forbidden } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import { percentGood } from "@/lib/satisfaction/rating-link";
import type { AgentSatisfactionReport, SatisfactionSummary, TicketRating } from "@/lib/schemas/satisfaction";
import { db } from "@/lib/server/db";
import { findVisibleTicket } from "@/lib/services/tickets/access";

/** The reports cover ratings given in the last 30 days. */
export const SATISFACTION_DAYS = 30;

const since = (now: Date) => new Date(now.getTime() - SATISFACTION_DAYS * 24 * 60 * 60 * 1000);

/** The customer's rating of one ticket of the caller's organisation (null before any). */
export async function ticketRating(user: SessionUser, ticketId: string): Promise<{ rating: TicketRating | null }> {
  if (!can(user, "satisfaction.read")) throw forbidden();
  return ratingOf(user, await findVisibleTicket(user, ticketId));
}

/** The rating of a ticket already found visible to the caller. */
export async function ratingOf(user: SessionUser, ticket: { id: string }): Promise<{ rating: TicketRating | null }> {
  const row = await db.satisfactionRating.findFirst({
    where: { organizationId: user.organizationId, ticketId: ticket.id },
    select: { score: true, comment: true, ratedAt: true, updatedAt: true, agent: { select: { fullName: true } } },
  });
  if (!row) return { rating: null };
  const { agent, ...rating } = row;
  return { rating: { ...rating, agentName: agent?.fullName ?? null } };
}

/**
 * The organisation's share of Good ratings over the last 30 days: one index range
 * (organizationId, ratedAt) counted by score, never a pass over the tickets.
 */
export async function satisfactionSummary(user: SessionUser, now = new Date()): Promise<SatisfactionSummary> {
  if (!can(user, "satisfaction.read")) throw forbidden();
  const rows = await db.satisfactionRating.groupBy({
    by: ["score"],
    where: { organizationId: user.organizationId, ratedAt: { gte: since(now) } },
    _count: { _all: true },
  });
  const rated = rows.reduce((sum, r) => sum + r._count._all, 0);
  const good = rows.find((r) => r.score === "good")?._count._all ?? 0;
  return { days: SATISFACTION_DAYS, rated, good, percentGood: percentGood(good, rated) };
}

/**
 * The same per agent a rating counts for, in one grouped query over the same range. Agents
 * without a rating in the period are left out (the screen shows them with none).
 */
export async function agentSatisfaction(user: SessionUser, now = new Date()): Promise<AgentSatisfactionReport> {
  if (!can(user, "admin.view")) throw forbidden();
  const rows = await db.satisfactionRating.groupBy({
    by: ["agentId", "score"],
    where: { organizationId: user.organizationId, ratedAt: { gte: since(now) }, agentId: { not: null } },
    _count: { _all: true },
  });
  const byAgent = new Map<string, { rated: number; good: number }>();
  for (const r of rows) {
    const entry = byAgent.get(r.agentId!) ?? { rated: 0, good: 0 };
    entry.rated += r._count._all;
    if (r.score === "good") entry.good += r._count._all;
    byAgent.set(r.agentId!, entry);
  }
  return {
    days: SATISFACTION_DAYS,
    agents: [...byAgent].map(([agentId, { rated, good }]) => ({
      agentId,
      rated,
      good,
      percentGood: percentGood(good, rated),
    })),
  };
}
