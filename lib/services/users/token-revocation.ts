import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import { recordEvent } from "@/lib/services/audit";
import { SESSION_USER_SELECT } from "@/lib/services/users/session-users";

type Tx = Prisma.TransactionClient;

/**
 * Ends every password reset link of a user. A link is sent for one reason (this password, to
 * this address, the latest request): once the password or the address changes, or a newer
 * link is asked for, an older link must not still set a password. Runs in the transaction of
 * the change itself, so no link survives it even for a moment.
 */
export async function revokePasswordResets(tx: Tx, userId: string) {
  await tx.passwordResetToken.deleteMany({ where: { userId, usedAt: null } });
}

/**
 * Stores a user's new password (already hashed) and ends what the old one opened: every session
 * (the version goes up) and every reset link, recorded as `action` in the organisation's activity.
 */
export async function storeNewPassword(
  tx: Tx,
  user: { id: string; organizationId: string },
  passwordHash: string,
  action: "user.password_changed" | "user.password_reset",
): Promise<SessionUser> {
  const updated = await tx.user.update({
    where: { id: user.id },
    data: { passwordHash, sessionVersion: { increment: 1 } },
    select: SESSION_USER_SELECT,
  });
  await revokePasswordResets(tx, user.id);
  await recordEvent(tx, {
    organizationId: user.organizationId,
    actorId: user.id,
    action,
    targetType: "user",
    targetId: user.id,
  });
  return updated;
}

/**
 * An invitation carries the authority of the admin who sent it: once they are demoted or
 * deactivated, their pending invitations are withdrawn (in the same transaction), each recorded
 * as revoked in the organisation's activity.
 */
export async function revokeInvitesSentBy(
  tx: Tx,
  sender: { id: string; organizationId: string },
  actor: Pick<SessionUser, "id" | "email">,
) {
  const where = { organizationId: sender.organizationId, invitedById: sender.id, acceptedAt: null };
  const invites = await tx.teamInvite.findMany({ where, select: { id: true, email: true, role: true } });
  if (invites.length === 0) return;
  await tx.teamInvite.deleteMany({ where: { ...where, id: { in: invites.map((i) => i.id) } } });
  for (const invite of invites) await recordInviteRevoked(tx, sender.organizationId, actor, invite);
}

/** The activity entry for an invitation withdrawn by an admin or with its sender's authority. */
export function recordInviteRevoked(
  tx: Tx,
  organizationId: string,
  actor: Pick<SessionUser, "id" | "email">,
  invite: { id: string; email: string; role: string },
) {
  return recordEvent(tx, {
    organizationId,
    actorId: actor.id,
    actorLabel: actor.email,
    action: "invite.revoked",
    targetType: "invite",
    targetId: invite.id,
    metadata: { email: invite.email, role: invite.role },
  });
}
