import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { conflict, HttpError } from "@/lib/http/errors";
import { PLANS, SEAT_ROLES, withinLimit } from "@/lib/plans";

/**
 * Locks the organisation row, then checks that one more seat fits its plan. Holding the
 * lock until the transaction ends serialises concurrent invites, accepts and promotions,
 * so parallel requests cannot overshoot the limit.
 */
export async function assertSeatAvailable(tx: Prisma.TransactionClient, organizationId: string) {
  const rows = await tx.$queryRaw<{ plan: keyof typeof PLANS }[]>`
    SELECT "plan" FROM "Organization" WHERE "id" = ${organizationId} FOR UPDATE`;
  const org = rows[0];
  if (!org) throw new HttpError(404, "Organization not found");
  const used = await tx.user.count({ where: { organizationId, isActive: true, role: { in: [...SEAT_ROLES] } } });
  if (!withinLimit(PLANS[org.plan].seats, used)) {
    throw conflict(`Your ${PLANS[org.plan].name} plan's agent seats are all in use. Upgrade your plan to add more team members.`);
  }
}
