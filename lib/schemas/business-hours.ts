import type { Plan } from "@/generated/prisma/enums";
import {
  WEEKDAYS,
  isCalendarDate,
  isInterval,
  isTimeOfDay,
  isTimeZone,
  overlapping,
  type Holiday,
  type TimeOfDay,
  type WeekHours,
  type Weekday,
} from "@/lib/sla/calendar";
import { singleLine } from "./fields";
import { z } from "./zod";

/**
 * Business-hours calendars as admins write them and other tools call them: a name, an IANA time
 * zone, the hours each weekday is open (any number of intervals, so split shifts too) and the
 * holidays when it is closed all day. A day missing or `[]` is closed; "24:00" ends a day.
 * Checked here for the server and the editor alike; every problem names its field.
 */

/** An open interval of a day: "HH:MM" to "HH:MM", its end after its start. */
type Interval = [TimeOfDay, TimeOfDay];
/** Every weekday with its open intervals in order (a closed day has none), as the API answers. */
export type WeekOpenHours = Required<WeekHours>;

/** A start and an end that are both times of day ("24:00" is one), in whichever order. */
const wellFormed = (interval: unknown): interval is Interval =>
  Array.isArray(interval) && interval.length === 2 && interval.every(isTimeOfDay);

/**
 * The zone as sent when the platform knows it as an IANA zone, else null; only its case is put
 * right ("europe/london"). The platform's own name is not taken otherwise: it may be an older
 * one ("Asia/Calcutta" for "Asia/Kolkata").
 */
function knownTimeZone(value: string): string | null {
  // Offsets ("+01:00") are time zones to Intl, but they know nothing of summer time.
  if (!/^[A-Za-z]/.test(value) || !isTimeZone(value)) return null;
  const resolved = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === value.toLowerCase() ? resolved : value;
}

export const DAY_NAMES: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

export const CALENDAR_NAME_REQUIRED = "Please give the calendar a name";
export const CALENDAR_NAME_MAX = 80;
export const INTERVALS_PER_DAY_MAX = 10;
export const HOLIDAYS_MAX = 200;
export const OPEN_INTERVAL_REQUIRED = "A calendar needs at least one open interval.";
const TIME_ZONE_MAX = 64;

const nameSchema = singleLine(z.string({ error: CALENDAR_NAME_REQUIRED }).trim())
  .min(1, CALENDAR_NAME_REQUIRED)
  .max(CALENDAR_NAME_MAX, `Name must be at most ${CALENDAR_NAME_MAX} characters`);

const UNKNOWN_TIME_ZONE = 'Unknown time zone. Use an IANA name such as "Europe/London".';
const timeZoneSchema = z
  .string({ error: UNKNOWN_TIME_ZONE })
  .trim()
  .max(TIME_ZONE_MAX, UNKNOWN_TIME_ZONE)
  .transform((value, ctx) => {
    const zone = knownTimeZone(value);
    if (zone) return zone;
    ctx.addIssue({ code: "custom", message: UNKNOWN_TIME_ZONE });
    return z.NEVER;
  });

/** One day's intervals: each a start and an end within the day, at most 10, none overlapping. */
function daySchema(day: Weekday) {
  const named = (text: string) => `${DAY_NAMES[day]}: ${text}`;
  const time = z
    .string({ error: named("a time is text such as 09:00.") })
    .refine(isTimeOfDay, named("a time is HH:MM, from 00:00 to 24:00."));
  const interval = z
    .array(time, { error: named('an interval is a start and an end, such as ["09:00", "17:00"].') })
    .length(2, named('an interval is a start and an end, such as ["09:00", "17:00"].'))
    .superRefine((value, ctx) => {
      if (!wellFormed(value) || isInterval(value)) return;
      if (value[0] === "24:00")
        ctx.addIssue({
          code: "custom",
          path: [0],
          message: named("24:00 ends a day; an interval cannot start at it."),
        });
      else ctx.addIssue({ code: "custom", message: named("an interval must end after it starts.") });
    });
  return z
    .array(interval, { error: named("the open hours are a list of intervals.") })
    .max(INTERVALS_PER_DAY_MAX, named(`at most ${INTERVALS_PER_DAY_MAX} intervals a day.`))
    .superRefine((value, ctx) => {
      const pair = overlapping(value.filter((interval) => wellFormed(interval) && isInterval(interval)));
      if (pair)
        ctx.addIssue({ code: "custom", message: named(`${pair[0].join("-")} and ${pair[1].join("-")} overlap.`) });
    })
    .optional();
}

