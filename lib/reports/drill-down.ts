import type { ReportBreakdownRow, ReportDimension } from "@/lib/schemas/reports-charts";
import { listSearch, NO_LIST_PARAMS, type ListParams } from "@/lib/tickets/list-params";
import type { SlaOutcome, SlaTargetKind } from "@/lib/schemas/tickets";
import type { TicketPriority } from "@/generated/prisma/enums";
import { fieldRef } from "@/lib/schemas/fields-custom";
import type { ReportRange } from "./range-presets";

/** The report's own filters that the ticket list also takes, under the list's names. */
export type ReportFilters = {
  group?: string;
  agent?: string;
  priority?: string;
  tag?: string;
  company?: string;
  entrance?: string;
  fields?: Record<string, string>;
};

/**
 * The tickets behind an SLA figure: those with a target that ended so, started in the range (as the
 * report counts targets), of a kind or a policy ("default": the organisation's own targets).
 */
export type SlaDrill = { outcome: SlaOutcome; target?: SlaTargetKind; policy?: string };

/**
 * The list's parameters for a report's range and filters, in all tickets whatever their status
 * (the list's default is the open queue): tickets created in the range, or for an SLA figure the
 * tickets whose targets started in it.
 */
function listParamsOf(range: ReportRange, filters: ReportFilters, sla?: SlaDrill): ListParams | null {
  // The list has no entrance filter: a report filtered by it has no list behind it.
  if (filters.entrance) return null;
  const when = sla
    ? {
        slaOutcome: sla.outcome,
        ...(sla.target ? { slaTarget: sla.target } : {}),
        ...(sla.policy ? { slaPolicy: sla.policy } : {}),
        slaFrom: range.from,
        slaTo: range.to,
      }
    : { createdFrom: range.from, createdTo: range.to };
  return {
    ...NO_LIST_PARAMS,
    group: filters.group ?? "",
    company: filters.company ?? "",
    tag: filters.tag ?? "",
    priority: (filters.priority as TicketPriority | undefined) ?? null,
    everywhere: true,
    ...(filters.fields ? { fields: filters.fields } : {}),
    more: { ...when, ...(filters.agent ? { assignee: filters.agent } : {}) },
  };
}

/** The workspace list's address for these parameters, in all tickets. */
const listHref = (params: ListParams) => `/app?${new URLSearchParams(listSearch(params)).toString()}#all-open`;

/** A breakdown row's filter added to the report's (the row's tag by name, "no assignee" as the list writes it). */
function rowFilters(by: ReportDimension, row: ReportBreakdownRow, filters: ReportFilters): ReportFilters | null {
  if (by === "entrance") return null;
  if (row.key === null) return by === "agent" ? { ...filters, agent: "none" } : null;
  return { ...filters, [by]: by === "tag" ? (row.label ?? row.key) : row.key };
}

/**
 * Where a breakdown row's tickets are (or, given `sla`, those behind its SLA figure): the workspace
 * list filtered by the row and the report, or null when the list cannot filter so (by entrance, no
 * group, no company).
 */
export function drillDownHref(
  by: ReportDimension,
  row: ReportBreakdownRow,
  range: ReportRange,
  filters: ReportFilters,
  sla?: SlaDrill,
): string | null {
  const narrowed = rowFilters(by, row, filters);
  const params = narrowed && listParamsOf(range, narrowed, sla);
  return params && listHref(params);
}

/** Where the tickets behind one of the summary's SLA figures are (per target or per policy), or null as above. */
export function slaDrillDownHref(range: ReportRange, filters: ReportFilters, sla: SlaDrill): string | null {
  const params = listParamsOf(range, filters, sla);
  return params && listHref(params);
}

/** The report calls' query for a range and filters (custom fields as `field.<key>`), unset ones left out. */
export function reportSearch(range: ReportRange, filters: ReportFilters, extra: Record<string, string> = {}): string {
  const { fields, ...plain } = filters;
  const search = new URLSearchParams({ from: range.from, to: range.to });
  for (const [name, value] of Object.entries(plain)) if (value) search.set(name, value);
  for (const [key, value] of Object.entries(fields ?? {})) if (value) search.set(fieldRef(key), value);
  for (const [name, value] of Object.entries(extra)) search.set(name, value);
  return search.toString();
}
