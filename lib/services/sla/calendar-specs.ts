import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { BusinessCalendar, WeekOpenHours } from "@/lib/schemas/business-hours";
import type { CalendarSpec, Holiday } from "@/lib/sla/calendar";
import { db } from "@/lib/server/db";

/** A calendar of the organisation as the SLA clock counts with it. */
export type OrganizationCalendar = { id: string; name: string; isDefault: boolean; spec: CalendarSpec };

/** The organisation's calendars as lists and readers show them: the default first, then by name. */
export const CALENDAR_ORDER: Prisma.BusinessCalendarOrderByWithRelationInput[] = [
  { isDefault: "desc" },
  { nameKey: "asc" },
  { id: "asc" },
];

type StoredSpec = { timeZone: string; hours: Prisma.JsonValue; holidays: Prisma.JsonValue };

/**
 * A stored calendar's spec. The API wrote it already checked and with every day filled in
 * (lib/schemas/business-hours.ts), as the migration's trigger writes the 24/7 calendar.
 */
export const specOf = (row: StoredSpec): Pick<BusinessCalendar, "timeZone" | "hours" | "holidays"> => ({
  timeZone: row.timeZone,
  hours: row.hours as WeekOpenHours,
  holidays: row.holidays as Holiday[],
});

/** Each of the organisation's calendars with its spec, read afresh (one indexed query). */
export async function calendarSpecs(organizationId: string): Promise<OrganizationCalendar[]> {
  const rows = await db.businessCalendar.findMany({
    where: { organizationId },
    select: { id: true, name: true, isDefault: true, timeZone: true, hours: true, holidays: true },
    orderBy: CALENDAR_ORDER,
  });
  return rows.map((row) => ({ id: row.id, name: row.name, isDefault: row.isDefault, spec: specOf(row) }));
}
