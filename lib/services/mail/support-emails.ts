import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { isUniqueViolation } from "@/lib/server/db-errors";
import { env } from "@/lib/server/env";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { badRequest, conflict, notFound } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import { supportEmailVerifyMail } from "@/lib/mail/templates";
import { PLANS, planLimitError, withinLimit } from "@/lib/plans/limits";
import type { CreateSupportEmailInput, SupportEmail } from "@/lib/schemas/support-emails";
import { recordEvent } from "@/lib/services/audit";
import { enqueueMail } from "@/lib/services/mail/outbox";
import { hit, LIMITS } from "@/lib/services/rate-limit";
import { lockOrganization } from "@/lib/services/users/seats";
import { IMAP_STATUS_SELECT } from "@/lib/services/mail/imap-mailbox-status";

export const SUPPORT_EMAIL_SELECT = {
  id: true,
  email: true,
  displayName: true,
  isActive: true,
  organizationId: true,
  verifiedAt: true,
  imapMailbox: { select: IMAP_STATUS_SELECT },
} as const;
export const EMAIL_IN_USE = "This email address is already in use";
export const ALREADY_VERIFIED = "This address is already verified";
export const INVALID_VERIFY_LINK =
  "This confirmation link is invalid or has expired. Send a new one from Settings > Organization.";
/** How long a confirmation link works. */
export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long an unconfirmed address stays reserved for the organisation that added it. After
 * that another organisation may add it (the stale claim is dropped): nobody can sit on an
 * address they cannot receive mail at, and the real owner is never locked out for good.
 */
export const UNVERIFIED_CLAIM_MS = 24 * 60 * 60 * 1000;

/** The caller's organisation only; naming another one is a 404, never a hint that it exists. */
function assertOwnOrganization(user: SessionUser, organizationId: string | undefined) {
  if (organizationId !== undefined && organizationId !== user.organizationId) throw notFound("Organization not found");
}

/** Where an address's mail is read from is the admins' business: agents see the addresses only. */
export function mailboxesFor(user: SessionUser, addresses: SupportEmail[]): SupportEmail[] {
  return can(user, "support_emails.mailbox") ? addresses : addresses.map((a) => ({ ...a, imapMailbox: null }));
}

export async function listSupportEmails(user: SessionUser, organizationId?: string): Promise<SupportEmail[]> {
  assertOwnOrganization(user, organizationId);
  const addresses = await db.supportEmail.findMany({
    where: { organizationId: user.organizationId },
    select: SUPPORT_EMAIL_SELECT,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return mailboxesFor(user, addresses);
}

/** Every change to an address is recorded against the address, in the caller's organisation. */
function recordSupportEmailEvent(
  tx: Prisma.TransactionClient,
  user: SessionUser,
  action: string,
  address: { id: string; email: string },
) {
  return recordEvent(tx, {
    organizationId: user.organizationId,
    actorId: user.id,
    actorLabel: user.fullName,
    action,
    targetType: "support_email",
    targetId: address.id,
    metadata: { email: address.email },
  });
}

/**
 * A new confirmation link for an address, mailed to it in the same transaction (the mail goes
 * out exactly when the change commits). Only the newest link works.
 */
async function sendVerification(
  tx: Prisma.TransactionClient,
  organizationId: string,
  address: { id: string; email: string },
) {
  const token = newToken();
  await tx.supportEmail.update({
    where: { id: address.id },
    data: { verifyTokenHash: hashToken(token), verifyExpiresAt: new Date(Date.now() + VERIFY_TTL_MS) },
  });
  const { name } = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { name: true } });
  const link = `${env.appUrl}/verify-support-email?token=${encodeURIComponent(token)}`;
  await enqueueMail(tx, supportEmailVerifyMail(address.email, name, link), { organizationId });
}

/**
 * Another organisation's claim on the address: a confirmed one always wins, an unconfirmed one
 * only while it is fresh. A stale claim is removed (and its organisation's log says why), so
 * the caller can take the address.
 */
async function releaseStaleClaim(tx: Prisma.TransactionClient, organizationId: string, email: string) {
  const held = await tx.supportEmail.findUnique({
    where: { email },
    select: { id: true, email: true, organizationId: true, verifiedAt: true, createdAt: true },
  });
  if (!held) return;
  const stale =
    held.organizationId !== organizationId &&
    held.verifiedAt === null &&
    held.createdAt.getTime() <= Date.now() - UNVERIFIED_CLAIM_MS;
  if (!stale) throw conflict(EMAIL_IN_USE);
  await tx.supportEmail.delete({ where: { id: held.id } });
  await recordEvent(tx, {
    organizationId: held.organizationId,
    actorType: "system",
    action: "support_email.claim_expired",
    targetType: "support_email",
    targetId: held.id,
    metadata: { email: held.email },
  });
}

