import type { View } from "./views";

/**
 * How the list can be ordered: last activity, newest first, most urgent first, soonest SLA due
 * first, or (while searching) best match first.
 */
export const TICKET_SORTS = ["activity", "created", "priority", "sla", "relevance"] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

export const SORT_LABELS: Record<TicketSort, string> = {
  activity: "Last activity",
  created: "Created",
  priority: "Priority",
  sla: "SLA due",
  relevance: "Relevance",
};

/** The orders a list offers: relevance only while there is a search to be relevant to. */
export function sortsFor(searching: boolean): readonly TicketSort[] {
  return searching ? TICKET_SORTS : TICKET_SORTS.filter((s) => s !== "relevance");
}

/**
 * Recent Updates and Closed are about what changed, so they list by when it changed; the
 * work queues list newest tickets first unless the agent picks another order.
 */
export function defaultSort(view: View | undefined): TicketSort {
  return view === "recently-updated" || view === "closed" ? "activity" : "created";
}
