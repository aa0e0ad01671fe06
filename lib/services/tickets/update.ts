import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { TicketStatus } from "@/generated/prisma/enums";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { badRequest, forbidden, notFound } from "@/lib/errors";
import type { Ticket, UpdateTicketInput } from "@/lib/schemas/tickets";
import { can } from "@/lib/permissions/table";
import { ASSIGNABLE_ROLES } from "@/lib/permissions/rules";
import { recordEvent } from "@/lib/services/audit";
import { staffAuthor } from "@/lib/services/actor";
import { notifyStatusChange } from "@/lib/services/mail/notifications";
import { findVisibleTicket } from "@/lib/services/tickets/access";
import { TICKET_SELECT, toTicketJson, type TicketRow } from "@/lib/services/tickets/json";
import { lockTicket } from "@/lib/services/tickets/lock";
import { statusClock } from "@/lib/services/tickets/status";
import { refreshTicketSla } from "@/lib/services/sla/ticket-sla";
import { assertFresh } from "@/lib/services/tickets/versions";
import { runEventRules } from "@/lib/services/automations/engine";
import { currentGroupName, groupForTicket } from "@/lib/services/groups/ticket-group";
import { assignInGroup } from "@/lib/services/groups/assignment";
import { applyTicketTags, assertMayTag } from "@/lib/services/tickets/tags";
import { enqueueTicketChange } from "@/lib/services/webhooks/ticket-events";
import { applyCustomFieldValues } from "@/lib/services/fields/ticket-values";

export async function assertAssignable(organizationId: string, userId: string) {
  const assignee = await db.user.findFirst({
    where: { id: userId, organizationId, isActive: true, role: { in: [...ASSIGNABLE_ROLES] } },
    select: { id: true },
  });
  if (!assignee) throw badRequest("Assignee must be an active agent of this organization");
}

type Tx = Prisma.TransactionClient;
type LockedTicket = NonNullable<Awaited<ReturnType<Tx["ticket"]["findFirst"]>>>;
type TicketChangeInput = Pick<UpdateTicketInput, "status" | "priority" | "assignedTo"> & { groupId?: string | null };

/** Who may change what; the same rules for one ticket and for many. */
export function assertMayUpdate(user: SessionUser, input: TicketChangeInput) {
  if (!can(user, "tickets.update")) throw forbidden("Customers cannot change status, priority or assignee");
  if (input.assignedTo !== undefined && !can(user, "tickets.assign"))
    throw forbidden("Customers cannot change status, priority or assignee");
}

/**
 * Applies a change to one ticket already locked in `tx`: each changed field is written and
 * recorded as one history event in the same transaction. Whether anything changed: once the
 * caller's whole change is made (its tags too), runUpdateRules runs the rules for updated tickets.
 */
export async function applyTicketChange(
  tx: Tx,
  user: SessionUser,
  ticket: LockedTicket,
  input: TicketChangeInput,
  now: Date,
  /** Why the fields change, kept with each history event (the macro applied with a reply). */
  cause: { macro?: string } = {},
): Promise<{ ticket: Ticket; changed: boolean }> {
  const changes: {
    field: string;
    from: string | null;
    to: string | null;
    /** A group is named as it was called at the time (it can be renamed or deleted later). */
    fromName?: string | null;
    toName?: string | null;
  }[] = [];
  const data: Prisma.TicketUpdateInput = { updatedAt: now };
  if (input.status !== undefined && input.status !== ticket.status) {
    changes.push({ field: "status", from: ticket.status, to: input.status });
    Object.assign(data, { status: input.status }, statusClock(ticket, input.status as TicketStatus, now));
  }
  if (input.priority !== undefined && input.priority !== ticket.priority) {
    changes.push({ field: "priority", from: ticket.priority, to: input.priority });
    data.priority = input.priority as TicketRow["priority"];
  }
  if (input.assignedTo !== undefined && input.assignedTo !== ticket.assignedToId) {
    changes.push({ field: "assignee", from: ticket.assignedToId, to: input.assignedTo });
    data.assignedTo = input.assignedTo ? { connect: { id: input.assignedTo } } : { disconnect: true };
  }
  // An unassigned ticket put in a group is shared out by the group's mode, unless the same
  // change names its assignee (or no assignee).
  const assignIn =
    input.groupId && input.groupId !== ticket.groupId && input.assignedTo === undefined && !ticket.assignedToId
      ? input.groupId
      : null;
  if (input.groupId !== undefined && input.groupId !== ticket.groupId) {
    const to = input.groupId
      ? await groupForTicket(tx, user.organizationId, input.groupId, { forAssignment: assignIn !== null })
      : null;
    const fromName = await currentGroupName(tx, ticket.groupId);
    changes.push({ field: "group", from: ticket.groupId, to: to?.id ?? null, fromName, toName: to?.name ?? null });
    data.group = to ? { connect: { id: to.id } } : { disconnect: true };
  }
  if (changes.length === 0) return { ticket: await ticketNow(tx, ticket.id), changed: false };

  const updated = await tx.ticket.update({
    where: { id: ticket.id, organizationId: user.organizationId },
    data,
    select: TICKET_SELECT,
  });
  for (const change of changes) {
    await recordEvent(tx, {
      organizationId: user.organizationId,
      ...staffAuthor(user),
      action: change.field === "assignee" ? "ticket.assigned" : `ticket.${change.field}_changed`,
      targetType: "ticket",
      targetId: ticket.id,
      ticketId: ticket.id,
      metadata: { ...change, ...cause },
    });
    if (change.field === "status")
      await notifyStatusChange(tx, ticket, { from: ticket.status, to: input.status as TicketStatus }, now);
  }
  const assigned = assignIn ? await assignInGroup(tx, { ...ticket, groupId: assignIn }, {}, now) : null;
  return { ticket: assigned ? await ticketNow(tx, ticket.id) : toTicketJson(updated), changed: true };
}

