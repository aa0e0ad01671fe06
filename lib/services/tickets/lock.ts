import "server-only";
import { Prisma, type Ticket as TicketModel } from "@/generated/prisma/client";

/** Every field of the ticket as the client reads it; the enums as their names. */
export const TICKET_ROW_COLUMNS = Prisma.raw(
  Object.values(Prisma.TicketScalarFieldEnum)
    .map((field) => (field === "priority" || field === "status" ? `"${field}"::text AS "${field}"` : `"${field}"`))
    .join(", "),
);

/**
 * The ticket's row, locked until the caller's transaction ends, so a concurrent change is seen
 * before this one is applied; null when `where` finds none (another tenant's ticket included).
 * Locked and read in one round trip, where the lock and Prisma's read took two.
 */
export async function lockTicket(
  tx: Prisma.TransactionClient,
  where: { id: string; organizationId: string; customerEmail?: string },
): Promise<TicketModel | null> {
  const [ticket] = await tx.$queryRaw<TicketModel[]>`
    SELECT ${TICKET_ROW_COLUMNS} FROM "Ticket"
    WHERE "id" = ${where.id} AND "organizationId" = ${where.organizationId}
      ${where.customerEmail === undefined ? Prisma.empty : Prisma.sql`AND "customerEmail" = ${where.customerEmail}`}
    FOR UPDATE`;
  return ticket ?? null;
}
