import "server-only";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { hashPassword } from "@/lib/auth/password";
import type { SessionUser } from "@/lib/schemas/session-user";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { conflict, notFound } from "@/lib/errors";
import { inviteToExistingAccountMail, teamInviteMail } from "@/lib/mail/templates";
import { enqueueMail } from "@/lib/services/mail/outbox";
import { roleLabel } from "@/lib/permissions/labels";
import type { AcceptInviteInput } from "@/lib/schemas/auth";
import type { InviteVerification, PendingInvite, TeamInviteInput } from "@/lib/schemas/invites";
import { recordEvent } from "@/lib/services/audit";
import { hit, LIMITS, type Limit } from "@/lib/services/rate-limit";
import { assertSeatAvailable, assertSeatsForInvites, lockOrganization } from "@/lib/services/users/seats";
import { recordInviteRevoked } from "@/lib/services/users/token-revocation";

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVALID_INVITE = "Invalid or expired invitation";

function liveInviteWhere(token: string) {
  return { tokenHash: hashToken(token), acceptedAt: null, expiresAt: { gt: new Date() } };
}

export async function verifyInvite(token: string): Promise<InviteVerification> {
  const invite = await db.teamInvite.findFirst({
    where: liveInviteWhere(token),
    select: { email: true, role: true, organization: { select: { name: true } } },
  });
  if (!invite) throw notFound(INVALID_INVITE);
  return { email: invite.email, role: invite.role, organizationName: invite.organization.name };
}

/**
 * Creates the invited user in the inviting organisation with the invited role and email.
 * Claiming the invitation, checking the seat limit (under the organisation's row lock) and
 * creating the user happen in one transaction: a used, expired or over-limit invitation
 * creates nothing.
 */
export async function acceptInvite({ token, fullName, password }: AcceptInviteInput, ip: string) {
  await hit(`accept-invite:ip:${ip}`, LIMITS.acceptInvitePerAddress);
  // Hashing costs real CPU: a made-up or dead invitation is refused before any is spent.
  if (!(await db.teamInvite.findFirst({ where: liveInviteWhere(token), select: { id: true } })))
    throw notFound(INVALID_INVITE);
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    // The organisation lock comes first, as in every seat-changing write, so an accept and a
    // re-invitation of the same email cannot deadlock on each other's rows.
    const found = await tx.teamInvite.findFirst({ where: liveInviteWhere(token), select: { organizationId: true } });
    if (!found) throw notFound(INVALID_INVITE);
    await lockOrganization(tx, found.organizationId);
    const claimed = await tx.teamInvite.updateManyAndReturn({
      where: liveInviteWhere(token),
      data: { acceptedAt: new Date() },
      select: { id: true, email: true, role: true, organizationId: true, invitedById: true },
    });
    const invite = claimed[0];
    if (!invite) throw notFound(INVALID_INVITE);
    if (await tx.user.findUnique({ where: { email: invite.email }, select: { id: true } })) {
      throw conflict("An account with this email already exists");
    }
    await assertSeatAvailable(tx, invite.organizationId);
    const user = await tx.user.create({
      data: {
        organizationId: invite.organizationId,
        email: invite.email,
        fullName,
        username: invite.email.split("@")[0]!.slice(0, 64),
        role: invite.role,
        passwordHash,
      },
      select: { id: true },
    });
    await recordEvent(tx, {
      organizationId: invite.organizationId,
      actorId: user.id,
      action: "invite.accepted",
      targetType: "user",
      targetId: user.id,
      metadata: { role: invite.role },
    });
    return user;
  });
}

/** Invitation requests per organisation and hour: each one sends mail to outside addresses. */
const INVITE_REQUEST_LIMIT: Limit = { limit: 100, windowMs: 60 * 60_000 };

export function inviteLink(token: string): string {
  return `${env.appUrl}/accept-invite?token=${encodeURIComponent(token)}`;
}

/**
 * Invites people into the caller's organisation, all or nothing: no invitee may already be a
 * member, and seats in use plus live invitations must fit the plan (checked under the
 * organisation's row lock). Re-inviting an email replaces its earlier invitation, so the old
 * link stops working. An address with an account in another organisation is answered exactly
 * like a fresh one (the inviter must not learn who uses the product elsewhere); its owner is told
 * instead that the address already has an account. The mails are queued with the invitations.
 */
export async function sendInvites(actor: SessionUser, invites: TeamInviteInput[]) {
  await hit(`invite:org:${actor.organizationId}`, INVITE_REQUEST_LIMIT);
  const emails = invites.map((i) => i.email);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  const sent = await db.$transaction(async (tx) => {
    const accounts = await tx.user.findMany({
      where: { email: { in: emails } },
      select: { email: true, organizationId: true },
    });
    const member = accounts.find((a) => a.organizationId === actor.organizationId);
    if (member) throw conflict(`A user with the email ${member.email} already exists`);
    const elsewhere = new Set(accounts.map((a) => a.email));
    await assertSeatsForInvites(tx, actor.organizationId, emails);
    const org = await tx.organization.findUniqueOrThrow({
      where: { id: actor.organizationId },
      select: { name: true },
    });
    const sent = [];
    for (const { email, role } of invites) {
      const token = newToken();
      const fields = {
        role,
        tokenHash: hashToken(token),
        invitedById: actor.id,
        expiresAt,
        acceptedAt: null,
        createdAt: now,
      };
      const invite = await tx.teamInvite.upsert({
        where: { organizationId_email: { organizationId: actor.organizationId, email } },
        create: { organizationId: actor.organizationId, email, ...fields },
        update: fields,
        select: { id: true, email: true, role: true, expiresAt: true },
      });
      await recordEvent(tx, {
        organizationId: actor.organizationId,
        actorId: actor.id,
        actorLabel: actor.email,
        action: "invite.sent",
        targetType: "invite",
        targetId: invite.id,
        metadata: { email, role },
      });
      const mail = elsewhere.has(email)
        ? inviteToExistingAccountMail(email, org.name)
        : teamInviteMail(email, org.name, roleLabel(role), inviteLink(token));
      await enqueueMail(tx, mail, { organizationId: actor.organizationId });
      sent.push(invite);
    }
    return sent;
  });
  return sent.map(({ email, role, expiresAt }) => ({ email, role, expiresAt }));
}

/** Live invitations of the caller's organisation, newest first (Settings > Team). */
export async function listPendingInvites(actor: SessionUser): Promise<PendingInvite[]> {
  return db.teamInvite.findMany({
    where: { organizationId: actor.organizationId, acceptedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true, email: true, role: true, expiresAt: true, createdAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
  });
}

/**
 * Withdraws an invitation that has not been accepted, so its link stops working and the
 * seat it held is free again. Another organisation's invitation is a 404.
 */
export async function revokeInvite(actor: SessionUser, id: string) {
  await db.$transaction(async (tx) => {
    const where = { id, organizationId: actor.organizationId, acceptedAt: null };
    const invite = await tx.teamInvite.findFirst({ where, select: { id: true, email: true, role: true } });
    // The conditional delete loses cleanly to an accept that claims the invitation meanwhile.
    if (!invite || (await tx.teamInvite.deleteMany({ where })).count === 0) throw notFound("Invitation not found");
    await recordInviteRevoked(tx, actor.organizationId, actor, invite);
  });
}