const ticketNow = async (tx: Tx, id: string) =>
  toTicketJson(await tx.ticket.findUniqueOrThrow({ where: { id }, select: TICKET_SELECT }));

/**
 * What follows once a change to the ticket is whole (its fields, its tags), in that change's
 * transaction: the organisation's rules for updated tickets, and its SLA worked out again (a new
 * status, priority, group or tags may stop or resume its clocks or bring another policy; rules
 * that changed it did so already); then the webhooks hear of the change, once. The ticket as it
 * then stands.
 */
export async function runUpdateRules(tx: Tx, organizationId: string, ticketId: string, now: Date) {
  if (!(await runEventRules(tx, "ticket_updated", { organizationId, ticketId, now })))
    await refreshTicketSla(tx, { organizationId, id: ticketId }, now);
  await enqueueTicketChange(tx, { organizationId, ticketId, now });
  return ticketNow(tx, ticketId);
}

/**
 * Status, priority and assignee; each changed field is one history event. The ticket row is
 * locked and re-read inside the transaction, so of two agents changing it at once the later
 * one sees the earlier one's values: it wins field by field and its history starts from them,
 * unless it carries the version its agent saw and a field it sets was changed since (409, see
 * versions.ts). Tags added and taken off with it (the public API's change) commit with the
 * fields, and the rules for updated tickets run once on the whole change.
 */
export async function updateTicket(
  user: SessionUser,
  id: string,
  { addTags = [], removeTags = [], ...input }: UpdateTicketInput & { addTags?: string[]; removeTags?: string[] },
  now = new Date(),
): Promise<Ticket> {
  assertMayUpdate(user, input);
  const tagging = addTags.length > 0 || removeTags.length > 0;
  if (tagging) assertMayTag(user);
  await findVisibleTicket(user, id);
  if (input.assignedTo) await assertAssignable(user.organizationId, input.assignedTo);

  return db.$transaction(async (tx) => {
    const ticket = await lockTicket(tx, { id, organizationId: user.organizationId });
    if (!ticket) throw notFound("Ticket not found");
    assertFresh(ticket, input.version, input, () => toTicketJson(ticket));
    // Custom fields first: a required one left empty stops the move to resolved or closed.
    const valuesChanged = await applyCustomFieldValues(
      tx,
      user,
      ticket,
      {
        customFields: input.customFields,
        status: input.status as TicketStatus | undefined,
      },
      now,
    );
    const { ticket: changed, changed: fieldsChanged } = await applyTicketChange(tx, user, ticket, input, now);
    const tagged = tagging ? await applyTicketTags(tx, user, ticket, { add: addTags, remove: removeTags }, now) : null;
    const anything = fieldsChanged || valuesChanged || (tagged !== null && tagged.version !== null);
    return (anything && (await runUpdateRules(tx, user.organizationId, id, now))) || changed;
  });
}