/**
 * Adds an address under the organisation's row lock, so parallel adds cannot overshoot the
 * plan's limit, and mails it a confirmation link: the address is used only once someone there
 * follows it. An address belongs to one organisation platform-wide; the conflict message
 * does not say which one holds it.
 */
export async function addSupportEmail(user: SessionUser, input: CreateSupportEmailInput): Promise<SupportEmail> {
  assertOwnOrganization(user, input.organizationId);
  const organizationId = user.organizationId;
  try {
    return await db.$transaction(async (tx) => {
      const { plan } = await lockOrganization(tx, organizationId);
      const used = await tx.supportEmail.count({ where: { organizationId } });
      if (!withinLimit(PLANS[plan].supportEmails, used)) throw planLimitError({ plan, resource: "support_emails" });
      await releaseStaleClaim(tx, organizationId, input.email);
      const created = await tx.supportEmail.create({
        data: { organizationId, email: input.email, displayName: input.displayName },
        select: SUPPORT_EMAIL_SELECT,
      });
      await recordSupportEmailEvent(tx, user, "support_email.added", created);
      await sendVerification(tx, organizationId, created);
      return created;
    });
  } catch (error) {
    // Another organisation (or a parallel request) claimed the address between check and insert.
    if (isUniqueViolation(error)) throw conflict(EMAIL_IN_USE);
    throw error;
  }
}

/** Mails a fresh confirmation link (admins; a few an hour per address, so nobody is flooded). */
export async function resendSupportEmailVerification(user: SessionUser, id: string): Promise<SupportEmail> {
  const address = await db.supportEmail.findFirst({
    where: { id, organizationId: user.organizationId },
    select: SUPPORT_EMAIL_SELECT,
  });
  if (!address) throw notFound("Support email not found");
  if (address.verifiedAt) throw conflict(ALREADY_VERIFIED);
  await hit(`support-email-verify:${id}`, LIMITS.supportEmailVerifyPerAddress);
  return db.$transaction(async (tx) => {
    await sendVerification(tx, user.organizationId, address);
    await recordSupportEmailEvent(tx, user, "support_email.verification_sent", address);
    return address;
  });
}

/**
 * Follows the link mailed to an address: from now on mail to it is read. Anyone holding the link
 * may follow it (that is the proof); it works once and only until it expires.
 */
export async function verifySupportEmail(token: string, ip: string): Promise<{ email: string }> {
  await hit(`support-email-verify:ip:${ip}`, LIMITS.supportEmailVerifyPerClient);
  return db.$transaction(async (tx) => {
    const now = new Date();
    const rows = await tx.supportEmail.updateManyAndReturn({
      where: { verifyTokenHash: hashToken(token), verifyExpiresAt: { gt: now }, verifiedAt: null },
      data: { verifiedAt: now, verifyTokenHash: null, verifyExpiresAt: null },
      select: { id: true, email: true, organizationId: true },
    });
    const row = rows[0];
    if (!row) throw badRequest(INVALID_VERIFY_LINK);
    await recordEvent(tx, {
      organizationId: row.organizationId,
      actorType: "system",
      action: "support_email.verified",
      targetType: "support_email",
      targetId: row.id,
      metadata: { email: row.email },
    });
    return { email: row.email };
  });
}

/** Flips the active state in one statement, so two quick toggles never read a stale value. */
export async function toggleSupportEmail(user: SessionUser, id: string): Promise<SupportEmail> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; email: string; isActive: boolean }[]>`
      UPDATE "SupportEmail" SET "isActive" = NOT "isActive"
      WHERE "id" = ${id} AND "organizationId" = ${user.organizationId}
      RETURNING "id", "email", "isActive"`;
    const row = rows[0];
    if (!row) throw notFound("Support email not found");
    await recordSupportEmailEvent(
      tx,
      user,
      row.isActive ? "support_email.activated" : "support_email.deactivated",
      row,
    );
    return tx.supportEmail.findUniqueOrThrow({ where: { id: row.id }, select: SUPPORT_EMAIL_SELECT });
  });
}

export async function removeSupportEmail(user: SessionUser, id: string) {
  await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; email: string }[]>`
      DELETE FROM "SupportEmail" WHERE "id" = ${id} AND "organizationId" = ${user.organizationId} RETURNING "id", "email"`;
    const row = rows[0];
    if (!row) throw notFound("Support email not found");
    await recordSupportEmailEvent(tx, user, "support_email.removed", row);
  });
}
