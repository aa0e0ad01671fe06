import "server-only";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { verifyPassword } from "@/lib/auth/password";
import { forgetSessionUser } from "@/lib/auth/session";
import type { SessionUser } from "@/lib/schemas/session-user";
import { SESSION_USER_SELECT } from "@/lib/services/users/session-users";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { badRequest, conflict } from "@/lib/errors";
import { emailChangeConfirmMail, emailChangedMail } from "@/lib/mail/templates";
import { enqueueMail } from "@/lib/services/mail/outbox";
import { recordEvent } from "@/lib/services/audit";
import { hit, LIMITS } from "@/lib/services/rate-limit";
import { revokePasswordResets } from "@/lib/services/users/token-revocation";

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
export const CURRENT_PASSWORD_NEEDED = "Please enter your current password to change your email address";
export const EMAIL_CHANGED_MESSAGE = "Your email address has been changed.";
const INVALID_LINK = "This confirmation link is invalid or has expired. Please change your email address again.";

/**
 * Moving an account to another address needs the current password and proof that the new
 * address is the user's: a link mailed there. The answer is the same whether or not the address
 * already has an account (nobody learns who uses the product); a taken address simply gets no
 * link. Only the newest request works.
 */
export async function requestEmailChange(user: SessionUser, newEmail: string, currentPassword: string | undefined) {
  if (!currentPassword) throw badRequest(CURRENT_PASSWORD_NEEDED);
  await hit(`email-change:user:${user.id}`, LIMITS.emailChangePerUser);
  const { passwordHash } = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } });
  if (!(await verifyPassword(passwordHash, currentPassword))) throw badRequest("Current password is incorrect");
  const token = newToken();
  const now = new Date();
  const link = `${env.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  await db.$transaction(async (tx) => {
    await tx.emailChangeToken.deleteMany({ where: { userId: user.id, usedAt: null } });
    await tx.emailChangeToken.create({
      data: {
        organizationId: user.organizationId,
        userId: user.id,
        newEmail,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
      },
    });
    // Whether the address is taken is looked at when the mail is sent, never in the request.
    await enqueueMail(tx, emailChangeConfirmMail(newEmail, link), { onlyIfNoAccount: true });
  });
}

/**
 * Follows the link once: the account moves to the new address, every session of the user ends
 * (the caller re-issues its own), reset links sent to the old address die, and the old address
 * is told where the account went.
 */
export async function confirmEmailChange(token: string): Promise<SessionUser> {
  const { user } = await db
    .$transaction(async (tx) => {
      const claimed = await tx.emailChangeToken.updateManyAndReturn({
        where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: new Date() } },
        data: { usedAt: new Date() },
        select: { userId: true, organizationId: true, newEmail: true },
      });
      const row = claimed[0];
      if (!row) throw badRequest(INVALID_LINK);
      const before = await tx.user.findUniqueOrThrow({ where: { id: row.userId }, select: { email: true } });
      const user = await tx.user.update({
        where: { id: row.userId },
        data: { email: row.newEmail, sessionVersion: { increment: 1 } },
        select: SESSION_USER_SELECT,
      });
      await revokePasswordResets(tx, row.userId);
      await tx.emailChangeToken.deleteMany({ where: { userId: row.userId, usedAt: null } });
      await recordEvent(tx, {
        organizationId: row.organizationId,
        actorId: row.userId,
        action: "user.email_changed",
        targetType: "user",
        targetId: row.userId,
      });
      await enqueueMail(tx, emailChangedMail(before.email, user.email), { organizationId: row.organizationId });
      return { user, oldEmail: before.email };
    })
    .catch((error: unknown) => {
      // Someone took the address meanwhile (emails are unique across the platform).
      if ((error as { code?: string }).code === "P2002") throw conflict("This email address is already in use");
      throw error;
    });
  forgetSessionUser(user.id);
  return user;
}
