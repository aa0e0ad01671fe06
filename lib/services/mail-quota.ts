import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { db, queryRows } from "@/lib/server/db";
import { PRODUCT_NAME } from "@/lib/site/product";
import { recordEvent } from "./audit";
import { countHits, type Limit } from "./rate-limit";

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

/** Each plan's hourly limit, for the statement that takes the day's only within the hour's. */
const PER_HOUR_LIMITS = JSON.stringify(
  Object.fromEntries(Object.entries(MAIL_QUOTAS).map(([plan, quota]) => [plan, quota.perHour.limit])),
);

/**
 * Takes one email from the organisation's quota. Past it the email is not sent (the change that
 * caused it still happens): the skip is logged, and the first skip of a window is recorded in
 * the organisation's activity log so the admin can see why customers heard nothing.
 *
 * One statement reads the plan and counts the hour and, while the hour allows it, the day: every
 * customer mail passes here, and a mail refused by the hour must not use up the day.
 */
export async function takeMailQuota(organizationId: string, what: string): Promise<boolean> {
  const [taken] = await queryRows<{ plan: Plan; hour: number; day: number | null }>(Prisma.sql`
    WITH org AS (SELECT "id", "plan" FROM "Organization" WHERE "id" = ${organizationId}),
    hour AS (${countHits(Prisma.sql`SELECT 'mail:hour:' || "id" FROM org`, HOUR)}),
    day AS (${countHits(
      Prisma.sql`SELECT 'mail:day:' || org."id" FROM org, hour
                 WHERE hour."count" <= (${PER_HOUR_LIMITS}::jsonb ->> org."plan"::text)::int`,
      DAY,
    )})
    SELECT org."plan"::text AS "plan", hour."count" AS "hour", day."count" AS "day"
    FROM org CROSS JOIN hour LEFT JOIN day ON true`);
  if (!taken) return false;
  const quota = MAIL_QUOTAS[taken.plan];
  const [per, limit, count] =
    taken.day === null ? (["hour", quota.perHour, taken.hour] as const) : (["day", quota.perDay, taken.day] as const);
  if (count <= limit.limit) return true;
  console.warn(
    JSON.stringify({
      level: "warn",
      msg: "email not sent: the organisation's email quota is used up",
      organizationId,
      what,
      per,
    }),
  );
  if (count === limit.limit + 1) {
    await recordEvent(db, {
      organizationId,
      actorType: "system",
      actorLabel: PRODUCT_NAME,
      action: "mail.quota_reached",
      targetType: "organization",
      targetId: organizationId,
      metadata: { plan: taken.plan, limit: limit.limit, per },
    });
  }
  return false;
}
