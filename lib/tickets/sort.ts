import type { View } from "./views";

/** How the list can be ordered: last activity, newest first, most urgent first, soonest SLA due first. */
export const TICKET_SORTS = ["activity", "created", "priority", "sla"] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

export const SORT_LABELS: Record<TicketSort, string> = {
  activity: "Last activity",
  created: "Created",
  priority: "Priority",
  sla: "SLA due",
};

/**
 * Recent Updates and Closed are about what changed, so they list by when it changed; the
 * work queues list newest tickets first unless the agent picks another order.
 */
export function defaultSort(view: View | undefined): TicketSort {
  return view === "recently-updated" || view === "closed" ? "activity" : "created";
}
