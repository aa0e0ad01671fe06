import type { View } from "./views";

/**
 * How the list can be ordered: what needs attention first (the SLA target that runs out first,
 * breached ones before all others, then the most urgent, then the oldest), last activity, newest
 * first, most urgent first, soonest SLA due first, or (while searching) best match first.
 */
export const TICKET_SORTS = ["attention", "activity", "created", "priority", "sla", "relevance"] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

export const SORT_LABELS: Record<TicketSort, string> = {
  attention: "Needs attention",
  activity: "Last activity",
  created: "Created",
  priority: "Priority",
  sla: "SLA due",
  relevance: "Relevance",
};

/** The time a row shows for each order: the one the order follows (or, by priority or match, when it was raised). */
export type SortTime = "due" | "activity" | "created";
export const SORT_TIMES: Record<TicketSort, SortTime> = {
  attention: "due",
  activity: "activity",
  created: "created",
  priority: "created",
  sla: "due",
  relevance: "created",
};

export const SORT_TIME_LABELS: Record<SortTime, string> = {
  due: "SLA due",
  activity: "Last activity",
  created: "Created",
};

/** The orders a list offers: relevance only while there is a search to be relevant to. */
export function sortsFor(searching: boolean): readonly TicketSort[] {
  return searching ? TICKET_SORTS : TICKET_SORTS.filter((s) => s !== "relevance");
}

/** Whether `value` (from an address) names an order the list offers. */
export function isTicketSort(value: string | null | undefined): value is TicketSort {
  return (TICKET_SORTS as readonly (string | null | undefined)[]).includes(value);
}

/**
 * Recent Updates and Closed are about what changed, so they list by when it changed; the work
 * queues put what needs attention first, so a breached ticket never sinks below newer ones. A
 * search through all tickets (no queue) lists the newest first.
 */
export function defaultSort(view: View | undefined): TicketSort {
  if (view === "recently-updated" || view === "closed") return "activity";
  return view ? "attention" : "created";
}
