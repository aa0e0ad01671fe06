/** The workspace queues, named as in the URL hash. */
export const VIEWS = [
  "unassigned",
  "my-open",
  "my-groups",
  "all-open",
  "sla-risk",
  "recently-updated",
  "closed",
] as const;
export type View = (typeof VIEWS)[number];

/** Recently Updated shows the last day's changes; Closed shows the last week's. */
export const RECENT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const CLOSED_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
