import "server-only";
import { cookies } from "next/headers";
import type { NextRequest } from "next/server";
import type { Listener } from "@/lib/live/listener";
import { listener } from "@/lib/server/live-listener";
import type { SessionUser } from "@/lib/schemas/session-user";
import { readSessionUsers } from "@/lib/services/users/session-users";
import { LAST_SEEN_EVERY_MS, readLiveSession, touchSession } from "@/lib/services/users/session-records";
import type { SessionRecord } from "@/lib/schemas/session-record";
import { decodeSession, sessionCookieName } from "./session-cookie";
import type { SessionUserCache } from "./session-user-cache";
import { sessionUsers } from "./session-users";

type Listening = Pick<Listener, "connected" | "ensure">;

/**
 * The session check over a given cache and listening connection: one of each per process
 * (`userFromSessionToken`); the tests build a second pair to stand for another process.
 *
 * A cookie is honoured only while its user exists, is active and still has the session
 * version the cookie was issued with (password change or reset, deactivation and role changes
 * bump the version and so end every session at once), and while its own session record is live
 * (ending one session, from the profile or by an admin, ends that one alone). The user and the
 * session come from the cache when it holds them, else from the database; the cache answers only
 * while the process listens for user changes, the first check starts listening, and until then
 * every check reads the database. A session whose user must still enrol a second factor comes
 * back marked `twoFactorPending` (the route wrapper and the page guard send it to enrolment).
 */
export function sessionChecker(users: SessionUserCache, listening: Listening) {
  return async (token: string | undefined): Promise<SessionUser | null> => {
    const claims = await decodeSession(token);
    if (!claims) return null;
    const user = (await usersThrough(users, listening, [claims.userId])).get(claims.userId);
    if (!user || !user.isActive || user.sessionVersion !== claims.sessionVersion) return null;
    const session = await sessionThrough(users, claims.sessionId);
    if (!session || session.userId !== user.id || session.sessionVersion !== user.sessionVersion) return null;
    return session.twoFactorPending ? { ...user, twoFactorPending: true } : user;
  };
}

/**
 * The live session from the cache, else the database (the user's read just before started
 * listening). "Last seen" is written when the kept value is a few minutes old, never per request.
 */
async function sessionThrough(users: SessionUserCache, id: string): Promise<SessionRecord | null> {
  const now = Date.now();
  let session = users.sessions.get(id) ?? null;
  if (!session) {
    const ticket = users.sessions.begin();
    session = await readLiveSession(id);
    if (session) users.sessions.keep(ticket, id, Object.freeze(session));
  }
  if (!session || session.expiresAt <= now) return null;
  if (now - session.lastSeenAt >= LAST_SEEN_EVERY_MS) {
    const ticket = users.sessions.begin();
    await touchSession(id, new Date(now));
    session = Object.freeze({ ...session, lastSeenAt: now });
    users.sessions.keep(ticket, id, session);
  }
  return session;
}

/**
 * Users by id from the cache, the rest in one read, kept unless a change was heard meanwhile
 * (the cache's ticket). The first read starts listening; until then every read goes to the database.
 */
async function usersThrough(
  users: SessionUserCache,
  listening: Listening,
  ids: Iterable<string>,
): Promise<Map<string, SessionUser>> {
  const found = new Map<string, SessionUser>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const cached = users.get(id);
    if (cached) found.set(id, cached);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  if (!listening.connected) void listening.ensure().catch(() => {});
  const ticket = users.begin();
  for (const user of await readSessionUsers(missing)) {
    users.store(ticket, user);
    found.set(user.id, user);
  }
  return found;
}

export const userFromSessionToken = sessionChecker(sessionUsers, listener);

/**
 * Users by id through this process's session cache: the people a page of tickets names (its
 * assignees) are nearly always the team working in this very process, so naming them costs no
 * database work.
 */
export function usersById(ids: Iterable<string>): Promise<Map<string, SessionUser>> {
  return usersThrough(sessionUsers, listener, ids);
}

/**
 * Called by the process that changed a user, once the change is committed: its own next request
 * sees the change without waiting for the notification every process (this one too) receives.
 */
export function forgetSessionUser(id: string) {
  sessionUsers.forget(id);
}

/**
 * Called by the process that ended or changed a session, once committed: its next request sees it
 * without waiting for the notification.
 */
export function forgetSessionRecord(id: string) {
  sessionUsers.sessions.forget(id);
}

/** The id of the session the request's cookie names (the decoded cookie is kept: no second decryption). */
export async function currentSessionId(req: NextRequest): Promise<string | null> {
  return (await decodeSession(req.cookies.get(sessionCookieName())?.value))?.sessionId ?? null;
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
  const { id, fullName, email, username, avatar, role, isActive, availability, organizationId } = user;
  return { id, fullName, email, username, avatar, role, isActive, availability, organizationId };
}
export type PublicUser = ReturnType<typeof publicUser>;
