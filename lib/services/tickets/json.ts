import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Ticket } from "@/lib/schemas/tickets";
import { storedValues } from "@/lib/services/fields/values";

/** A ticket as the API sends it, plus what the SLA badge needs. */
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
  nextResponseDueAt: true,
  resolutionDueAt: true,
  slaRiskAt: true,
  slaPolicy: { select: { id: true, name: true } },
  firstRespondedAt: true,
  resolvedAt: true,
  closedAt: true,
  version: true,
  groupId: true,
  group: { select: { id: true, name: true } },
  cc: true,
  customFields: true,
} as const satisfies Prisma.TicketSelect;

export type TicketRow = Prisma.TicketGetPayload<{ select: typeof TICKET_SELECT }>;

/**
 * A ticket row as JSON. Its tag ids never leave: staff get the tags by name, customers not at all.
 * The group goes out when the row was read with it (TICKET_SELECT: the answers of staff's changes).
 */
export function toTicketJson(
  t: Omit<TicketRow, "groupId" | "group"> & { tagIds?: string[]; groupId?: string | null; group?: TicketRow["group"] },
): Ticket {
  const { assignedToId, tagIds: _tagIds, groupId, group, customFields, ...rest } = t;
  return {
    ...rest,
    customFields: storedValues(customFields),
    assignedTo: assignedToId,
    slaPaused: t.status === "pending",
    ...(group !== undefined && { groupId: groupId ?? null, group }),
  };
}

export const TICKET_COLUMNS = Prisma.sql`"id", "ticketNumber", "subject", "description", "priority"::text AS "priority", "status"::text AS "status",
  "category", "customerName", "customerEmail", "assignedToId", "organizationId", "createdAt", "updatedAt", "firstResponseDueAt",
  "nextResponseDueAt", "resolutionDueAt", "slaRiskAt", "firstRespondedAt", "resolvedAt", "closedAt", "version", "cc", "customFields"`;
