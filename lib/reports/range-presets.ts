import { DAY_MS, localDay } from "@/lib/sla/time-zone";

/** The report's range as the API takes it: whole days in the organisation's zone, `to` included. */
export type ReportRange = { from: string; to: string };

export const REPORT_PRESETS = [
  { id: "7d", label: "Last 7 days" },
  { id: "30d", label: "Last 30 days" },
  { id: "90d", label: "Last 90 days" },
  { id: "this-month", label: "This month" },
  { id: "last-month", label: "Last month" },
] as const;
export type ReportPresetId = (typeof REPORT_PRESETS)[number]["id"];

const day = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/** Today in the zone, YYYY-MM-DD: in Sydney it is already tomorrow while London's evening goes on. */
export const todayIn = (timeZone: string, now: number) => day(localDay(timeZone, now));

/**
 * A preset's days in the zone. "Last 7 days" ends today and holds it (a week of whole days
 * including the one under way); "this month" runs from the 1st to today; "last month" is the
 * whole month before.
 */
export function presetRange(id: ReportPresetId, timeZone: string, now: number): ReportRange {
  const today = localDay(timeZone, now);
  const lastDays = (n: number) => ({ from: day(today - n + 1), to: day(today) });
  const date = new Date(today * DAY_MS);
  const firstOfMonth = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS;
  switch (id) {
    case "7d":
      return lastDays(7);
    case "30d":
      return lastDays(30);
    case "90d":
      return lastDays(90);
    case "this-month":
      return { from: day(firstOfMonth), to: day(today) };
    case "last-month": {
      const before = new Date((firstOfMonth - 1) * DAY_MS);
      return {
        from: day(Date.UTC(before.getUTCFullYear(), before.getUTCMonth(), 1) / DAY_MS),
        to: day(firstOfMonth - 1),
      };
    }
  }
}

/** The period the summary compares with: as many days just before the range. */
export function previousRange({ from, to }: ReportRange): ReportRange {
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  return { from: day(Date.parse(from) / DAY_MS - days), to: day(Date.parse(from) / DAY_MS - 1) };
}
