import "server-only";
import { db } from "@/lib/server/db";
import { forbidden, notFound } from "@/lib/errors";
import { forgetSessionRecord } from "@/lib/auth/session";
import { can } from "@/lib/permissions/table";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { TwoFactorPolicy } from "@/lib/schemas/two-factor";
import { recordEvent } from "@/lib/services/audit";

/** An admin of this organisation; another organisation's id is a 404 (a platform admin's too: the rule is the team's). */
function ownOrganization(admin: SessionUser, id: string) {
  if (!can(admin, "organization.security")) throw forbidden();
  if (id !== admin.organizationId) throw notFound("Organization not found");
}

/** The organisation's two-factor rule and who of the team has a second factor (the admins' list). */
export async function twoFactorPolicy(admin: SessionUser, id: string): Promise<TwoFactorPolicy> {
  ownOrganization(admin, id);
  const [organization, members] = await Promise.all([
    db.organization.findUniqueOrThrow({ where: { id: admin.organizationId }, select: { requireTwoFactor: true } }),
    db.user.findMany({
      where: { organizationId: admin.organizationId, isActive: true, role: { not: "end_user" } },
      select: {
        id: true,
        fullName: true,
        email: true,
        role: true,
        totp: { select: { confirmedAt: true } },
        _count: { select: { passkeys: true } },
      },
      orderBy: [{ fullName: "asc" }, { id: "asc" }],
    }),
  ]);
  return {
    requireTwoFactor: organization.requireTwoFactor,
    members: members.map(({ totp, _count, ...member }) => ({
      ...member,
      twoFactor: !!totp?.confirmedAt || _count.passkeys > 0,
    })),
  };
}

/**
 * Requires two-factor of everyone in the organisation, or stops requiring it. Turned on, it
 * applies at each member's next sign-in (sessions already open go on); turned off, sessions
 * waiting for enrolment are let through at once.
 */
export async function setTwoFactorPolicy(
  admin: SessionUser,
  id: string,
  requireTwoFactor: boolean,
): Promise<TwoFactorPolicy> {
  ownOrganization(admin, id);
  const released = await db.$transaction(async (tx) => {
    const { count } = await tx.organization.updateMany({
      where: { id: admin.organizationId, requireTwoFactor: !requireTwoFactor },
      data: { requireTwoFactor },
    });
    if (count === 0) return [];
    await recordEvent(tx, {
      organizationId: admin.organizationId,
      actorId: admin.id,
      actorLabel: admin.fullName,
      action: requireTwoFactor ? "organization.two_factor_required" : "organization.two_factor_optional",
      targetType: "organization",
      targetId: admin.organizationId,
    });
    if (requireTwoFactor) return [];
    return tx.userSession.updateManyAndReturn({
      where: { organizationId: admin.organizationId, twoFactorPending: true },
      data: { twoFactorPending: false },
      select: { id: true },
    });
  });
  for (const session of released) forgetSessionRecord(session.id);
  return twoFactorPolicy(admin, id);
}

/** Whether a sign-in of this user must enrol before anything else (the organisation requires a second factor they lack). */
export async function mustEnrolTwoFactor(organizationId: string, hasSecondFactor: boolean): Promise<boolean> {
  if (hasSecondFactor) return false;
  const organization = await db.organization.findUnique({
    where: { id: organizationId },
    select: { requireTwoFactor: true },
  });
  return !!organization?.requireTwoFactor;
}
