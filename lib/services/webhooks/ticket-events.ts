import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { TicketGroup } from "@/lib/schemas/groups";
import type { TicketListItem } from "@/lib/schemas/tickets";
import type { Jsonify } from "@/lib/schemas/json";
import { LIST_ITEM_JSON, ticketGroup } from "@/lib/services/tickets/json-sql.mjs";
import { tagNames } from "@/lib/services/tickets/tags";
import { enqueueWebhookEvent } from "./enqueue";
import { anySubscribed, subscribedEndpoints } from "./subscribers";

type Tx = Prisma.TransactionClient;
type TicketRef = { organizationId: string; ticketId: string };

type Row = {
  json: string;
  tagIds: string[];
  group: TicketGroup | null;
  assigneeName: string | null;
  assigneeChanged: boolean;
};

/**
 * The ticket as `GET /api/v1/tickets` lists it (its assignee by name, its tags and group), read in
 * the change's transaction; and whether that change gave it another assignee. The database dates
 * each change of assignee (the time_rules migration's trigger) with the time the writer gave the
 * row, `now` here, or when the writer gave none new (a second write in the change), the
 * transaction's time: either is this change's.
 */
async function apiTicketIn(tx: Tx, { organizationId, ticketId }: TicketRef, now: Date) {
  const [row] = await tx.$queryRaw<Row[]>`
    SELECT ${Prisma.raw(LIST_ITEM_JSON)} AS "json", "tagIds", ${Prisma.raw(ticketGroup(`"Ticket"`))} AS "group",
      (SELECT u."fullName" FROM "User" u WHERE u."id" = "Ticket"."assignedToId") AS "assigneeName",
      "assigneeChangedAt" IN (${now}, now()::timestamp(3)) AS "assigneeChanged"
    FROM "Ticket" WHERE "id" = ${ticketId} AND "organizationId" = ${organizationId}`;
  if (!row) return null;
  const ticket: Jsonify<TicketListItem> = {
    ...JSON.parse(row.json),
    assigneeName: row.assigneeName,
    tags: await tagNames(tx, organizationId, row.tagIds),
    groupId: row.group?.id ?? null,
    group: row.group,
  };
  return { ticket, assigneeChanged: row.assigneeChanged };
}

/** The ticket as `GET /api/v1/tickets` lists it, read in `tx` (what every ticket event carries). */
export async function apiTicketOf(tx: Tx, ref: TicketRef, now: Date): Promise<Jsonify<TicketListItem> | null> {
  return (await apiTicketIn(tx, ref, now))?.ticket ?? null;
}

/**
 * A change of the ticket is whole (its fields, tags, group, a status moved with a reply, what the
 * rules then did), in its transaction at `now`: `ticket.updated` carries the ticket as the API
 * lists it, and `ticket.assigned` too when the change gave it another assignee or none. Called
 * once per change, where it becomes whole; nothing is read when no endpoint hears either event.
 */
export async function enqueueTicketChange(tx: Tx, ref: TicketRef & { now: Date }): Promise<void> {
  if (!(await anySubscribed(ref.organizationId, ["ticket.updated", "ticket.assigned"], tx))) return;
  const read = await apiTicketIn(tx, ref, ref.now);
  if (!read) return;
  const event = { organizationId: ref.organizationId, data: read.ticket, ticketId: ref.ticketId };
  await enqueueWebhookEvent(tx, { ...event, type: "ticket.updated" });
  if (read.assigneeChanged) await enqueueWebhookEvent(tx, { ...event, type: "ticket.assigned" });
}

/**
 * A new ticket that has an assignee from the start (given, or chosen by the rules or the group's
 * turn): `ticket.assigned` follows its `ticket.created`, in the creating transaction.
 */
export async function enqueueNewTicketAssigned(tx: Tx, ref: TicketRef & { now: Date }): Promise<void> {
  if ((await subscribedEndpoints(ref.organizationId, "ticket.assigned", tx)).length === 0) return;
  const read = await apiTicketIn(tx, ref, ref.now);
  if (!read?.ticket.assignedTo) return;
  await enqueueWebhookEvent(tx, {
    organizationId: ref.organizationId,
    type: "ticket.assigned",
    data: read.ticket,
    ticketId: ref.ticketId,
  });
}
