import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Availability } from "@/generated/prisma/enums";
import { notFound } from "@/lib/errors";
import { SEAT_ROLES } from "@/lib/permissions/rules";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { afterCursor, pageOf } from "@/lib/services/keyset";

type TeamRole = (typeof SEAT_ROLES)[number];

/**
 * A member of the team as the public API shows them: who they are, their role, whether they may
 * sign in and take new tickets, and their groups. Nothing of their sign-in (password, sessions)
 * or their avatar's storage.
 */
export type ApiUser = {
  id: string;
  fullName: string;
  email: string;
  role: TeamRole;
  isActive: boolean;
  availability: Availability;
  groupIds: string[];
  createdAt: Date;
};

const API_USER_SELECT = {
  id: true,
  fullName: true,
  email: true,
  role: true,
  isActive: true,
  availability: true,
  createdAt: true,
  groupMembers: { select: { groupId: true }, orderBy: { groupId: "asc" } },
} as const satisfies Prisma.UserSelect;

type Row = Prisma.UserGetPayload<{ select: typeof API_USER_SELECT }>;

function toApiUser({ groupMembers, ...user }: Row): ApiUser {
  // The team's reads name only these roles (teamOf).
  return { ...user, role: user.role as TeamRole, groupIds: groupMembers.map((m) => m.groupId) };
}

/** The team is the organisation's agents and admins; its customers' portal accounts are not. */
const teamOf = (user: SessionUser): Prisma.UserWhereInput => ({
  organizationId: user.organizationId,
  role: { in: [...SEAT_ROLES] },
});

/** One page of the organisation's team, newest first (the workspace's user list order). */
export async function listApiUsers(
  user: SessionUser,
  query: { limit: number; cursor?: string },
): Promise<{ users: ApiUser[]; nextCursor: string | null }> {
  const rows = await db.user.findMany({
    where: { AND: [teamOf(user), afterCursor(query.cursor)] },
    select: API_USER_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { users: page.map(toApiUser), nextCursor };
}

/** One member of the team; anyone else (another organisation's user, a portal account) is a 404. */
export async function apiUser(user: SessionUser, id: string): Promise<ApiUser> {
  const row = await db.user.findFirst({ where: { ...teamOf(user), id }, select: API_USER_SELECT });
  if (!row) throw notFound("User not found");
  return toApiUser(row);
}