/**
 * "HH:MM" times and "YYYY-MM-DD" dates sort as their texts do. (Refinements and transforms run
 * on input that failed a check too, where a part may be missing: that must not throw.)
 */
const byText = (a: unknown, b: unknown) => String(a).localeCompare(String(b));

const DAY_LIST = `${WEEKDAYS.slice(0, -1).join(", ")} or ${WEEKDAYS.at(-1)}`;

/** The week as sent, every day filled in (closed: []) and each day's intervals in order. */
const weekHoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, daySchema(day)])) as Record<Weekday, ReturnType<typeof daySchema>>,
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Unknown day "${String(issue.keys[0])}". Use ${DAY_LIST}.`
          : `Hours are the open intervals of each day, such as { "mon": [["09:00", "17:00"]] }.`,
    },
  )
  .strict()
  .superRefine((week, ctx) => {
    if (!WEEKDAYS.some((day) => (week[day]?.length ?? 0) > 0))
      ctx.addIssue({ code: "custom", message: OPEN_INTERVAL_REQUIRED });
  })
  .transform(
    (week): WeekOpenHours =>
      Object.fromEntries(
        WEEKDAYS.map((day) => [day, [...((week[day] ?? []) as Interval[])].sort((a, b) => byText(a[0], b[0]))]),
      ) as WeekOpenHours,
  );

const holidaySchema = z.object(
  {
    date: z
      .string({ error: "A holiday's date is text such as 2026-12-25." })
      .refine(isCalendarDate, "A holiday's date is a real day written YYYY-MM-DD, such as 2026-12-25."),
    yearly: z.boolean({ error: "yearly must be true or false" }).default(false),
  },
  { error: 'A holiday is { "date": "2026-12-25", "yearly": true }.' },
);

/** The holidays, each date once, in date order. */
const holidaysSchema = z
  .array(holidaySchema, { error: "Holidays must be a list" })
  .max(HOLIDAYS_MAX, `At most ${HOLIDAYS_MAX} holidays`)
  .superRefine((holidays, ctx) => {
    const seen = new Set<string>();
    for (const [i, { date }] of holidays.entries()) {
      if (seen.has(date)) ctx.addIssue({ code: "custom", path: [i, "date"], message: `${date} is listed twice.` });
      seen.add(date);
    }
  })
  .transform((holidays): Holiday[] => [...holidays].sort((a, b) => byText(a.date, b.date)));

const isDefaultSchema = z.boolean({ error: "isDefault must be true or false" });

/** A new calendar: holidays and isDefault may be left out (none; not the default). */
export const businessCalendarInputSchema = z.object({
  name: nameSchema,
  timeZone: timeZoneSchema,
  hours: weekHoursSchema,
  holidays: holidaysSchema.default([]),
  isDefault: isDefaultSchema.default(false),
});
export type BusinessCalendarInput = z.infer<typeof businessCalendarInputSchema>;

/** A change to a calendar: any of its fields, the others kept (`hours` and `holidays` whole). */
export const businessCalendarPatchSchema = z
  .object({
    name: nameSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    hours: weekHoursSchema.optional(),
    holidays: holidaysSchema.optional(),
    isDefault: isDefaultSchema.optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), { error: "Nothing to change" });
export type BusinessCalendarPatch = z.infer<typeof businessCalendarPatchSchema>;

/** A calendar as the API returns it, with how many SLA policies count in it. */
export type BusinessCalendar = {
  id: string;
  name: string;
  timeZone: string;
  hours: WeekOpenHours;
  holidays: Holiday[];
  isDefault: boolean;
  policies: number;
  createdAt: Date;
  updatedAt: Date;
};

/** The organisation's calendars (the default first, then by name) and its plan. */
export type BusinessCalendarList = { calendars: BusinessCalendar[]; plan: Plan };
