import { reportQuerySchema, type ReportFigures } from "./reports";
import { z } from "./zod";

/** How a series over time is cut: whole days, or weeks from Monday (the first and last clipped to the range). */
export const REPORT_INTERVALS = ["day", "week"] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

/** GET /api/reports/series: the summary's range and filters, and the interval. */
export const reportSeriesQuerySchema = reportQuerySchema.and(
  z.object({
    interval: z.enum(REPORT_INTERVALS, { error: "interval must be day or week" }).optional(),
  }),
);
export type ReportSeriesQuery = z.infer<typeof reportSeriesQuerySchema>;

/** One bucket of a series: its first local day, and the summary's figures for the tickets of that bucket (the backlog at its end). */
export type ReportPoint = { start: string } & Pick<
  ReportFigures,
  "created" | "solved" | "reopened" | "backlog" | "firstResponseMinutes" | "resolutionMinutes"
>;

export type ReportSeries = { interval: ReportInterval; points: ReportPoint[] };

/** What a breakdown groups the tickets by (`agent` is the assignee, a tag counts each of its tickets). */
export const REPORT_DIMENSIONS = ["group", "agent", "tag", "entrance", "priority", "company"] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

/** GET /api/reports/breakdown: the summary's range and filters, and what to group by. */
export const reportBreakdownQuerySchema = reportQuerySchema.and(
  z.object({
    by: z.enum(REPORT_DIMENSIONS, { error: `by must be one of: ${REPORT_DIMENSIONS.join(", ")}` }),
  }),
);
export type ReportBreakdownQuery = z.infer<typeof reportBreakdownQuerySchema>;

/** One row of a breakdown: each figure counts the tickets the summary's figure of the same name counts. */
export type ReportBreakdownRow = {
  /** The group's, agent's, tag's or company's id, the priority or the entrance; null: none (no group, unassigned). */
  key: string | null;
  /** The name to show (a tag's name is also its filter); null when the row has none. */
  label: string | null;
  created: number;
  solved: number;
  firstResponseMedian: number | null;
  resolutionMedian: number | null;
  slaCompliance: { met: number; breached: number };
  satisfaction: { good: number; bad: number };
};

export type ReportBreakdown = { by: ReportDimension; rows: ReportBreakdownRow[] };

/**
 * GET /api/reports/heatmap: tickets created in the range by day of the week and hour of the day,
 * in the organisation's zone. `counts[d][h]`: d 0 is Monday, h 0 is midnight to one.
 */
export type ReportHeatmap = { timeZone: string; counts: number[][] };
