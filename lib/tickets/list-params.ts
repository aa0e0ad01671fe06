import { fieldKeyOf, fieldRef, isFieldRef } from "@/lib/schemas/fields-custom";
import { TARGET_NAMES } from "@/lib/format/sla-text";
import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "./fields";
import { isListSort, type ListSort } from "./sort";
import { RANGE_KEYS, rangeLabel } from "./range-presets";

/**
 * The queue's sort, filters and search as the workspace address keeps them, beside `?ticket=`:
 * `/app?sort=priority&status=pending&q=printer&ticket=12#all-open`. So a reload, a shared link
 * and Back after opening a ticket all show the list as it was. Values the list does not offer
 * (an old link, a hand-edited address) read as unset.
 */
export type ListParams = {
  q: string;
  status: TicketStatus | null;
  priority: TicketPriority | null;
  tag: string;
  /** A group's id (staff): only its tickets. */
  group: string;
  /** A customer company's id (staff): only its tickets. */
  company: string;
  /** The order chosen in the sort menu (a custom field's too); null: the queue's own (see defaultSort). */
  sort: ListSort | null;
  /** The search or filters look through all tickets instead of the queue's (a report's drill-down, a company's tickets). */
  everywhere: boolean;
  /** Custom field filters by field key (`field.order_number=A-1` in the address and the API); absent: none. */
  fields?: Record<string, string>;
  /** The list's other filters (assignee, SLA state, created and updated ranges), as a saved view sets them; absent: none. */
  more?: Partial<Record<MoreFilterKey, string>>;
};

/** Filters the address carries under the API's own names, each passed on to the list as it stands. */
export const MORE_FILTER_KEYS = [
  "assignee",
  "sla",
  "createdFrom",
  "createdTo",
  "updatedFrom",
  "updatedTo",
  "slaOutcome",
  "slaTarget",
  "slaPolicy",
  "slaFrom",
  "slaTo",
] as const;
export type MoreFilterKey = (typeof MORE_FILTER_KEYS)[number];

/** One of the active filters this part of the address sets: its words, and the keys that remove it. */
export type MoreFilterChip = { label: string; keys: MoreFilterKey[] };

/**
 * How the list's active filters name these ("SLA breached", "Created in the last 7 days"), each
 * range as one; `person` names an assignee by id.
 */
export function moreFilterChips(more: ListParams["more"], person: (id: string) => string): MoreFilterChip[] {
  const chips: MoreFilterChip[] = [];
  const assignee = more?.assignee;
  if (assignee)
    chips.push({ label: assignee === "none" ? "Unassigned" : `Assigned to ${person(assignee)}`, keys: ["assignee"] });
  const sla = more?.sla;
  if (sla)
    chips.push({
      label: sla === "breached" ? "SLA breached" : sla === "at_risk" ? "SLA at risk" : `SLA: ${sla}`,
      keys: ["sla"],
    });
  for (const column of ["created", "updated"] as const) {
    const { from, to } = RANGE_KEYS[column];
    const label = rangeLabel(column, { from: more?.[from], to: more?.[to] });
    if (label) chips.push({ label, keys: [from, to] });
  }
  const outcome = slaOutcomeLabel(more);
  if (outcome) chips.push({ label: outcome, keys: [...SLA_OUTCOME_KEYS] });
  return chips;
}

/** The parameters of a report's SLA figure's tickets (one filter: they are set and removed together). */
const SLA_OUTCOME_KEYS = ["slaOutcome", "slaTarget", "slaPolicy", "slaFrom", "slaTo"] as const;
/** The targets as the ticket pane names them. */
const SLA_TARGET_WORDS: Record<string, string> = {
  first_response: TARGET_NAMES.first_reply.toLowerCase(),
  next_response: TARGET_NAMES.next_reply.toLowerCase(),
  resolution: TARGET_NAMES.resolution.toLowerCase(),
};

/** "SLA first reply breached, default targets, started 2026-11-01 to 2026-11-30"; null when unset. */
function slaOutcomeLabel(more: ListParams["more"]): string | null {
  if (!SLA_OUTCOME_KEYS.some((key) => more?.[key])) return null;
  const what = ["SLA", more?.slaTarget && (SLA_TARGET_WORDS[more.slaTarget] ?? more.slaTarget), more?.slaOutcome]
    .filter(Boolean)
    .join(" ");
  const policy = more?.slaPolicy && (more.slaPolicy === "default" ? "default targets" : "one policy");
  const { slaFrom: from, slaTo: to } = more ?? {};
  const started =
    from && to ? `started ${from} to ${to}` : from ? `started from ${from}` : to ? `started to ${to}` : "";
  return [what, policy, started].filter(Boolean).join(", ");
}

