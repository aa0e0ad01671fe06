import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { TicketStatus } from "@/generated/prisma/enums";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { badRequest, forbidden, HttpError } from "@/lib/http/errors";
import { PLANS, UNLIMITED } from "@/lib/plans";
import { CLOSED_WINDOW_MS, DONE_STATUSES, OPEN_STATUSES, RECENT_WINDOW_MS, slaRiskAt, type View } from "@/lib/queues";
import type { CreateTicketInput, TicketListQuery, UpdateTicketInput } from "@/lib/schemas/tickets";
import { slaDueTimes } from "@/lib/sla";
import { recordEvent } from "./audit";
import { findVisibleTicket, isStaff, visibleTickets } from "./ticket-access";
import { ticketsUsed } from "./usage";

/** Spec §3 ticket, plus what the SLA badge needs. */
export const TICKET_SELECT = {
  id: true,
  ticketNumber: true,
  subject: true,
  description: true,
  priority: true,
  status: true,
  category: true,
  customerName: true,
  customerEmail: true,
  assignedToId: true,
  organizationId: true,
  createdAt: true,
  updatedAt: true,
  firstResponseDueAt: true,
  resolutionDueAt: true,
  firstRespondedAt: true,
  resolvedAt: true,
  closedAt: true,
} as const satisfies Prisma.TicketSelect;

type TicketRow = Prisma.TicketGetPayload<{ select: typeof TICKET_SELECT }>;

export function toTicketJson(t: TicketRow) {
  const { assignedToId, ...rest } = t;
  return { ...rest, assignedTo: assignedToId };
}

function viewFilter(view: View | undefined, user: SessionUser, now: Date): Prisma.TicketWhereInput {
  switch (view) {
    case "unassigned":
      return { status: { in: OPEN_STATUSES }, assignedToId: null };
    case "my-open":
      return { status: { in: OPEN_STATUSES }, assignedToId: user.id };
    case "all-open":
      return { status: { in: OPEN_STATUSES } };
    case "sla-risk":
      return { status: { in: OPEN_STATUSES }, slaRiskAt: { lte: now } };
    case "recently-updated":
      return { updatedAt: { gte: new Date(now.getTime() - RECENT_WINDOW_MS) } };
    case "closed":
      return { status: { in: DONE_STATUSES }, updatedAt: { gte: new Date(now.getTime() - CLOSED_WINDOW_MS) } };
    default:
      return {};
  }
}

function searchFilter(q: string | undefined): Prisma.TicketWhereInput {
  if (!q) return {};
  const number = /^#?\d{1,9}$/.test(q) ? Number(q.replace("#", "")) : null;
  const text = { contains: q, mode: "insensitive" as const };
  return {
    OR: [
      { subject: text },
      { description: text },
      { customerEmail: text },
      { customerName: text },
      ...(number !== null ? [{ ticketNumber: number }] : []),
    ],
  };
}

/** Keyset cursor over (createdAt desc, id desc): stable while new tickets arrive. */
function encodeCursor(t: { createdAt: Date; id: string }) {
  return Buffer.from(`${t.createdAt.toISOString()}|${t.id}`).toString("base64url");
}

function cursorFilter(cursor: string | undefined): Prisma.TicketWhereInput {
  if (!cursor) return {};
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (!id || Number.isNaN(createdAt.getTime())) throw badRequest("Invalid cursor");
  return { OR: [{ createdAt: { lt: createdAt } }, { createdAt, id: { lt: id } }] };
}

export async function listTickets(user: SessionUser, query: TicketListQuery, now = new Date()) {
  const where: Prisma.TicketWhereInput = {
    AND: [
      visibleTickets(user),
      viewFilter(query.view, user, now),
      query.status ? { status: query.status as TicketStatus } : {},
      query.priority ? { priority: query.priority as TicketRow["priority"] } : {},
      searchFilter(query.q),
      cursorFilter(query.cursor),
    ],
  };
  const rows = await db.ticket.findMany({ where, select: TICKET_SELECT, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const nextCursor = rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null;
  return { tickets: page.map(toTicketJson), nextCursor };
}

/** All six queue counts in one aggregate query (spec §3 queue counts). */
export async function queueCounts(user: SessionUser, now = new Date()) {
  const recent = new Date(now.getTime() - RECENT_WINDOW_MS);
  const closedSince = new Date(now.getTime() - CLOSED_WINDOW_MS);
  const customer = isStaff(user) ? null : user.email;
  const [row] = await db.$queryRaw<Record<string, bigint>[]>`
    SELECT
      count(*) FILTER (WHERE "status" IN ('open','pending','in_progress') AND "assignedToId" IS NULL) AS unassigned,
      count(*) FILTER (WHERE "status" IN ('open','pending','in_progress') AND "assignedToId" = ${user.id}) AS "myOpen",
      count(*) FILTER (WHERE "status" IN ('open','pending','in_progress')) AS "allOpen",
      count(*) FILTER (WHERE "status" IN ('open','pending','in_progress') AND "slaRiskAt" <= ${now}) AS "slaRisk",
      count(*) FILTER (WHERE "updatedAt" >= ${recent}) AS "recentlyUpdated",
      count(*) FILTER (WHERE "status" IN ('resolved','closed') AND "updatedAt" >= ${closedSince}) AS closed
    FROM "Ticket"
    WHERE "organizationId" = ${user.organizationId} AND (${customer}::text IS NULL OR "customerEmail" = ${customer})`;
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)])) as Record<
    "unassigned" | "myOpen" | "allOpen" | "slaRisk" | "recentlyUpdated" | "closed",
    number
  >;
}

