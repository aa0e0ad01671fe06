import type { CustomFieldType } from "@/generated/prisma/enums";
import {
  CUSTOM_FIELD_KEY_PATTERN,
  FIELD_REF_PREFIX,
  isSortableField,
  type CustomField,
} from "@/lib/schemas/fields-custom";
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

/**
 * The list ordered by a custom field: `field.<key>` lowest value first, `-field.<key>` highest
 * first (numbers by number, dates by date), tickets without a value last either way.
 */
export type FieldSort = `field.${string}` | `-field.${string}`;
/** Any order of the list: one of its own, or by a custom field. */
export type ListSort = TicketSort | FieldSort;

/** An order by a custom field, with a key a field could have (CUSTOM_FIELD_KEY_PATTERN after the prefix). */
export const FIELD_SORT_PATTERN = new RegExp(
  `^-?${FIELD_REF_PREFIX.replace(".", "\\.")}${CUSTOM_FIELD_KEY_PATTERN.source.slice(1)}`,
);

/** Whether `value` names an order by a custom field, with a key a field could have. */
export const isFieldSort = (value: string | null | undefined): value is FieldSort =>
  !!value && FIELD_SORT_PATTERN.test(value);

/** The field a field order follows, and whether highest first. */
export function fieldSortOf(sort: FieldSort): { key: string; descending: boolean } {
  const descending = sort.startsWith("-");
  return { key: sort.slice((descending ? 1 : 0) + FIELD_REF_PREFIX.length), descending };
}

/** The order by a field's values, lowest first unless `descending`. */
export const fieldSort = (key: string, descending: boolean): FieldSort =>
  `${descending ? "-" : ""}${FIELD_REF_PREFIX}${key}` as FieldSort;

/** How each direction of a field's order reads in the sort menu, by the field's type. */
const FIELD_SORT_WORDS: Partial<Record<CustomFieldType, [lowest: string, highest: string]>> = {
  text: ["A to Z", "Z to A"],
  dropdown: ["A to Z", "Z to A"],
  number: ["lowest first", "highest first"],
  decimal: ["lowest first", "highest first"],
  date: ["earliest first", "latest first"],
  checkbox: ["No first", "Yes first"],
};

/** The sort menu's choices by the organisation's fields that have an order, each both ways ("Seats, highest first"). */
export function fieldSortOptions(
  fields: readonly Pick<CustomField, "key" | "label" | "type">[],
): { value: FieldSort; label: string }[] {
  return fields
    .filter((f) => isSortableField(f.type))
    .flatMap((f) =>
      [false, true].map((descending) => ({
        value: fieldSort(f.key, descending),
        label: `${f.label}, ${FIELD_SORT_WORDS[f.type]![descending ? 1 : 0]}`,
      })),
    );
}

/** Whether `value` (from an address or a saved view) names an order the list may offer. */
export const isListSort = (value: string | null | undefined): value is ListSort =>
  isTicketSort(value) || isFieldSort(value);

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
