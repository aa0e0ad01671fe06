import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { forgetSessionUser } from "@/lib/auth/session";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { badRequest, conflict, forbidden, notFound } from "@/lib/errors";
import { PLANS, planLimitError, withinLimit } from "@/lib/plans/limits";
import { can } from "@/lib/permissions/table";
import {
  holdsSeat,
  losesActiveAdmin,
  mayGrantRole,
  mayManageUser,
  ORGANIZATION_ADMIN_ROLE,
  SEAT_ROLES,
} from "@/lib/permissions/rules";
import type { TeamMember, UpdateUserInput, User, UserListQuery, UserStats } from "@/lib/schemas/users";
import { recordEvent } from "@/lib/services/audit";
import { afterCursor, pageOf } from "@/lib/services/keyset";
import { lockOrganization, seatsHeld } from "@/lib/services/users/seats";
import { revokeInvitesSentBy } from "@/lib/services/users/token-revocation";

const mayInvite = (user: { role: string; isActive: boolean }) => user.isActive && can(user, "team.invite");

/** A user list entry. */
export const USER_SELECT = {
  id: true,
  fullName: true,
  email: true,
  role: true,
  isActive: true,
  createdAt: true,
} as const satisfies Prisma.UserSelect;

function searchFilter(q: string | undefined): Prisma.UserWhereInput {
  if (!q) return {};
  const text = { contains: q, mode: "insensitive" as const };
  return { OR: [{ fullName: text }, { email: text }] };
}

/** One page of the caller's organisation's users, newest first, searched by name or email. */
export async function listUsers(
  actor: SessionUser,
  query: UserListQuery,
): Promise<{ users: User[]; nextCursor: string | null }> {
  const rows = await db.user.findMany({
    where: { AND: [{ organizationId: actor.organizationId }, searchFilter(query.q), afterCursor(query.cursor)] },
    select: USER_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { users: page, nextCursor };
}

/** The User Management stat cards, counted by the database (not from a downloaded list). */
export async function userStats(actor: SessionUser): Promise<UserStats> {
  const groups = await db.user.groupBy({
    by: ["isActive"],
    where: { organizationId: actor.organizationId },
    _count: { _all: true },
  });
  const active = groups.find((g) => g.isActive)?._count._all ?? 0;
  const inactive = groups.find((g) => !g.isActive)?._count._all ?? 0;
  return { total: active + inactive, active, inactive };
}

/**
 * The team of an organisation (its agents and admins), each with whether automatic assignment
 * may give them tickets now. An admin reads their own; a platform admin any; another
 * organisation is a 404.
 */
export async function teamMembers(actor: SessionUser, organizationId: string): Promise<TeamMember[]> {
  if (organizationId !== actor.organizationId && !can(actor, "organizations.manage_all"))
    throw notFound("Organization not found");
  const org = await db.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  if (!org) throw notFound("Organization not found");
  return db.user.findMany({
    where: { organizationId, role: { in: [...SEAT_ROLES] } },
    select: { ...USER_SELECT, availability: true },
    orderBy: [{ fullName: "asc" }, { id: "asc" }],
    take: 1000,
  });
}

/**
 * Changes a user's role and/or active state. Runs under the organisation's row lock, so the
 * seat limit and the last-admin rule hold against concurrent changes. A role change or a
 * deactivation ends the user's sessions, and the invitations of an admin who may no longer
 * invite; every change is audited in the same transaction.
 */
export async function updateUser(actor: SessionUser, id: string, input: UpdateUserInput): Promise<User> {
  const updated = await db.$transaction(async (tx) => {
    const { plan } = await lockOrganization(tx, actor.organizationId);
    const target = await tx.user.findFirst({
      where: { id, organizationId: actor.organizationId },
      select: USER_SELECT,
    });
    if (!target) throw notFound("User not found");

    const role = input.role ?? target.role;
    const isActive = input.isActive ?? target.isActive;
    const roleChanged = role !== target.role;
    const activeChanged = isActive !== target.isActive;
    if (!roleChanged && !activeChanged) return target;

    if (roleChanged && !(mayGrantRole(actor, role) && mayManageUser(actor, target))) {
      throw forbidden("Only a platform admin can grant or remove the Platform Admin role");
    }
    if (activeChanged && !mayManageUser(actor, target)) {
      throw forbidden("Only a platform admin can activate or deactivate a Platform Admin");
    }
    if (target.id === actor.id) {
      if (!isActive) throw badRequest("You cannot deactivate your own account");
      if (roleChanged) throw badRequest("You cannot change your own role");
    }
    if (losesActiveAdmin(target, { role, isActive })) {
      const otherAdmins = await tx.user.count({
        where: {
          organizationId: actor.organizationId,
          role: ORGANIZATION_ADMIN_ROLE,
          isActive: true,
          id: { not: target.id },
        },
      });
      if (otherAdmins === 0)
        throw conflict("An organization needs at least one active admin. Make someone else an admin first.");
    }
    if (holdsSeat({ role, isActive }) && !holdsSeat(target)) {
      // Invitations hold their seats: a seat is free only if no one uses it and no invitation holds it.
      if (!withinLimit(PLANS[plan].seats, await seatsHeld(tx, actor.organizationId))) {
        throw planLimitError({ plan, resource: "seats" });
      }
    }

    const revoke = roleChanged || !isActive;
    const updated = await tx.user.update({
      where: { id: target.id },
      data: { role, isActive, ...(revoke ? { sessionVersion: { increment: 1 } } : {}) },
      select: USER_SELECT,
    });
    if (mayInvite(target) && !mayInvite(updated))
      await revokeInvitesSentBy(tx, { id: target.id, organizationId: actor.organizationId }, actor);
    const event = {
      organizationId: actor.organizationId,
      actorId: actor.id,
      actorLabel: actor.email,
      targetType: "user",
      targetId: target.id,
    };
    if (roleChanged)
      await recordEvent(tx, {
        ...event,
        action: "user.role_changed",
        metadata: { email: target.email, from: target.role, to: role },
      });
    if (activeChanged)
      await recordEvent(tx, {
        ...event,
        action: isActive ? "user.activated" : "user.deactivated",
        metadata: { email: target.email },
      });
    return updated;
  });
  forgetSessionUser(updated.id);
  return updated;
}
