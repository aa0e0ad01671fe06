import "server-only";
import type { SessionUser } from "@/lib/schemas/session-user";
import { forbidden } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import { announcePresence } from "@/lib/live/announce";
import type { TicketViewer } from "@/lib/schemas/presence";
import { db } from "@/lib/server/db";
import { findVisibleTicket, type VisibleTicket } from "@/lib/services/tickets/access";

/**
 * A viewer counts while their tab has said so within this long. Open tabs say so every
 * PRESENCE_HEARTBEAT_MS (lib/schemas/presence.ts), so a closed or crashed tab drops out within
 * about half a minute; a tab that leaves normally says so and drops out at once.
 */
export const PRESENCE_TTL_MS = 25_000;

function assertMaySee(user: SessionUser) {
  if (!can(user, "tickets.presence")) throw forbidden();
}

/**
 * The agent has the ticket open (and is or is not typing a reply). Stored for every instance
 * to read and announced to the ticket's other viewers in the same transaction.
 */
export async function markViewing(user: SessionUser, ticketId: string, typing: boolean, now = new Date()) {
  assertMaySee(user);
  await findVisibleTicket(user, ticketId);
  const key = { organizationId: user.organizationId, ticketId, userId: user.id };
  await db.$transaction(async (tx) => {
    await tx.ticketPresence.upsert({
      where: { organizationId_ticketId_userId: key },
      create: { ...key, typing, seenAt: now },
      update: { typing, seenAt: now },
    });
    // Rows of tabs that vanished long ago are dropped here rather than by a job.
    await tx.ticketPresence.deleteMany({
      where: {
        organizationId: user.organizationId,
        ticketId,
        seenAt: { lt: new Date(now.getTime() - 10 * PRESENCE_TTL_MS) },
      },
    });
    await announcePresence(tx, { organizationId: user.organizationId, ticketId });
  });
  return listViewers(user, ticketId, now);
}

/** The agent closed the ticket. */
export async function markLeft(user: SessionUser, ticketId: string) {
  assertMaySee(user);
  await findVisibleTicket(user, ticketId);
  await db.$transaction(async (tx) => {
    await tx.ticketPresence.deleteMany({ where: { organizationId: user.organizationId, ticketId, userId: user.id } });
    await announcePresence(tx, { organizationId: user.organizationId, ticketId });
  });
}

/** Who has the ticket open now (the caller included), typing ones first. */
export async function listViewers(user: SessionUser, ticketId: string, now = new Date()): Promise<TicketViewer[]> {
  assertMaySee(user);
  return viewersOf(user, await findVisibleTicket(user, ticketId), now);
}

/** The same for a ticket already found visible to the caller. */
export async function viewersOf(user: SessionUser, { id: ticketId }: VisibleTicket, now = new Date()) {
  assertMaySee(user);
  const rows = await db.ticketPresence.findMany({
    where: {
      organizationId: user.organizationId,
      ticketId,
      seenAt: { gte: new Date(now.getTime() - PRESENCE_TTL_MS) },
    },
    select: { userId: true, typing: true, seenAt: true, user: { select: { fullName: true, isActive: true } } },
    orderBy: [{ typing: "desc" }, { seenAt: "asc" }],
  });
  return rows.filter((row) => row.user.isActive).map((row) => toViewer({ ...row, fullName: row.user.fullName }, now));
}

/** A viewer as the pane shows them: for how much longer they count without another beat. */
export function toViewer(
  row: { userId: string; fullName: string; typing: boolean; seenAt: Date | string },
  now: Date,
): TicketViewer {
  const seenAt = typeof row.seenAt === "string" ? Date.parse(row.seenAt) : row.seenAt.getTime();
  return {
    userId: row.userId,
    fullName: row.fullName,
    typing: row.typing,
    expiresInMs: Math.max(0, seenAt + PRESENCE_TTL_MS - now.getTime()),
  };
}
