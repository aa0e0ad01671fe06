import type { View } from "./views";

/** The queues as the sidebar names them, for saying where a search looked. */
export const VIEW_LABELS: Record<View, string> = {
  unassigned: "Unassigned",
  "my-open": "My Open",
  "my-groups": "My Groups",
  "all-open": "All Open",
  "sla-risk": "SLA at Risk",
  "recently-updated": "Recent Updates",
  closed: "Closed (7d)",
};
