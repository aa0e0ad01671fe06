import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/server/db";
import { notFound } from "@/lib/errors";
import { PLANS, UNLIMITED, planLimitError, withinLimit } from "@/lib/plans/limits";
import { SEAT_ROLES } from "@/lib/permissions/rules";
import type { SeatSummary } from "@/lib/schemas/users";

type Tx = Prisma.TransactionClient;
type PlanName = keyof typeof PLANS;

/**
 * Locks the organisation row until the transaction ends. Every seat-changing write (invite,
 * accept, activate, promote) takes this lock first, so concurrent requests are serialised
 * and cannot overshoot the limit.
 */
export async function lockOrganization(tx: Tx, organizationId: string): Promise<{ plan: PlanName }> {
  const rows = await tx.$queryRaw<{ plan: PlanName }[]>`
    SELECT "plan" FROM "Organization" WHERE "id" = ${organizationId} FOR UPDATE`;
  const org = rows[0];
  if (!org) throw notFound("Organization not found");
  return org;
}

/** Active users holding a seat role. */
export function seatsInUse(tx: Tx | typeof db, organizationId: string): Promise<number> {
  return tx.user.count({ where: { organizationId, isActive: true, role: { in: [...SEAT_ROLES] } } });
}

/** Live (unaccepted, unexpired) invitations, optionally leaving out some emails. */
export function pendingInvites(
  tx: Tx | typeof db,
  organizationId: string,
  exceptEmails: string[] = [],
): Promise<number> {
  return tx.teamInvite.count({
    where: {
      organizationId,
      acceptedAt: null,
      expiresAt: { gt: new Date() },
      ...(exceptEmails.length ? { email: { notIn: exceptEmails } } : {}),
    },
  });
}

/**
 * Seats taken: active users holding a seat role, and live invitations, each of which holds a
 * seat until it is accepted or expires (what the screens show as "3 used · 1 invited").
 */
export async function seatsHeld(tx: Tx, organizationId: string): Promise<number> {
  return (await seatsInUse(tx, organizationId)) + (await pendingInvites(tx, organizationId));
}

/**
 * Locks the organisation, then checks that one more active seat fits its plan. For accepting an
 * invitation: its own seat was held since it was sent, so only the seats in use count.
 */
export async function assertSeatAvailable(tx: Tx, organizationId: string) {
  const { plan } = await lockOrganization(tx, organizationId);
  if (!withinLimit(PLANS[plan].seats, await seatsInUse(tx, organizationId)))
    throw planLimitError({ plan, resource: "seats" });
}

/**
 * Locks the organisation, then checks that invitations to `emails` fit: seats in use plus
 * live invitations to other emails plus these must stay within the plan. A re-invitation
 * replaces its earlier invitation, so that one is not counted twice.
 */
export async function assertSeatsForInvites(tx: Tx, organizationId: string, emails: string[]) {
  const { plan } = await lockOrganization(tx, organizationId);
  const limit = PLANS[plan].seats;
  if (limit === UNLIMITED) return;
  const used = await seatsInUse(tx, organizationId);
  const pending = await pendingInvites(tx, organizationId, emails);
  if (used + pending + emails.length > limit) {
    const left = Math.max(0, limit - used - pending);
    throw planLimitError({ plan, resource: "seats", left: emails.length === 1 ? 0 : left });
  }
}

/** What the seat figures show: seats in use, live invitations and the plan's limit (UNLIMITED when it has none). */
export async function seatSummary(organizationId: string): Promise<SeatSummary> {
  const org = await db.organization.findUnique({ where: { id: organizationId }, select: { plan: true } });
  if (!org) throw notFound("Organization not found");
  const [used, pending] = await Promise.all([seatsInUse(db, organizationId), pendingInvites(db, organizationId)]);
  return { plan: org.plan, used, pending, limit: PLANS[org.plan].seats };
}