/** The active filters' words for these (see moreFilterChips). */
export const moreFilterLabels = (more: ListParams["more"], person: (id: string) => string): string[] =>
  moreFilterChips(more, person).map((chip) => chip.label);

/** `more` with these filters removed; undefined once none is left. */
export function withoutMore(more: ListParams["more"], keys: MoreFilterKey[]): ListParams["more"] {
  return keys.reduce((next, key) => withMore(next, key, ""), more);
}

/** `more` with one filter set (or, given "", cleared); undefined once none is left. */
export function withMore(more: ListParams["more"], key: MoreFilterKey, value: string): ListParams["more"] {
  const next = { ...more };
  if (value) next[key] = value;
  else delete next[key];
  return Object.keys(next).length > 0 ? next : undefined;
}

function moreParams(search: URLSearchParams): { more?: Partial<Record<MoreFilterKey, string>> } {
  const more: Partial<Record<MoreFilterKey, string>> = {};
  for (const key of MORE_FILTER_KEYS) {
    const value = (search.get(key) ?? "").slice(0, 64);
    if (value) more[key] = value;
  }
  return Object.keys(more).length > 0 ? { more } : {};
}

export const NO_LIST_PARAMS: ListParams = {
  q: "",
  status: null,
  priority: null,
  tag: "",
  group: "",
  company: "",
  sort: null,
  everywhere: false,
};

/** The address's keys for the list, in the order they are written. */
const KEYS = ["sort", "status", "priority", "tag", "group", "company", "q", "in"] as const;
/** Longer than any search or tag name the API takes: the rest of an address is not the list's. */
const MAX_TEXT = 200;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.find((v) => v === value) ?? null;

export function readListParams(search: URLSearchParams): ListParams {
  const text = (key: string) => (search.get(key) ?? "").slice(0, MAX_TEXT);
  const sort = search.get("sort");
  return {
    q: text("q"),
    status: oneOf(TICKET_STATUSES, search.get("status")),
    priority: oneOf(TICKET_PRIORITIES, search.get("priority")),
    tag: text("tag"),
    group: text("group"),
    company: text("company"),
    sort: isListSort(sort) ? sort : null,
    everywhere: search.get("in") === "all",
    ...fieldParams(search),
    ...moreParams(search),
  };
}

/** At most this many field filters are read from an address (the API takes ten). */
const MAX_FIELDS = 10;

function fieldParams(search: URLSearchParams): { fields?: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const [name, value] of search.entries()) {
    if (!isFieldRef(name) || !value || Object.keys(fields).length >= MAX_FIELDS) continue;
    fields[fieldKeyOf(name).slice(0, 40)] = value.slice(0, MAX_TEXT);
  }
  return Object.keys(fields).length > 0 ? { fields } : {};
}

/** Whether the list is narrowed by any filter or search: only then may it look through all tickets (`in=all`). */
export const listFiltered = (params: ListParams): boolean =>
  !!params.q ||
  !!params.status ||
  !!params.priority ||
  !!params.tag ||
  !!params.group ||
  !!params.company ||
  Object.keys(params.fields ?? {}).length > 0 ||
  Object.values(params.more ?? {}).some(Boolean);

/** The list's part of an address's query, without its unset values (an untouched list adds nothing). */
export function listSearch(params: ListParams): [string, string][] {
  const values: Record<(typeof KEYS)[number], string> = {
    sort: params.sort ?? "",
    status: params.status ?? "",
    priority: params.priority ?? "",
    tag: params.tag,
    group: params.group,
    company: params.company,
    q: params.q,
    in: params.everywhere && listFiltered(params) ? "all" : "",
  };
  return [
    ...KEYS.flatMap((key) => (values[key] ? [[key, values[key]] as [string, string]] : [])),
    ...Object.entries(params.fields ?? {}).map(([key, value]) => [fieldRef(key), value] as [string, string]),
    ...Object.entries(params.more ?? {}).flatMap(([key, value]) => (value ? [[key, value] as [string, string]] : [])),
  ];
}
