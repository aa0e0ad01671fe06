import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { db, queryRows } from "@/lib/server/db";
import { PRODUCT_NAME } from "@/lib/site/product";
import { recordEvent } from "@/lib/services/audit";
import { countHits, type Limit } from "@/lib/services/rate-limit";

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

/** Each plan's limit per `per`, for the statement that counts them. */
const limitsPer = (per: "perHour" | "perDay") =>
  JSON.stringify(Object.fromEntries(Object.entries(MAIL_QUOTAS).map(([plan, quota]) => [plan, quota[per].limit])));
const PER_HOUR_LIMITS = limitsPer("perHour");
const PER_DAY_LIMITS = limitsPer("perDay");

/**
 * Takes one email (`hits`: one for each address it goes to) from the organisation's quota and, while the quota allows it, writes
 * `write(source)`: a statement that writes a row for each row of `source` (a FROM clause: one row
 * when the email may go, none when not) and returns the row this resolves to. Past the quota the
 * email is not sent (the change that caused it still happens): the skip is logged, and the first
 * skip of a window is recorded in the organisation's activity log so the admin can see why
 * customers heard nothing.
 *
 * One statement reads the plan, counts the hour and, while the hour allows it, the day (a mail
 * refused by the hour must not use up the day), and writes. Every customer mail passes here: its
 * delivery row is written in the same round trip and commit (while tickets arrive in bursts on two
 * cores, a mail's round trips cost the database more than its statements).
 */
export async function takeMailQuota<Row>(
  organizationId: string,
  what: string,
  write: (source: Prisma.Sql) => Prisma.Sql,
  hits = 1,
): Promise<Row | null> {
  const [taken] = await queryRows<{ plan: Plan; hour: number; day: number | null; written: Row | null }>(Prisma.sql`
    WITH org AS (SELECT "id", "plan" FROM "Organization" WHERE "id" = ${organizationId}),
    hour AS (${countHits(Prisma.sql`SELECT 'mail:hour:' || "id" FROM org`, HOUR, hits)}),
    day AS (${countHits(
      Prisma.sql`SELECT 'mail:day:' || org."id" FROM org, hour
                 WHERE hour."count" <= (${PER_HOUR_LIMITS}::jsonb ->> org."plan"::text)::int`,
      DAY,
      hits,
    )}),
    verdict AS (
      SELECT org."plan"::text AS "plan", hour."count" AS "hour", day."count" AS "day"
      FROM org CROSS JOIN hour LEFT JOIN day ON true
    ),
    written AS (${write(Prisma.sql`FROM verdict WHERE verdict."day" <= (${PER_DAY_LIMITS}::jsonb ->> verdict."plan")::int`)})
    SELECT verdict.*, (SELECT row_to_json(written) FROM written) AS "written" FROM verdict`);
  if (!taken) return null;
  if (taken.written) return taken.written;
  const quota = MAIL_QUOTAS[taken.plan];
  const [per, limit] = taken.day === null ? (["hour", quota.perHour] as const) : (["day", quota.perDay] as const);
  console.warn(
    JSON.stringify({
      level: "warn",
      msg: "email not sent: the organisation's email quota is used up",
      organizationId,
      what,
      per,
    }),
  );
  // The mail that first went past the limit (one counting several addresses may jump past it).
  const count = taken.day ?? taken.hour;
  if (count > limit.limit && count - hits <= limit.limit) {
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
  return null;
}
