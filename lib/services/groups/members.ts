import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { badRequest } from "@/lib/errors";
import { ASSIGNABLE_ROLES } from "@/lib/permissions/rules";

export const GROUP_MEMBER_INVALID = "Members must be active agents or admins of this organization";

/**
 * Refuses ids that are not active agents or admins of the organisation (a customer, someone
 * deactivated, another organisation's user, no user at all) with a 400 naming the field and
 * the position, like a refused input.
 */
export async function assertMembers(
  tx: Prisma.TransactionClient,
  organizationId: string,
  field: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx.user.findMany({
    where: { id: { in: [...ids] }, organizationId, isActive: true, role: { in: [...ASSIGNABLE_ROLES] } },
    select: { id: true },
  });
  const valid = new Set(found.map((u) => u.id));
  const issues = ids.flatMap((id, i) =>
    valid.has(id) ? [] : [{ path: `${field}.${i}`, message: GROUP_MEMBER_INVALID }],
  );
  if (issues.length > 0) throw badRequest(GROUP_MEMBER_INVALID, issues);
}

/** Makes the group's members exactly `ids`. */
export async function replaceMembers(tx: Prisma.TransactionClient, groupId: string, ids: readonly string[]) {
  await tx.groupMember.deleteMany({ where: { groupId, userId: { notIn: [...ids] } } });
  await addMembers(tx, groupId, ids);
}

/** Adds the ones not yet in the group. */
export async function addMembers(tx: Prisma.TransactionClient, groupId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await tx.groupMember.createMany({ data: ids.map((userId) => ({ groupId, userId })), skipDuplicates: true });
}

export async function removeMembers(tx: Prisma.TransactionClient, groupId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await tx.groupMember.deleteMany({ where: { groupId, userId: { in: [...ids] } } });
}
