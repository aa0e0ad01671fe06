import "server-only";
import { db } from "@/lib/server/db";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { forgetSessionUser } from "@/lib/auth/session";
import type { SessionUser } from "@/lib/schemas/session-user";
import { SESSION_USER_SELECT } from "@/lib/services/users/session-users";
import { badRequest, forbidden } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import type { ProfileInput } from "@/lib/schemas/auth";
import { requestEmailChange } from "@/lib/services/users/email-change";
import { hit, LIMITS } from "@/lib/services/rate-limit";
import { storeNewPassword } from "@/lib/services/users/token-revocation";

/**
 * The name changes at once; a new email address only once the link mailed there is followed
 * (see email-change.ts), and the answer is the same whether or not that address is taken.
 */
export async function updateProfile(
  user: SessionUser,
  input: ProfileInput,
): Promise<{ user: SessionUser; pendingEmail?: string }> {
  const moving = input.email !== user.email;
  // A customer sees the tickets raised with their email address: switching to another address
  // would open another customer's tickets, so that change goes through the help desk.
  if (moving && !can(user, "profile.change_email"))
    throw forbidden("To change the email address of a customer account, please contact support.");
  if (moving) await requestEmailChange(user, input.email, input.currentPassword);
  const updated = await db.user.update({
    where: { id: user.id },
    data: { fullName: input.fullName },
    select: SESSION_USER_SELECT,
  });
  forgetSessionUser(user.id);
  return moving ? { user: updated, pendingEmail: input.email } : { user: updated };
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
  const changed = await db.$transaction((tx) => storeNewPassword(tx, user, nextHash, "user.password_changed"));
  forgetSessionUser(user.id);
  return changed;
}
