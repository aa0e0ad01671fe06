import { TICKET_PRIORITIES } from "@/lib/tickets/fields";
import { ENTRANCES } from "./automations";
import { isCalendarDate } from "@/lib/sla/calendar";
import { tagNameSchema } from "./tags";
import type { SlaTargetKind } from "./tickets";
import { z } from "./zod";

/** The longest range a report covers: a year, a leap day included. */
export const REPORT_RANGE_MAX_DAYS = 366;

export const REPORT_DAY_INVALID = (name: string) => `${name} must be a date written YYYY-MM-DD`;
export const REPORT_RANGE_ORDER = "to must not be before from";
export const REPORT_RANGE_TOO_LONG = `A report covers at most ${REPORT_RANGE_MAX_DAYS} days`;

const day = (name: string) =>
  z
    .string({ error: REPORT_DAY_INVALID(name) })
    .max(10, REPORT_DAY_INVALID(name))
    .refine(isCalendarDate, REPORT_DAY_INVALID(name));

const id = (what: string) =>
  z
    .string({ error: `Unknown ${what}` })
    .min(1, `Unknown ${what}`)
    .max(64, `Unknown ${what}`);

/** Days between two YYYY-MM-DD dates, both counted. */
export const daysIn = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/**
 * A report's range and filters, each a query parameter: whole days in the organisation's time zone
 * (`to` included), and the ticket list's filters by the same names (`agent` is the assignee).
 * Loose: custom field filters are parameters named for their fields (`field.<key>=<value>`),
 * checked against the organisation's fields as the list checks them.
 */
export const reportQuerySchema = z
  .object({
    from: day("from"),
    to: day("to"),
    group: id("group").optional(),
    agent: id("agent").optional(),
    priority: z.enum(TICKET_PRIORITIES as [string, ...string[]], { error: "Unknown priority" }).optional(),
    tag: tagNameSchema.optional(),
    entrance: z.enum(ENTRANCES, { error: "Entrance must be agent, api, portal or email" }).optional(),
    company: id("company").optional(),
    /** Minutes in the business hours of each ticket's calendar instead of around the clock. */
    businessHours: z.enum(["true", "false"], { error: "businessHours must be true or false" }).optional(),
  })
  .loose()
  .superRefine((v, ctx) => {
    if (!isCalendarDate(v.from) || !isCalendarDate(v.to)) return;
    if (v.to < v.from) ctx.addIssue({ code: "custom", message: REPORT_RANGE_ORDER, path: ["to"] });
    else if (daysIn(v.from, v.to) > REPORT_RANGE_MAX_DAYS)
      ctx.addIssue({ code: "custom", message: REPORT_RANGE_TOO_LONG, path: ["to"] });
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** A median and 90th percentile in whole minutes; null when no ticket counts. */
export type MinutesSpread = { median: number | null; p90: number | null };

/** SLA targets started in the range, met in time or breached. */
export type SlaOutcomes = { met: number; breached: number };

/** A rating's comment, for the page's short list of what customers said. */
export type RatingComment = {
  ticketNumber: number;
  subject: string;
  score: "good" | "bad";
  comment: string;
  ratedAt: string;
};

/** How many comments a period lists: the latest, as a taste of what customers say. */
export const RATING_COMMENTS_SHOWN = 5;

/** One period's figures (docs/design/reports.md says which tickets each counts). */
export type ReportFigures = {
  created: number;
  solved: number;
  reopened: number;
  backlog: number;
  firstResponseMinutes: MinutesSpread;
  resolutionMinutes: MinutesSpread;
  slaCompliance: SlaOutcomes;
  satisfaction: { good: number; bad: number };
  /** Team answers in the range to a customer message that followed the team's reply (median, p90). */
  nextResponseMinutes: MinutesSpread;
  /** Public team replies of the tickets solved in the range (median, p90, to a tenth); null when none was solved. */
  agentRepliesPerTicket: { median: number | null; p90: number | null };
  /** Of `solved`: solved with exactly one team reply and never reopened. */
  oneTouchSolved: number;
  /** `slaCompliance` per target kind (only kinds with a target met or breached), in SLA_TARGET_KINDS' order. */
  slaByTarget: ({ target: SlaTargetKind } & SlaOutcomes)[];
  /** `slaCompliance` per SLA policy (null: the organisation's default targets), by name, the default last. */
  slaByPolicy: ({ policyId: string | null; name: string | null } & SlaOutcomes)[];
  /** The latest rated comments of the range (at most RATING_COMMENTS_SHOWN), newest first. */
  satisfactionComments: RatingComment[];
};

/** GET /api/reports/summary: the range's figures, and the same for as many days just before it. */
export type ReportSummary = ReportFigures & { previous: ReportFigures };
