import "server-only";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { forbidden, notFound } from "@/lib/errors";
import { mayManageUser } from "@/lib/permissions/rules";
import { forgetSessionRecord } from "@/lib/auth/session";
import { SESSION_MAX_AGE_S } from "@/lib/auth/session-cookie";
import { describeDevice } from "@/lib/format/device";
import { newDeviceSignInMail } from "@/lib/mail/sign-in-mails";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { SessionJson } from "@/lib/schemas/sessions";
import { recordEvent } from "@/lib/services/audit";
import { enqueueMail } from "@/lib/services/mail/outbox";

/** Where a sign-in came from, as the request tells it. */
export type SignInPlace = { userAgent: string; address: string };

type Signer = { id: string; organizationId: string; email: string; sessionVersion: number };

/**
 * Records a sign-in and answers its id, for the cookie. Every way in (password, passkey and
 * single sign-on, by `method`) starts its session here, and with `signIn` (what the audit log
 * tells of it) writes its `user.login` event in the same transaction; a registration starts
 * its first session without one. A device (user agent and address together) this account has
 * not signed in from before is mailed to the account's owner, except on an account's very
 * first sign-in, which has nothing to compare with.
 */
export async function startSession(
  user: Signer,
  place: SignInPlace,
  {
    method = "password",
    twoFactorPending = false,
    signIn,
  }: { method?: string; twoFactorPending?: boolean; signIn?: Record<string, string | null> } = {},
): Promise<string> {
  const userAgent = place.userAgent.slice(0, 512);
  const address = place.address.slice(0, 64);
  const now = new Date();
  return db.$transaction(async (tx) => {
    const [before, sameDevice] = await Promise.all([
      tx.userSession.findFirst({ where: { userId: user.id }, select: { id: true } }),
      tx.userSession.findFirst({ where: { userId: user.id, userAgent, address }, select: { id: true } }),
    ]);
    const session = await tx.userSession.create({
      data: {
        organizationId: user.organizationId,
        userId: user.id,
        sessionVersion: user.sessionVersion,
        method,
        twoFactorPending,
        userAgent,
        address,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_S * 1000),
      },
      select: { id: true },
    });
    if (before && !sameDevice) {
      const mail = newDeviceSignInMail(
        user.email,
        { device: describeDevice(userAgent), address: address || "unknown", at: now },
        `${env.appUrl}/profile`,
      );
      await enqueueMail(tx, mail, { organizationId: user.organizationId });
    }
    if (signIn)
      await recordEvent(tx, {
        organizationId: user.organizationId,
        actorId: user.id,
        action: "user.login",
        targetType: "user",
        targetId: user.id,
        metadata: { session: session.id, method, ...signIn },
      });
    return session.id;
  });
}

/** The user's live sessions: not ended, of their current session version, not expired. */
const liveSessions = (user: { id: string; sessionVersion: number }) => ({
  userId: user.id,
  endedAt: null,
  sessionVersion: user.sessionVersion,
  expiresAt: { gt: new Date() },
});

/** A user's live sessions, the newest use first, the one asking (if theirs) marked `current`. */
async function readSessions(
  owner: { id: string; sessionVersion: number },
  currentId: string | null,
): Promise<SessionJson[]> {
  const rows = await db.userSession.findMany({
    where: liveSessions(owner),
    select: { id: true, createdAt: true, lastSeenAt: true, userAgent: true, address: true },
    orderBy: [{ lastSeenAt: "desc" }, { id: "desc" }],
  });
  return rows.map((row) => ({
    ...row,
    current: row.id === currentId,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
}

/**
 * Ends sessions of one user matching `where`, records who ended them, and forgets them in this
 * process at once (every other process hears the trigger's notice). Answers how many ended.
 */
async function endSessions(
  actor: SessionUser,
  owner: { id: string; organizationId: string },
  where: { id?: string | { not: string } },
  action: "session.ended" | "session.ended_by_admin",
): Promise<string[]> {
  const ended = await db.$transaction(async (tx) => {
    const rows = await tx.userSession.updateManyAndReturn({
      where: { userId: owner.id, endedAt: null, ...where },
      data: { endedAt: new Date() },
      select: { id: true },
    });
    if (rows.length > 0)
      await recordEvent(tx, {
        organizationId: owner.organizationId,
        actorId: actor.id,
        actorLabel: actor.fullName,
        action,
        targetType: "user",
        targetId: owner.id,
        metadata: { sessions: rows.map((row) => row.id) },
      });
    return rows.map((row) => row.id);
  });
  for (const id of ended) forgetSessionRecord(id);
  return ended;
}

/** The signed-in user's own live sessions. */
export function listSessions(user: SessionUser, currentId: string | null): Promise<SessionJson[]> {
  return readSessions(user, currentId);
}

/** Ends one of the user's own sessions (this one too: it is signed out); another's id is a 404. */
export async function endOwnSession(user: SessionUser, id: string): Promise<void> {
  const ended = await endSessions(user, user, { id }, "session.ended");
  if (ended.length === 0) throw notFound("Session not found");
}

/** "End all other sessions": every live session of the user but the one asking. */
export async function endOtherSessions(user: SessionUser, currentId: string | null): Promise<{ ended: number }> {
  const ended = await endSessions(user, user, currentId ? { id: { not: currentId } } : {}, "session.ended");
  return { ended: ended.length };
}

/** Signing out ends this session only; the user's other devices stay signed in. */
export async function endCurrentSession(user: SessionUser, currentId: string | null): Promise<void> {
  if (currentId) await endSessions(user, user, { id: currentId }, "session.ended");
}

/**
 * A member of the admin's own organisation whom the admin may manage (a platform admin's
 * sessions only another platform admin ends, as with their role); anyone else is a 404.
 */
async function memberOf(admin: SessionUser, memberId: string) {
  const member = await db.user.findFirst({
    where: { id: memberId, organizationId: admin.organizationId },
    select: { id: true, organizationId: true, sessionVersion: true, role: true },
  });
  if (!member) throw notFound("User not found");
  if (!mayManageUser(admin, member)) throw forbidden();
  return member;
}

/** An admin reads a member's live sessions (none of them is the admin's own "current"). */
export async function listMemberSessions(admin: SessionUser, memberId: string): Promise<SessionJson[]> {
  return readSessions(await memberOf(admin, memberId), null);
}

/** An admin ends every session of a member: each device's next request is signed out. */
export async function endMemberSessions(admin: SessionUser, memberId: string): Promise<{ ended: number }> {
  const member = await memberOf(admin, memberId);
  const ended = await endSessions(admin, member, {}, "session.ended_by_admin");
  return { ended: ended.length };
}

/**
 * The session asking stays signed in across a change that ends every other (a password or email
 * change bumps the session version): its record moves to the new version with its fresh cookie.
 */
export async function carrySession(sessionId: string | null, user: { id: string; sessionVersion: number }) {
  if (!sessionId) return null;
  const { count } = await db.userSession.updateMany({
    where: { id: sessionId, userId: user.id, endedAt: null },
    data: { sessionVersion: user.sessionVersion, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000) },
  });
  forgetSessionRecord(sessionId);
  return count === 1 ? sessionId : null;
}
