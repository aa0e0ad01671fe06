import "server-only";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { hashToken } from "@/lib/auth/tokens";
import { conflict, HttpError } from "@/lib/http/errors";
import type { AcceptInviteInput } from "@/lib/schemas/auth";
import { recordEvent } from "./audit";
import { assertSeatAvailable } from "./seats";

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVALID_INVITE = "Invalid or expired invitation";

function liveInviteWhere(token: string) {
  return { tokenHash: hashToken(token), acceptedAt: null, expiresAt: { gt: new Date() } };
}

export async function verifyInvite(token: string) {
  const invite = await db.teamInvite.findFirst({
    where: liveInviteWhere(token),
    select: { email: true, role: true, organization: { select: { name: true } } },
  });
  if (!invite) throw new HttpError(404, INVALID_INVITE);
  return { email: invite.email, role: invite.role, organizationName: invite.organization.name };
}

/**
 * Creates the invited user in the inviting organisation with the invited role and email.
 * Claiming the invitation, checking the seat limit (under the organisation's row lock) and
 * creating the user happen in one transaction: a used, expired or over-limit invitation
 * creates nothing.
 */
export async function acceptInvite({ token, fullName, password }: AcceptInviteInput) {
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const claimed = await tx.teamInvite.updateManyAndReturn({
      where: liveInviteWhere(token),
      data: { acceptedAt: new Date() },
      select: { id: true, email: true, role: true, organizationId: true, invitedById: true },
    });
    const invite = claimed[0];
    if (!invite) throw new HttpError(404, INVALID_INVITE);
    if (await tx.user.findUnique({ where: { email: invite.email }, select: { id: true } })) {
      throw conflict("An account with this email already exists");
    }
    await assertSeatAvailable(tx, invite.organizationId);
    const user = await tx.user.create({
      data: { organizationId: invite.organizationId, email: invite.email, fullName, username: invite.email.split("@")[0]!.slice(0, 64), role: invite.role, passwordHash },
      select: { id: true },
    });
    await recordEvent(tx, { organizationId: invite.organizationId, actorId: user.id, action: "invite.accepted", targetType: "user", targetId: user.id, metadata: { role: invite.role } });
    return user;
  });
}