export async function getTicket(user: SessionUser, id: string) {
  const ticket = await findVisibleTicket(user, id);
  return toTicketJson(ticket);
}

/**
 * Creates a ticket: the organisation row is locked while its plan limit is checked and its
 * next ticket number taken, so numbers stay unique and limits hold under concurrency.
 */
export async function createTicket(user: SessionUser | null, organizationId: string, input: CreateTicketInput, now = new Date()) {
  return db.$transaction(async (tx) => {
    const [org] = await tx.$queryRaw<{ plan: keyof typeof PLANS; ticketCounter: number }[]>`
      UPDATE "Organization" SET "ticketCounter" = "ticketCounter" + 1 WHERE "id" = ${organizationId} RETURNING "plan", "ticketCounter"`;
    if (!org) throw new HttpError(404, "Organization not found");
    const limit = PLANS[org.plan].tickets;
    if (limit !== UNLIMITED && (await ticketsUsed(tx, organizationId, org.plan, now)) >= limit) {
      throw new HttpError(403, `Ticket limit reached: your ${PLANS[org.plan].name} plan allows ${limit} tickets${PLANS[org.plan].ticketPeriod === "month" ? " per month" : ""}. Upgrade your plan to create more.`);
    }
    const priority = input.priority as TicketRow["priority"];
    const due = slaDueTimes(priority, now);
    const ticket = await tx.ticket.create({
      data: {
        organizationId,
        ticketNumber: org.ticketCounter,
        subject: input.subject,
        description: input.description,
        priority,
        status: input.status as TicketStatus,
        category: input.category ?? null,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        createdById: user?.id ?? null,
        ...due,
        slaRiskAt: slaRiskAt({ priority, ...due, firstRespondedAt: null }),
        createdAt: now,
        updatedAt: now,
      },
      select: TICKET_SELECT,
    });
    await recordEvent(tx, {
      organizationId,
      actorId: user?.id ?? null,
      actorType: user ? "user" : "customer",
      actorLabel: user ? user.fullName : input.customerEmail,
      action: "ticket.created",
      targetType: "ticket",
      targetId: ticket.id,
      ticketId: ticket.id,
    });
    return toTicketJson(ticket);
  });
}

async function assertAssignable(organizationId: string, userId: string) {
  const assignee = await db.user.findFirst({ where: { id: userId, organizationId, isActive: true, role: { in: ["agent", "org_admin", "platform_admin"] } }, select: { id: true } });
  if (!assignee) throw badRequest("Assignee must be an active agent of this organization");
}

/** Clock changes a status change implies: stop resolution at resolved/closed, resume on reopen. */
function statusClock(ticket: TicketRow, next: TicketStatus, now: Date): Prisma.TicketUpdateInput {
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

/** Status, priority and assignee; each changed field is one history event. */
export async function updateTicket(user: SessionUser, id: string, input: UpdateTicketInput, now = new Date()) {
  if (!isStaff(user)) throw forbidden("Customers cannot change status, priority or assignee");
  const ticket = await findVisibleTicket(user, id);
  if (input.assignedTo) await assertAssignable(user.organizationId, input.assignedTo);

  const changes: { field: string; from: string | null; to: string | null }[] = [];
  const data: Prisma.TicketUpdateInput = { updatedAt: now };
  if (input.status !== undefined && input.status !== ticket.status) {
    changes.push({ field: "status", from: ticket.status, to: input.status });
    Object.assign(data, { status: input.status }, statusClock(ticket, input.status as TicketStatus, now));
  }
  if (input.priority !== undefined && input.priority !== ticket.priority) {
    changes.push({ field: "priority", from: ticket.priority, to: input.priority });
    const priority = input.priority as TicketRow["priority"];
    const due = slaDueTimes(priority, ticket.createdAt);
    Object.assign(data, { priority, ...due, slaRiskAt: slaRiskAt({ ...ticket, priority, ...due }) });
  }
  if (input.assignedTo !== undefined && input.assignedTo !== ticket.assignedToId) {
    changes.push({ field: "assignee", from: ticket.assignedToId, to: input.assignedTo });
    data.assignedTo = input.assignedTo ? { connect: { id: input.assignedTo } } : { disconnect: true };
  }
  if (changes.length === 0) return toTicketJson(ticket);

  return db.$transaction(async (tx) => {
    const updated = await tx.ticket.update({ where: { id: ticket.id, organizationId: user.organizationId }, data, select: TICKET_SELECT });
    for (const change of changes) {
      await recordEvent(tx, {
        organizationId: user.organizationId,
        actorId: user.id,
        actorLabel: user.fullName,
        action: change.field === "assignee" ? "ticket.assigned" : `ticket.${change.field}_changed`,
        targetType: "ticket",
        targetId: ticket.id,
        ticketId: ticket.id,
        metadata: change,
      });
    }
    return toTicketJson(updated);
  });
}

/** Ticket history, oldest first: who changed what, when. */
export async function ticketHistory(user: SessionUser, id: string) {
  if (!isStaff(user)) throw forbidden();
  await findVisibleTicket(user, id);
  const events = await db.auditEvent.findMany({
    where: { organizationId: user.organizationId, ticketId: id },
    orderBy: { createdAt: "asc" },
    select: { id: true, action: true, actorLabel: true, metadata: true, createdAt: true },
  });
  return events;
}
