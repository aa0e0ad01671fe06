import "server-only";
import { Prisma, type Ticket as TicketModel } from "@/generated/prisma/client";

/**
 * Every field of the ticket as the client reads it, the enums as their names, and its SLA
 * policy as `{ id, name }` (null for the default targets; looked up only for a ticket under one).
 */
export const TICKET_ROW_COLUMNS = Prisma.raw(
  [
    ...Object.values(Prisma.TicketScalarFieldEnum).map((field) =>
      field === "priority" || field === "status" ? `"${field}"::text AS "${field}"` : `"Ticket"."${field}"`,
    ),
    `CASE WHEN "Ticket"."slaPolicyId" IS NULL THEN NULL ELSE (SELECT json_build_object('id', p."id", 'name', p."name")
      FROM "SlaPolicy" p WHERE p."id" = "Ticket"."slaPolicyId") END AS "slaPolicy"`,
  ].join(", "),
);

/** A ticket's row as lockTicket reads it. */
export type TicketRowWithPolicy = TicketModel & { slaPolicy: { id: string; name: string } | null };

/**
 * The ticket's row, locked until the caller's transaction ends, so a concurrent change is seen
 * before this one is applied; null when `where` finds none (another tenant's ticket included).
 * Locked and read in one round trip, where the lock and Prisma's read took two.
 */
export async function lockTicket(
  tx: Prisma.TransactionClient,
  where: { id: string; organizationId: string; customerEmail?: string },
): Promise<TicketRowWithPolicy | null> {
  const [ticket] = await tx.$queryRaw<TicketRowWithPolicy[]>`
    SELECT ${TICKET_ROW_COLUMNS} FROM "Ticket"
    WHERE "id" = ${where.id} AND "organizationId" = ${where.organizationId}
      ${where.customerEmail === undefined ? Prisma.empty : Prisma.sql`AND "customerEmail" = ${where.customerEmail}`}
    FOR UPDATE`;
  return ticket ?? null;
}
