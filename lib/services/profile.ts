import "server-only";
import { db } from "@/lib/server/db";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { SESSION_USER_SELECT, type SessionUser } from "@/lib/auth/session";
import { badRequest, conflict, forbidden } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import type { ProfileInput } from "@/lib/schemas/auth";
import { recordEvent } from "./audit";
import { hit, LIMITS } from "./rate-limit";
import { revokePasswordResets } from "./token-revocation";

/** Name and email of the signed-in user; the session stays valid (it is keyed by id). */
export async function updateProfile(user: SessionUser, input: ProfileInput): Promise<SessionUser> {
  // A customer sees the tickets raised with their email address: switching to another address
  // unverified would open another customer's tickets, so that change goes through the help desk.
  if (!can(user, "profile.change_email") && input.email !== user.email)
    throw forbidden("To change the email address of a customer account, please contact support.");
  const taken = await db.user.findFirst({ where: { email: input.email, id: { not: user.id } }, select: { id: true } });
  if (taken) throw conflict("This email address is already in use");
  return db.$transaction(async (tx) => {
    // A reset link went to the old address; it must not outlive the move to a new one.
    if (input.email !== user.email) await revokePasswordResets(tx, user.id);
    return tx.user.update({
      where: { id: user.id },
      data: { fullName: input.fullName, email: input.email },
      select: SESSION_USER_SELECT,
    });
  });
}

/** Verifies the current password, stores the new one and revokes every other session and reset link. */
export async function changePassword(
  user: SessionUser,
  currentPassword: string,
  newPassword: string,
): Promise<SessionUser> {
  await hit(`password-change:user:${user.id}`, LIMITS.passwordChangePerAccount);
  const { passwordHash } = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } });
  if (!(await verifyPassword(passwordHash, currentPassword))) throw badRequest("Current password is incorrect");
  const nextHash = await hashPassword(newPassword);
  return db.$transaction(async (tx) => {
    const updated = await tx.user.update({
      where: { id: user.id },
      data: { passwordHash: nextHash, sessionVersion: { increment: 1 } },
      select: SESSION_USER_SELECT,
    });
    await revokePasswordResets(tx, user.id);
    await recordEvent(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      action: "user.password_changed",
      targetType: "user",
      targetId: user.id,
    });
    return updated;
  });
}
