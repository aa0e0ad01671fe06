import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { LIVE_CHANNEL } from "./channel";

type Tx = Prisma.TransactionClient;

/**
 * Tells every open workspace and portal that a ticket changed, from inside the writing
 * transaction (so it is heard only once that commits). Writes to Ticket and Reply rows announce
 * themselves through triggers; call this for a change that touches neither row (an attachment,
 * say): it moves the ticket's version and updatedAt, which announces it the same way.
 */
export async function announceTicketChange(
  tx: Tx,
  { organizationId, ticketId }: { organizationId: string; ticketId: string },
) {
  await tx.$executeRaw`UPDATE "Ticket" SET "updatedAt" = now() WHERE "id" = ${ticketId} AND "organizationId" = ${organizationId}`;
}

/** Someone opened, left or typed on a ticket: the viewers of that ticket fetch its presence again. */
export async function announcePresence(
  tx: Tx,
  { organizationId, ticketId }: { organizationId: string; ticketId: string },
) {
  const payload = JSON.stringify({ k: "presence", o: organizationId, t: ticketId });
  await tx.$executeRaw`SELECT pg_notify(${LIVE_CHANNEL}, ${payload})`;
}
