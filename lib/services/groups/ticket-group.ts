import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { badRequest } from "@/lib/errors";
import type { TicketGroup } from "@/lib/schemas/groups";

export const GROUP_UNKNOWN = "Group must be a group of this organization";

type Tx = Prisma.TransactionClient;

/**
 * The group a ticket is put in, held (FOR SHARE) until the ticket's change commits, so it
 * cannot be deleted in between and leave the ticket in a group that is gone; a group of
 * another organisation, or none, is a 400 naming the field. A ticket that the group's mode may
 * then assign takes at once the lock assignment takes (`forAssignment`): two changes each
 * holding the share lock and waiting to strengthen it would wait for each other.
 */
export async function groupForTicket(
  tx: Tx,
  organizationId: string,
  id: string,
  { forAssignment = false } = {},
): Promise<TicketGroup> {
  const lock = forAssignment ? Prisma.sql`FOR NO KEY UPDATE` : Prisma.sql`FOR SHARE`;
  const [group] = await tx.$queryRaw<TicketGroup[]>`
    SELECT "id", "name" FROM "Group" WHERE "id" = ${id} AND "organizationId" = ${organizationId} ${lock}`;
  if (!group) throw badRequest(GROUP_UNKNOWN, [{ path: "groupId", message: GROUP_UNKNOWN }]);
  return group;
}

/** The name of the group a ticket is in now, for its history (null: none, or deleted this instant). */
export async function currentGroupName(tx: Tx, groupId: string | null): Promise<string | null> {
  if (!groupId) return null;
  const group = await tx.group.findUnique({ where: { id: groupId }, select: { name: true } });
  return group?.name ?? null;
}
