import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { db, queryRows } from "@/lib/server/db";
import { PLANS, storageLimitBytes, UNLIMITED } from "@/lib/plans/limits";
import type { Usage } from "@/lib/schemas/usage";

type Tx = Prisma.TransactionClient | typeof db;

function periodStart(plan: Plan, now: Date): Date | null {
  if (PLANS[plan].ticketPeriod === "total") return null;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Tickets counted against the plan: those the team raised (customers' tickets are bounded by
 * their own throttles and never use up the team's allowance); all of them on free, this
 * calendar month (UTC) otherwise.
 */
export async function ticketsUsed(tx: Tx, organizationId: string, plan: Plan, now = new Date()): Promise<number> {
  const since = periodStart(plan, now);
  return tx.ticket.count({
    where: { organizationId, raisedByCustomer: false, ...(since ? { createdAt: { gte: since } } : {}) },
  });
}

/** Bytes of attachments the organisation keeps, what the plan's storage limit counts (one row, `used`). */
export function storageUsedQuery(organizationId: string): Prisma.Sql {
  return Prisma.sql`
    SELECT COALESCE(SUM("size"), 0)::bigint AS "used" FROM "Attachment" WHERE "organizationId" = ${organizationId}`;
}

/** The usage object: this period's tickets and the stored attachments against the plan. */
export async function getUsage(organizationId: string, now = new Date()): Promise<Usage> {
  const org = await db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { plan: true } });
  const [current, [stored]] = await Promise.all([
    ticketsUsed(db, organizationId, org.plan, now),
    queryRows<{ used: number }>(storageUsedQuery(organizationId)),
  ]);
  const limit = PLANS[org.plan].tickets;
  const unlimited = limit === UNLIMITED;
  return {
    plan: org.plan,
    tickets: {
      current,
      limit,
      remaining: unlimited ? UNLIMITED : Math.max(0, limit - current),
      percentUsed: unlimited ? 0 : Math.min(100, Math.round((current / limit) * 100)),
    },
    storage: { used: stored?.used ?? 0, limit: storageLimitBytes(org.plan) },
  };
}
