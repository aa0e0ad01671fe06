import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { Group, GroupInput, GroupUpdate } from "@/lib/schemas/groups";
import { db } from "@/lib/server/db";
import { isUniqueViolation } from "@/lib/server/db-errors";
import { conflict, notFound } from "@/lib/errors";
import { recordEvent } from "@/lib/services/audit";
import { enqueueTicketChange } from "@/lib/services/webhooks/ticket-events";
import { addMembers, assertMembers, removeMembers, replaceMembers } from "./members";

export const GROUP_NAME_TAKEN = "A group with this name already exists";
export const GROUP_NOT_FOUND = "Group not found";

type Tx = Prisma.TransactionClient;

const GROUP_SELECT = {
  id: true,
  name: true,
  assignment: true,
  maxOpenPerAgent: true,
  members: { select: { userId: true }, orderBy: [{ createdAt: "asc" }, { userId: "asc" }] },
} as const satisfies Prisma.GroupSelect;

type GroupRow = Prisma.GroupGetPayload<{ select: typeof GROUP_SELECT }>;

function toGroupJson(row: GroupRow): Group {
  return {
    id: row.id,
    name: row.name,
    memberIds: row.members.map((m) => m.userId),
    assignment: row.assignment,
    maxOpenPerAgent: row.maxOpenPerAgent,
  };
}

/** A name clash found by the database (two saves at once) reads like the one checked up front. */
async function nameChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(GROUP_NAME_TAKEN);
    throw error;
  }
}

function recordGroupEvent(tx: Tx, user: SessionUser, action: string, group: { id: string; name: string }, extra = {}) {
  return recordEvent(tx, {
    organizationId: user.organizationId,
    actorId: user.id,
    actorLabel: user.fullName,
    action,
    targetType: "group",
    targetId: group.id,
    metadata: { name: group.name, ...extra },
  });
}

/**
 * The group's row, locked until the transaction ends so that a change, a deletion and a ticket
 * joining the group happen one after the other; another organisation's group is a 404.
 */
async function lockGroup(tx: Tx, user: SessionUser, id: string): Promise<{ id: string; name: string }> {
  const [row] = await tx.$queryRaw<{ id: string; name: string }[]>`
    SELECT "id", "name" FROM "Group" WHERE "id" = ${id} AND "organizationId" = ${user.organizationId} FOR UPDATE`;
  if (!row) throw notFound(GROUP_NOT_FOUND);
  return row;
}

/** The organisation's groups by name. */
export async function listGroups(user: SessionUser): Promise<{ groups: Group[] }> {
  const rows = await db.group.findMany({
    where: { organizationId: user.organizationId },
    select: GROUP_SELECT,
    orderBy: [{ nameKey: "asc" }, { id: "asc" }],
  });
  return { groups: rows.map(toGroupJson) };
}

export async function createGroup(user: SessionUser, input: GroupInput): Promise<Group> {
  return nameChecked(() =>
    db.$transaction(async (tx) => {
      await assertMembers(tx, user.organizationId, "memberIds", input.memberIds);
      const created = await tx.group.create({
        data: {
          organizationId: user.organizationId,
          name: input.name,
          nameKey: input.name.toLowerCase(),
          assignment: input.assignment,
          maxOpenPerAgent: input.maxOpenPerAgent,
        },
        select: { id: true },
      });
      await addMembers(tx, created.id, input.memberIds);
      await recordGroupEvent(tx, user, "group.created", { id: created.id, name: input.name });
      return toGroupJson(await tx.group.findUniqueOrThrow({ where: { id: created.id }, select: GROUP_SELECT }));
    }),
  );
}

/** Renames the group, changes its members, assignment mode or cap: only the fields sent. */
export async function updateGroup(user: SessionUser, id: string, input: GroupUpdate): Promise<Group> {
  return nameChecked(() =>
    db.$transaction(async (tx) => {
      const group = await lockGroup(tx, user, id);
      for (const field of ["memberIds", "addMemberIds"] as const)
        await assertMembers(tx, user.organizationId, field, input[field] ?? []);
      await tx.group.update({
        where: { id: group.id },
        data: {
          ...(input.name !== undefined && { name: input.name, nameKey: input.name.toLowerCase() }),
          ...(input.assignment !== undefined && { assignment: input.assignment }),
          ...(input.maxOpenPerAgent !== undefined && { maxOpenPerAgent: input.maxOpenPerAgent }),
        },
      });
      if (input.memberIds) await replaceMembers(tx, group.id, input.memberIds);
      await removeMembers(tx, group.id, input.removeMemberIds ?? []);
      await addMembers(tx, group.id, input.addMemberIds ?? []);
      const updated = await tx.group.findUniqueOrThrow({ where: { id: group.id }, select: GROUP_SELECT });
      await recordGroupEvent(
        tx,
        user,
        "group.updated",
        updated,
        updated.name !== group.name ? { from: group.name } : {},
      );
      return toGroupJson(updated);
    }),
  );
}

/**
 * Deletes the group; its tickets stay, ungrouped, each with a history event (and a webhook event)
 * saying so, all in one transaction, so no ticket is ever seen in a group that no longer exists.
 */
export async function deleteGroup(user: SessionUser, id: string, now = new Date()): Promise<{ ungrouped: number }> {
  return db.$transaction(async (tx) => {
    const group = await lockGroup(tx, user, id);
    const tickets = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "Ticket" SET "groupId" = NULL, "updatedAt" = ${now}
      WHERE "organizationId" = ${user.organizationId} AND "groupId" = ${group.id}
      RETURNING "id"`;
    if (tickets.length > 0)
      await tx.auditEvent.createMany({
        data: tickets.map((ticket) => ({
          organizationId: user.organizationId,
          actorId: user.id,
          actorLabel: user.fullName,
          action: "ticket.group_changed",
          targetType: "ticket",
          targetId: ticket.id,
          ticketId: ticket.id,
          metadata: {
            field: "group",
            from: group.id,
            to: null,
            fromName: group.name,
            toName: null,
            groupDeleted: true,
          },
          createdAt: now,
        })),
      });
    for (const ticket of tickets)
      await enqueueTicketChange(tx, { organizationId: user.organizationId, ticketId: ticket.id, now });
    await tx.group.delete({ where: { id: group.id } });
    await recordGroupEvent(tx, user, "group.deleted", group, { ungrouped: tickets.length });
    return { ungrouped: tickets.length };
  });
}
