import "server-only";
import { cookies } from "next/headers";
import type { NextRequest } from "next/server";
import type { Role } from "@/generated/prisma/enums";
import { db } from "@/lib/server/db";
import { decodeSession, sessionCookieName } from "./session-cookie";

/** The signed-in user as the app sees it: loaded from the database on every request. */
export type SessionUser = {
  id: string;
  organizationId: string;
  role: Role;
  email: string;
  fullName: string;
  username: string;
  avatar: string | null;
  isActive: boolean;
  sessionVersion: number;
};

export const SESSION_USER_SELECT = {
  id: true,
  organizationId: true,
  role: true,
  email: true,
  fullName: true,
  username: true,
  avatar: true,
  isActive: true,
  sessionVersion: true,
} as const;

/**
 * A cookie is honoured only while its user exists, is active and still has the session
 * version the cookie was issued with: logout, password change or reset, deactivation and
 * role changes bump the version and so end every copy of the cookie at once.
 */
export async function userFromSessionToken(token: string | undefined): Promise<SessionUser | null> {
  const claims = await decodeSession(token);
  if (!claims) return null;
  const user = await db.user.findUnique({ where: { id: claims.userId }, select: SESSION_USER_SELECT });
  if (!user || !user.isActive || user.sessionVersion !== claims.sessionVersion) return null;
  return user;
}

/** For route handlers (through the route wrapper). */
export function getSessionUser(req: NextRequest): Promise<SessionUser | null> {
  return userFromSessionToken(req.cookies.get(sessionCookieName())?.value);
}

/** For server components and layouts. */
export async function getCurrentUser(): Promise<SessionUser | null> {
  return userFromSessionToken((await cookies()).get(sessionCookieName())?.value);
}

/** The fields of the auth check's user (never the version or anything secret). */
export function publicUser(user: SessionUser) {
  const { id, fullName, email, username, avatar, role, isActive, organizationId } = user;
  return { id, fullName, email, username, avatar, role, isActive, organizationId };
}
export type PublicUser = ReturnType<typeof publicUser>;
