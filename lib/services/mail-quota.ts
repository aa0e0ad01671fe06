import "server-only";
import type { Plan } from "@/generated/prisma/enums";
import { db } from "@/lib/server/db";
import { PRODUCT_NAME } from "@/lib/site/product";
import { recordEvent } from "./audit";
import { take, type Limit } from "./rate-limit";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * Emails an organisation may cause to addresses it chooses (ticket notifications to customers,
 * portal codes), per hour and per day by plan, so a new free organisation cannot use us as a
 * spam cannon. Counted in PostgreSQL like the throttles, so every server process shares them.
 */
export const MAIL_QUOTAS: Record<Plan, { perHour: Limit; perDay: Limit }> = {
  free: { perHour: { limit: 50, windowMs: HOUR }, perDay: { limit: 200, windowMs: DAY } },
  starter: { perHour: { limit: 300, windowMs: HOUR }, perDay: { limit: 2_000, windowMs: DAY } },
  pro: { perHour: { limit: 1_000, windowMs: HOUR }, perDay: { limit: 10_000, windowMs: DAY } },
  enterprise: { perHour: { limit: 5_000, windowMs: HOUR }, perDay: { limit: 50_000, windowMs: DAY } },
};

/**
 * Takes one email from the organisation's quota. Past it the email is not sent (the change that
 * caused it still happens): the skip is logged, and the first skip of a window is recorded in
 * the organisation's activity log so the admin can see why customers heard nothing.
 */
export async function takeMailQuota(organizationId: string, what: string): Promise<boolean> {
  const organization = await db.organization.findUnique({
    where: { id: organizationId },
    select: { id: true, plan: true },
  });
  if (!organization) return false;
  const quota = MAIL_QUOTAS[organization.plan];
  for (const [per, limit] of [
    ["hour", quota.perHour],
    ["day", quota.perDay],
  ] as const) {
    const taken = await take(`mail:${per}:${organization.id}`, limit);
    if (taken.allowed) continue;
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "email not sent: the organisation's email quota is used up",
        organizationId: organization.id,
        what,
        per,
      }),
    );
    if (taken.count === limit.limit + 1) {
      await recordEvent(db, {
        organizationId: organization.id,
        actorType: "system",
        actorLabel: PRODUCT_NAME,
        action: "mail.quota_reached",
        targetType: "organization",
        targetId: organization.id,
        metadata: { plan: organization.plan, limit: limit.limit, per },
      });
    }
    return false;
  }
  return true;
}
