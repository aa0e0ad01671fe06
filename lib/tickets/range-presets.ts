import { parseRangeBound, type RangeBound } from "./range-bounds";

/** The two times the list's ranges filter by: when a ticket was created, when it last changed. */
export type RangeColumn = "created" | "updated";

/** A range as the address and the API write it: its lower and upper bound (see range-bounds.ts), either left out. */
export type RangeValue = { from?: string; to?: string };

/** The parameters of each column's range. */
export const RANGE_KEYS = {
  created: { from: "createdFrom", to: "createdTo" },
  updated: { from: "updatedFrom", to: "updatedTo" },
} as const;

export type RangePreset = { id: string; label: string; range: RangeValue };

const SINCE: RangePreset[] = [
  { id: "today", label: "Today", range: { from: "today" } },
  { id: "24h", label: "Last 24 hours", range: { from: "-24h" } },
  { id: "7d", label: "Last 7 days", range: { from: "-7d" } },
  { id: "30d", label: "Last 30 days", range: { from: "-30d" } },
];

/**
 * The filter bar's choices per column. All relative, so a view saved with one stays "the last 7
 * days"; "Not updated in ..." is an upper bound (tickets left waiting).
 */
export const RANGE_PRESETS: Record<RangeColumn, RangePreset[]> = {
  created: SINCE,
  updated: [
    ...SINCE,
    { id: "stale-24h", label: "Not updated in 24 hours", range: { to: "-24h" } },
    { id: "stale-7d", label: "Not updated in 7 days", range: { to: "-7d" } },
  ],
};

/** The preset a range is, or null (none set, or a custom range). */
export function presetOf(column: RangeColumn, range: RangeValue): RangePreset | null {
  return (
    RANGE_PRESETS[column].find(
      (p) => (p.range.from ?? "") === (range.from ?? "") && (p.range.to ?? "") === (range.to ?? ""),
    ) ?? null
  );
}

const WORD: Record<RangeColumn, string> = { created: "Created", updated: "Updated" };

/** "24 hours", "7 days", "1 hour". */
function span(bound: { n: number; unit: "h" | "d" }): string {
  const unit = bound.unit === "h" ? "hour" : "day";
  return `${bound.n} ${unit}${bound.n === 1 ? "" : "s"}`;
}

/** A bound in a sentence: the day, "today", "24 hours ago", or the instant as written. */
function describe(bound: RangeBound, text: string): string {
  switch (bound.kind) {
    case "today":
      return "today";
    case "ago":
      return `${span(bound)} ago`;
    default:
      return text;
  }
}

/**
 * How the active filters name a range, as a person would say it: "Created in the last 7 days",
 * "Not updated in 24 hours", "Created 2026-12-01 to 2026-12-05", "Created from 2026-12-01".
 * Null when neither bound is set; a bound the list would refuse is shown as written.
 */
export function rangeLabel(column: RangeColumn, range: RangeValue): string | null {
  const word = WORD[column];
  const from = range.from ? parseRangeBound(range.from) : null;
  const to = range.to ? parseRangeBound(range.to) : null;
  if (range.from && range.to) {
    if (range.from === range.to && from?.kind === "day") return `${word} on ${range.from}`;
    return `${word} ${from ? describe(from, range.from) : range.from} to ${to ? describe(to, range.to) : range.to}`;
  }
  if (range.from) {
    if (from?.kind === "today") return `${word} today`;
    if (from?.kind === "ago")
      return `${word} in the last ${from.n === 1 ? (from.unit === "h" ? "hour" : "day") : span(from)}`;
    return `${word} from ${range.from}`;
  }
  if (range.to) {
    if (to?.kind === "ago") return column === "updated" ? `Not updated in ${span(to)}` : `${word} over ${span(to)} ago`;
    return `${word} until ${to ? describe(to, range.to) : range.to}`;
  }
  return null;
}
