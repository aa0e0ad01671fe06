import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { auditText } from "@/lib/format/audit-text";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db, queryRows } from "@/lib/server/db";
import { SEAT_ROLES } from "@/lib/permissions/rules";
import type { ActivityPage, ActivityQuery, Agent } from "@/lib/schemas/admin";
import { afterCursor, pageOf } from "@/lib/services/keyset";
import { OPEN_STATUSES } from "@/lib/tickets/fields";

/**
 * The organisation's agents and admins with their open and total assigned tickets, counted
 * in one aggregate query (no query per agent), and who is away (automatic assignment skips them).
 */
export async function listAgents(user: SessionUser): Promise<Agent[]> {
  return queryRows<Agent>(Prisma.sql`
    SELECT u."id", u."fullName", u."email", u."role", u."isActive", u."createdAt", u."availability",
      (count(t."id") FILTER (WHERE t."status"::text = ANY(${OPEN_STATUSES}::text[])))::int AS "openTickets",
      count(t."id")::int AS "assignedTickets"
    FROM "User" u
    LEFT JOIN "Ticket" t ON t."organizationId" = u."organizationId" AND t."assignedToId" = u."id"
    WHERE u."organizationId" = ${user.organizationId} AND u."role"::text = ANY(${[...SEAT_ROLES]}::text[])
    GROUP BY u."id"
    ORDER BY u."isActive" DESC, u."fullName" ASC, u."id" ASC`);
}

/** Keys that could carry a secret never leave the server, whatever an event recorded. */
const SECRET_KEY = /token|hash|password|secret|code/i;
function safeMetadata(value: Prisma.JsonValue | null): Record<string, unknown> | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_KEY.test(key)));
}

/** The organisation's audit trail, newest first, one keyset page at a time. */
export async function listActivity(user: SessionUser, query: ActivityQuery): Promise<ActivityPage> {
  const rows = await db.auditEvent.findMany({
    where: { AND: [{ organizationId: user.organizationId }, afterCursor(query.cursor)] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    select: {
      id: true,
      action: true,
      actorType: true,
      actorLabel: true,
      metadata: true,
      createdAt: true,
      actor: { select: { id: true, fullName: true } },
      ticket: { select: { id: true, ticketNumber: true } },
    },
  });
  const { page, nextCursor } = pageOf(rows, query.limit);

  // Assignment events name users by id: resolve them with one query, within the organisation.
  const ids = new Set<string>();
  for (const e of page) {
    const m = safeMetadata(e.metadata);
    if (e.action === "ticket.assigned" && typeof m?.to === "string") ids.add(m.to);
  }
  const names = ids.size
    ? Object.fromEntries(
        (
          await db.user.findMany({
            where: { organizationId: user.organizationId, id: { in: [...ids] } },
            select: { id: true, fullName: true },
          })
        ).map((u) => [u.id, u.fullName]),
      )
    : {};

  const events = page.map((e) => {
    const metadata = safeMetadata(e.metadata);
    const actorName = e.actor?.fullName ?? e.actorLabel ?? (e.actorType === "system" ? "System" : "Someone");
    return {
      id: e.id,
      action: e.action,
      text: auditText({ action: e.action, actor: actorName, metadata, ticketNumber: e.ticket?.ticketNumber, names }),
      actor: { id: e.actor?.id ?? null, type: e.actorType, name: actorName },
      ticket: e.ticket ? { id: e.ticket.id, ticketNumber: e.ticket.ticketNumber } : null,
      createdAt: e.createdAt,
      metadata,
    };
  });
  return { events, nextCursor };
}
