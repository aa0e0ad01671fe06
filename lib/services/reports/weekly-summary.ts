import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { weeklySummaryMail } from "@/lib/mail/weekly-summary-mail";
import { PERMISSIONS } from "@/lib/permissions/table";
import { lastWeekBefore, summaryWeekAt } from "@/lib/reports/summary-week";
import type { ReportRange } from "@/lib/reports/range-presets";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { enqueueMail } from "@/lib/services/mail/outbox";
import { organizationTimeZone } from "@/lib/services/sla/calendars";
import { localDay } from "@/lib/sla/time-zone";
import { periodFigures } from "./summary";
import { reportPeriods, type ReportScope } from "./scope";

/** The hourly job that mails each organisation's weekly summary on its Monday morning. */
export const WEEKLY_SUMMARY_JOB = "reports.weekly_summary";

type Recipient = { id: string; email: string; organizationId: string; organization: { name: string } };

/**
 * Queues last week's summary for every admin who turned it on, in the organisations where it is
 * Monday morning now (from 07:00 on their clock; `anyDay`: whatever the day, for the demo's
 * command). Run every hour, it reaches each zone's Monday whatever its offset. Each admin's week
 * is claimed with the mail it queues, in one transaction: a second run, on this worker or
 * another, finds the week claimed and queues nothing. The figures are the Reports page's
 * (periodFigures over the organisation's tickets), read once per organisation. Returns how many
 * mails were queued.
 */
export async function sendWeeklySummaries(now = new Date(), opts: { anyDay?: boolean } = {}): Promise<number> {
  const recipients = await db.user.findMany({
    where: { weeklySummaryEmail: true, isActive: true, role: { in: [...PERMISSIONS["reports.read_all"]] } },
    select: { id: true, email: true, organizationId: true, organization: { select: { name: true } } },
    orderBy: { id: "asc" },
  });
  const byOrganization = Map.groupBy(recipients, (r) => r.organizationId);
  let queued = 0;
  for (const [organizationId, admins] of byOrganization) {
    const timeZone = await organizationTimeZone(organizationId);
    const week = opts.anyDay
      ? lastWeekBefore(localDay(timeZone, now.getTime()))
      : summaryWeekAt(timeZone, now.getTime());
    if (week) queued += await sendWeek(organizationId, timeZone, week, admins, now);
  }
  return queued;
}

async function sendWeek(organizationId: string, timeZone: string, week: ReportRange, admins: Recipient[], now: Date) {
  const told = await db.weeklySummarySent.findMany({
    where: { organizationId, weekStart: new Date(week.from), userId: { in: admins.map((a) => a.id) } },
    select: { userId: true },
  });
  const pending = admins.filter((a) => !told.some((t) => t.userId === a.id));
  if (pending.length === 0) return 0;
  // An admin's report: the whole organisation's tickets, unfiltered, in calendar time.
  const periods = reportPeriods(timeZone, week.from, week.to);
  const scope: ReportScope = { organizationId, timeZone, ...periods, filter: Prisma.empty, businessHours: false };
  const [current, previous] = await Promise.all([
    periodFigures(scope, periods.period),
    periodFigures(scope, periods.previous),
  ]);
  const facts = {
    organizationName: pending[0]!.organization.name,
    timeZone,
    week,
    current,
    previous,
    reportsLink: `${env.appUrl}/reports?${new URLSearchParams(week)}`,
    profileLink: `${env.appUrl}/profile#weekly-summary`,
  };
  let queued = 0;
  for (const admin of pending) {
    await db.$transaction(async (tx) => {
      // Claimed only while the admin still wants it: turning it off since the list was read counts.
      const claimed = await tx.$executeRaw`
        INSERT INTO "WeeklySummarySent" ("organizationId", "userId", "weekStart", "createdAt")
        SELECT u."organizationId", u."id", ${week.from}::date, ${now} FROM "User" u
        WHERE u."id" = ${admin.id} AND u."organizationId" = ${organizationId} AND u."weeklySummaryEmail" AND u."isActive"
        ON CONFLICT DO NOTHING`;
      if (!claimed) return;
      await enqueueMail(tx, weeklySummaryMail(admin.email, facts), { organizationId });
      queued++;
    });
  }
  return queued;
}
