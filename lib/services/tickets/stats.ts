import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db, queryRows } from "@/lib/server/db";
import type { TicketStats } from "@/lib/schemas/tickets";
import { TICKET_SELECT, toTicketJson } from "@/lib/services/tickets/json";
import { visibleTickets } from "@/lib/services/tickets/access";
import { topTags } from "@/lib/services/tickets/tags";
import { can } from "@/lib/permissions/table";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/tickets/fields";

const DAYS = 30;

/**
 * Dashboard figures (the statistics cards, plus counts by priority, the 5 most
 * recent tickets, tickets created and resolved per day over the last 30 days and the tags
 * most open tickets carry).
 */
export async function ticketStats(user: SessionUser, now = new Date()): Promise<TicketStats> {
  const where = visibleTickets(user);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (DAYS - 1)));
  const customer = where.customerEmail ? String(where.customerEmail) : null;
  const [byStatus, byPriority, recent, daily, tags] = await Promise.all([
    db.ticket.groupBy({ by: ["status"], where, _count: { _all: true } }),
    db.ticket.groupBy({ by: ["priority"], where, _count: { _all: true } }),
    db.ticket.findMany({ where, select: TICKET_SELECT, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 5 }),
    queryRows<{ day: Date; created: number; resolved: number }>(Prisma.sql`
      SELECT d.day,
        (SELECT count(*) FROM "Ticket" t WHERE t."organizationId" = ${user.organizationId} AND (${customer}::text IS NULL OR t."customerEmail" = ${customer})
           AND t."createdAt" >= d.day AND t."createdAt" < d.day + interval '1 day') AS created,
        (SELECT count(*) FROM "Ticket" t WHERE t."organizationId" = ${user.organizationId} AND (${customer}::text IS NULL OR t."customerEmail" = ${customer})
           AND t."resolvedAt" >= d.day AND t."resolvedAt" < d.day + interval '1 day') AS resolved
      FROM generate_series(${since}::timestamp, ${since}::timestamp + ${DAYS - 1} * interval '1 day', interval '1 day') AS d(day)
      ORDER BY d.day`),
    // Tags are the team's own labels: a customer's dashboard has none.
    can(user, "tickets.tags") ? topTags(user.organizationId) : [],
  ]);
  const statusBreakdown = Object.fromEntries(
    TICKET_STATUSES.map((s) => [s, byStatus.find((r) => r.status === s)?._count._all ?? 0]),
  );
  const priorityBreakdown = Object.fromEntries(
    TICKET_PRIORITIES.map((p) => [p, byPriority.find((r) => r.priority === p)?._count._all ?? 0]),
  );
  const totalTickets = Object.values(statusBreakdown).reduce((a, b) => a + b, 0);
  return {
    totalTickets,
    openTickets: statusBreakdown.open! + statusBreakdown.pending! + statusBreakdown.in_progress!,
    resolvedTickets: statusBreakdown.resolved! + statusBreakdown.closed!,
    statusBreakdown,
    priorityBreakdown,
    recentTickets: recent.map(toTicketJson),
    daily: daily.map((d) => ({
      day: d.day.toISOString().slice(0, 10),
      created: Number(d.created),
      resolved: Number(d.resolved),
    })),
    topTags: tags,
  };
}
