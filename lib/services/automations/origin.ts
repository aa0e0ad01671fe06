import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Entrance } from "@/lib/schemas/automations";
import type { db } from "@/lib/server/db";

/** How a ticket came in, and the support address a mailed one came to. */
export type TicketOrigin = { entrance: Entrance; supportEmailId: string | null };

/**
 * How a stored ticket came in: the team's ticket by an agent, or by the API when an API token
 * created it (its history's first event names the token); a customer's ticket opened by a mail
 * by email (to that mail's support address), any other customer's by the portal.
 */
export async function originOf(
  tx: Prisma.TransactionClient,
  ticket: { id: string; organizationId: string; raisedByCustomer: boolean },
): Promise<TicketOrigin> {
  if (!ticket.raisedByCustomer) {
    const [created] = await tx.$queryRaw<{ actorType: string }[]>`
      SELECT "actorType" FROM "AuditEvent" WHERE "ticketId" = ${ticket.id} AND "action" = 'ticket.created'
      ORDER BY "createdAt" LIMIT 1`;
    return { entrance: created?.actorType === "api" ? "api" : "agent", supportEmailId: null };
  }
  const [opening] = await tx.$queryRaw<{ supportEmailId: string | null }[]>`
    SELECT "supportEmailId" FROM "InboundMessage"
    WHERE "organizationId" = ${ticket.organizationId} AND "ticketId" = ${ticket.id} AND "replyId" IS NULL
    ORDER BY "createdAt" LIMIT 1`;
  return opening
    ? { entrance: "email", supportEmailId: opening.supportEmailId }
    : { entrance: "portal", supportEmailId: null };
}

/** The support address a mailed ticket came to (null when it did not come by mail). */
export async function supportAddressOf(
  reader: Prisma.TransactionClient | typeof db,
  organizationId: string,
  id: string | null,
) {
  if (!id) return null;
  const found = await reader.supportEmail.findFirst({ where: { id, organizationId }, select: { email: true } });
  return found?.email ?? null;
}
