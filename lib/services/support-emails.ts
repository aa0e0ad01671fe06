import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/server/db";
import { conflict, notFound } from "@/lib/errors";
import { PLANS, planLimitError, withinLimit } from "@/lib/plans/limits";
import type { CreateSupportEmailInput, SupportEmail } from "@/lib/schemas/support-emails";
import { recordEvent } from "./audit";
import { lockOrganization } from "./seats";

export const SUPPORT_EMAIL_SELECT = {
  id: true,
  email: true,
  displayName: true,
  isActive: true,
  organizationId: true,
} as const;
export const EMAIL_IN_USE = "This email address is already in use";

/** The caller's organisation only; naming another one is a 404, never a hint that it exists. */
function assertOwnOrganization(user: SessionUser, organizationId: string | undefined) {
  if (organizationId !== undefined && organizationId !== user.organizationId) throw notFound("Organization not found");
}

export async function listSupportEmails(user: SessionUser, organizationId?: string): Promise<SupportEmail[]> {
  assertOwnOrganization(user, organizationId);
  return db.supportEmail.findMany({
    where: { organizationId: user.organizationId },
    select: SUPPORT_EMAIL_SELECT,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
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

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/**
 * Adds an address under the organisation's row lock, so parallel adds cannot overshoot the
 * plan's limit. An address belongs to one organisation platform-wide; the conflict message
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
      if (await tx.supportEmail.findUnique({ where: { email: input.email }, select: { id: true } }))
        throw conflict(EMAIL_IN_USE);
      const created = await tx.supportEmail.create({
        data: { organizationId, email: input.email, displayName: input.displayName },
        select: SUPPORT_EMAIL_SELECT,
      });
      await recordSupportEmailEvent(tx, user, "support_email.added", created);
      return created;
    });
  } catch (error) {
    // Another organisation (or a parallel request) claimed the address between check and insert.
    if (isUniqueViolation(error)) throw conflict(EMAIL_IN_USE);
    throw error;
  }
}

/** Flips the active state in one statement, so two quick toggles never read a stale value. */
export async function toggleSupportEmail(user: SessionUser, id: string): Promise<SupportEmail> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<SupportEmail[]>`
      UPDATE "SupportEmail" SET "isActive" = NOT "isActive"
      WHERE "id" = ${id} AND "organizationId" = ${user.organizationId}
      RETURNING "id", "email", "displayName", "isActive", "organizationId"`;
    const row = rows[0];
    if (!row) throw notFound("Support email not found");
    await recordSupportEmailEvent(
      tx,
      user,
      row.isActive ? "support_email.activated" : "support_email.deactivated",
      row,
    );
    return row;
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
