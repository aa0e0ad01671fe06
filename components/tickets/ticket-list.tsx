"use client";

import { useEffect, useRef, useState } from "react";
import { CalendarRange, Tag } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SearchInput } from "@/components/ui/search-input";
import { useCurrentUser } from "@/components/users/use-current-user";
import { useDebounced } from "@/lib/http/client/use-cursor-pages";
import { updateListParams, useWorkspaceLocation } from "@/components/workspace/workspace-location";
import type { TicketPriority, TicketStatus } from "@/generated/prisma/enums";
import { listFiltered, moreFilterChips, NO_LIST_PARAMS, withMore, withoutMore } from "@/lib/tickets/list-params";
import { RANGE_KEYS, type RangeColumn, type RangeValue } from "@/lib/tickets/range-presets";
import { parseRangeBound } from "@/lib/tickets/range-bounds";
import { fieldRef } from "@/lib/schemas/fields-custom";
import { can } from "@/lib/permissions/table";
import { cn } from "@/lib/utils";
import { OptionSelect, options } from "@/components/ui/option-select";
import dynamic from "next/dynamic";
import { RowCheckbox } from "./row-checkbox";
import { TicketRow } from "./ticket-row";
import { useAssignableUsers, useTicketList } from "./queries";
import { useGroups } from "@/components/settings/groups-queries";
import { useCompany } from "@/components/companies/queries";
import { useCustomFields } from "@/components/settings/fields/queries";
import { useTicketSelection } from "./use-ticket-selection";
import { preloadTagFilter, TagFilter } from "./tag-filter";
import { FilterChip } from "./filter-chip";
import { CustomRange, RangeSelect } from "./range-filter";
import { TICKET_PRIORITIES, TICKET_STATUSES, PRIORITY_LABELS, STATUS_LABELS } from "@/lib/tickets/fields";
import {
  defaultSort,
  fieldSortOf,
  fieldSortOptions,
  isFieldSort,
  SORT_LABELS,
  SORT_TIME_LABELS,
  SORT_TIMES,
  sortsFor,
  type ListSort,
} from "@/lib/tickets/sort";
import { VIEW_LABELS } from "@/lib/tickets/view-labels";
import { type View } from "@/lib/tickets/views";

// Loaded when the first ticket is ticked: most visits never use it.
const BulkActionBar = dynamic(() => import("./bulk-action-bar").then((m) => m.BulkActionBar));

const ALL = "all";
const FILTER = "h-8 gap-0.5 px-1.5 text-xs [&>svg]:size-3";

type Props = { view: View; selectedId: string | null; onSelect: (id: string) => void; actions?: React.ReactNode };

/**
 * The queue's tickets with search, filters and sort, which live in the address (see
 * list-params.ts) so they survive a reload and opening a ticket; further pages load as the
 * list scrolls.
 */
export function TicketList({ view, selectedId, onSelect, actions }: Props) {
  const { list: filters } = useWorkspaceLocation();
  // The box shows what is typed at once; the address (and the query) follow once typing pauses.
  // When the address changes otherwise (another queue, Back, the page's first render), the box
  // shows its search.
  const [typed, setTyped] = useState({ view, q: filters.q, text: filters.q });
  let text = typed.text;
  if (typed.view !== view || typed.q !== filters.q) {
    text = typed.view === view && typed.text.trim() === filters.q ? typed.text : filters.q;
    setTyped({ view, q: filters.q, text });
  }
  const settled = useDebounced(text.trim(), 250);
  useEffect(() => {
    if (settled !== text.trim() || settled === filters.q) return;
    // Relevance needs a search: once it is cleared, the queue's own order returns.
    updateListParams({ q: settled, ...(!settled && filters.sort === "relevance" ? { sort: null } : {}) });
  }, [settled, text, filters.q, filters.sort]);

  const q = filters.q;
  // Any search or filter may look through all tickets instead of the queue's: a company's "All
  // tickets of ..." link and a report's figure open so, since the tickets behind them are not all open.
  const filtered = listFiltered(filters);
  const everywhere = filtered && filters.everywhere;
  // Relevance is offered only while searching: once the search is cleared, the queue's own order returns.
  const sorts = sortsFor(!!q);
  const user = useCurrentUser();
  // The fields the list can be sorted by (staff), and the labels of the field filters.
  const customFields = useCustomFields({ enabled: can(user, "tickets.read_all") });
  const fieldSorts = fieldSortOptions(customFields.data?.fields ?? []);
  // A field's order from the address holds until the fields are known, then only while it has one.
  const chosen =
    sorts.find((s) => s === filters.sort) ??
    (isFieldSort(filters.sort) && (!customFields.data || fieldSorts.some((o) => o.value === filters.sort))
      ? filters.sort
      : undefined);
  const sort: ListSort = chosen ?? defaultSort(everywhere ? undefined : view);
  // Under a field's order the rows show when they were raised (those without a value come newest first).
  const time = isFieldSort(sort) ? "created" : SORT_TIMES[sort];
  const params = new URLSearchParams({ limit: "50" });
  if (!everywhere) params.set("view", view);
  params.set("sort", sort);
  if (q) params.set("q", q);
  if (filters.status) params.set("status", filters.status);
  if (filters.priority) params.set("priority", filters.priority);
  if (filters.tag) params.set("tag", filters.tag);
  if (filters.group) params.set("group", filters.group);
  if (filters.company) params.set("company", filters.company);
  const fieldFilters = Object.entries(filters.fields ?? {});
  for (const [key, value] of fieldFilters) params.set(fieldRef(key), value);
  for (const [key, value] of Object.entries(filters.more ?? {})) if (value) params.set(key, value);

  const query = useTicketList(params);
  const tickets = query.items;
  // The assignee filter's choices, and the name of a saved view's assignee (staff only).
  const mayAssign = can(useCurrentUser(), "tickets.assign");
  const people = useAssignableUsers({ enabled: mayAssign });
  const person = (id: string) => people.data?.find((u) => u.id === id)?.fullName ?? "someone";
  // Set from a company's "All tickets of ..." link: the active filters name the company.
  const company = useCompany(filters.company || null);
  const now = new Date();
  const bulk = can(user, "tickets.update");
  const tagging = can(user, "tickets.tags");
  // The tag filter takes a row of the list's header only while it is wanted, so the queue
  // keeps its rows on screen.
  const [tagOpen, setTagOpen] = useState(false);
  const tagRow = tagging && (tagOpen || !!filters.tag);
  // Which range's custom dates show: opened from its filter's "Custom range", until another choice.
  const [customRange, setCustomRange] = useState<RangeColumn | null>(null);
  // The Created and Updated filters take a row only while wanted or set, as the tag filter does.
  const [datesOpen, setDatesOpen] = useState(false);
  const rangeSet = Object.values(RANGE_KEYS).some((keys) => !!(filters.more?.[keys.from] || filters.more?.[keys.to]));
  const dateRow = datesOpen || rangeSet || customRange !== null;
  const rangeOf = (column: RangeColumn): RangeValue => ({
    from: filters.more?.[RANGE_KEYS[column].from],
    to: filters.more?.[RANGE_KEYS[column].to],
  });
  const setRange = (column: RangeColumn, range: RangeValue) => {
    const keys = RANGE_KEYS[column];
    updateListParams({ more: withMore(withMore(filters.more, keys.from, range.from ?? ""), keys.to, range.to ?? "") });
  };
  // A custom range is of dates: a preset's relative bound gives way to the dates picked.
  const openCustomRange = (column: RangeColumn) => {
    const range = rangeOf(column);
    const day = (bound?: string) => (bound && parseRangeBound(bound)?.kind === "day" ? bound : undefined);
    setRange(column, { from: day(range.from), to: day(range.to) });
    setCustomRange(column);
  };
  // The group filter shows once the organisation has groups (staff only).
  const groups = useGroups({ enabled: can(user, "groups.read") });
  const groupOptions = (groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }));
  const groupName = (id: string) => groupOptions.find((g) => g.value === id)?.label ?? "a deleted group";
  const selection = useTicketSelection(tickets.map((t) => t.id));
  // A field filter reads by the field's label once the fields are known (staff), else by its key.
  const fieldLabel = (key: string) => customFields.data?.fields.find((f) => f.key === key)?.label ?? key;

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries[0]?.isIntersecting && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const clearFilters = () => {
    setTyped({ view, q: "", text: "" });
    updateListParams({
      ...NO_LIST_PARAMS,
      fields: undefined,
      more: undefined,
      sort: filters.sort === "relevance" ? null : filters.sort,
    });
    setTagOpen(false);
    setDatesOpen(false);
    setCustomRange(null);
  };

  return (
    <section aria-label="Tickets" className="flex min-h-0 flex-col border-r">
      {/* One column as wide as the list: a long group name or search is cut, never widens it. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-2 border-b p-3">
        <div className="flex gap-2">
          <SearchInput
            label="Search tickets"
            placeholder="Search tickets..."
            value={text}
            onValueChange={(search) => setTyped({ ...typed, text: search })}
            className="flex-1"
          />
          {tagging && (
            <Button
              variant="outline"
              size="icon"
              aria-label="Filter by tag"
              aria-expanded={tagRow}
              onPointerEnter={preloadTagFilter}
              onFocus={preloadTagFilter}
              onClick={() => setTagOpen(!tagOpen)}
              disabled={!!filters.tag}
            >
              <Tag aria-hidden />
            </Button>
          )}
          {actions}
        </div>
        {filtered && (
          <div role="group" aria-label="Search scope" className="flex items-center gap-1 text-xs">
            <span className="text-muted-foreground">{q ? "Search" : "Show"}</span>
            <ScopeButton pressed={!everywhere} onClick={() => updateListParams({ everywhere: false })}>
              in {VIEW_LABELS[view]}
            </ScopeButton>
            <ScopeButton pressed={everywhere} onClick={() => updateListParams({ everywhere: true })}>
              in all tickets
            </ScopeButton>
          </div>
        )}
        {/* The order's name is never cut: the two filters share what it leaves. */}
        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-1.5">
          <OptionSelect
            label="Status filter"
            className={FILTER}
            // Unfiltered, the box names what it filters; "All statuses" is the choice that clears it.
            value={filters.status ?? ""}
            placeholder="Status"
            onChange={(status) => updateListParams({ status: status === ALL ? null : (status as TicketStatus) })}
            options={[{ value: ALL, label: "All statuses" }, ...options(TICKET_STATUSES, STATUS_LABELS)]}
          />
          <OptionSelect
            label="Priority filter"
            className={FILTER}
            value={filters.priority ?? ""}
            placeholder="Priority"
            onChange={(priority) =>
              updateListParams({ priority: priority === ALL ? null : (priority as TicketPriority) })
            }
            options={[{ value: ALL, label: "All priorities" }, ...options(TICKET_PRIORITIES, PRIORITY_LABELS)]}
          />
          <OptionSelect
            label="Sort by"
            className={FILTER}
            value={sort}
            onChange={(sort) => updateListParams({ sort: sort as ListSort })}
            options={[
              ...sorts.map((s) => ({ value: s, label: SORT_LABELS[s] })),
              ...(isFieldSort(sort) && !customFields.data ? [{ value: sort, label: fieldSortOf(sort).key }] : []),
              ...fieldSorts,
            ]}
          />
        </div>
        {/* Group, SLA state, assignee and the dates' button share one row: the list keeps its height. */}
        <div className="flex gap-1.5">
          <div className="grid min-w-0 flex-1 auto-cols-fr grid-flow-col gap-1.5">
            {groupOptions.length > 0 && (
              <OptionSelect
                label="Group filter"
                className={FILTER}
                value={filters.group}
                placeholder="Group"
                onChange={(group) => updateListParams({ group: group === ALL ? "" : group })}
                options={[{ value: ALL, label: "All groups" }, ...groupOptions]}
              />
            )}
            {mayAssign && (
              <>
                <OptionSelect
                  label="SLA filter"
                  className={FILTER}
                  value={filters.more?.sla ?? ""}
                  placeholder="SLA"
                  onChange={(sla) => updateListParams({ more: withMore(filters.more, "sla", sla === ALL ? "" : sla) })}
                  options={[
                    { value: ALL, label: "Any SLA" },
                    { value: "breached", label: "SLA breached" },
                    { value: "at_risk", label: "SLA at risk" },
                  ]}
                />
                <OptionSelect
                  label="Assignee filter"
                  className={FILTER}
                  value={filters.more?.assignee ?? ""}
                  placeholder="Assignee"
                  onChange={(assignee) =>
                    updateListParams({ more: withMore(filters.more, "assignee", assignee === ALL ? "" : assignee) })
                  }
                  options={[
                    { value: ALL, label: "Anyone" },
                    { value: "none", label: "Unassigned" },
                    ...(people.data ?? []).map((u) => ({ value: u.id, label: u.fullName })),
                  ]}
                />
              </>
            )}
          </div>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label="Filter by date"
            aria-expanded={dateRow}
            onClick={() => setDatesOpen(!datesOpen)}
            disabled={rangeSet}
          >
            <CalendarRange aria-hidden />
          </Button>
        </div>
        {dateRow && (
          <div className="grid grid-cols-2 gap-1.5">
            {(["created", "updated"] as const).map((column) => (
              <RangeSelect
                key={column}
                column={column}
                className={FILTER}
                range={rangeOf(column)}
                custom={customRange === column}
                onChange={(range) => {
                  setRange(column, range);
                  setCustomRange(null);
                  if (!range.from && !range.to) setDatesOpen(false);
                }}
                onCustom={() => openCustomRange(column)}
              />
            ))}
          </div>
        )}
        {customRange && (
          <CustomRange
            column={customRange}
            range={rangeOf(customRange)}
            onChange={(range) => setRange(customRange, range)}
          />
        )}
        {tagRow && (
          <TagFilter
            tag={filters.tag}
            onChange={(tag) => {
              updateListParams({ tag });
              if (!tag) setTagOpen(false);
            }}
          />
        )}
        {filtered && (
          <div
            className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground"
            data-testid="active-filters"
          >
            <span className="min-w-0 truncate empty:hidden">
              {[
                q && `“${q}” ${everywhere ? "in all tickets" : `in ${VIEW_LABELS[view]}`}`,
                filters.status && `Status: ${STATUS_LABELS[filters.status]}`,
                filters.priority && `Priority: ${PRIORITY_LABELS[filters.priority]}`,
                filters.tag && `Tag: ${filters.tag}`,
                filters.group && `Group: ${groupName(filters.group)}`,
                ...fieldFilters.map(([key, value]) => `${fieldLabel(key)}: ${value}`),
                filters.company &&
                  `Company: ${company.data?.name ?? (company.isError ? "a deleted company" : "...")}${!q && everywhere ? " in all tickets" : ""}`,
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
            {/* The filters a saved view may set beyond the bar's own boxes, each removable on its own. */}
            {moreFilterChips(filters.more, person).map((chip) => (
              <FilterChip
                key={chip.keys[0]}
                label={chip.label}
                removeLabel={`Remove filter ${chip.label}`}
                onRemove={() => updateListParams({ more: withoutMore(filters.more, chip.keys) })}
              />
            ))}
            <Button variant="link" size="sm" className="ml-auto h-auto p-0 text-xs" onClick={clearFilters}>
              Clear filters
            </Button>
          </div>
        )}
      </div>
      {/* relative: the badges' screen-reader texts are positioned, and must scroll (and be clipped) with the rows. */}
      <div data-list-scroll className="relative min-h-0 flex-1 overflow-y-auto">
        {bulk && selection.ids.length > 0 ? (
          <BulkActionBar ids={selection.ids} onDone={selection.clear} onClear={selection.clear} />
        ) : (
          tickets.length > 0 && (
            // As high as the bulk bar that takes its place, so ticking a ticket moves no row.
            <div className="flex min-h-8 items-center gap-2 border-b px-3 py-1 text-xs text-muted-foreground">
              {bulk && (
                <>
                  <RowCheckbox
                    checked={selection.allSelected}
                    indeterminate={selection.someSelected}
                    onToggle={selection.toggleAll}
                    label="Select all tickets on this page"
                  />
                  <span>Select all</span>
                </>
              )}
              {/* Over the rows' time column: which time it shows follows the sort. */}
              <span className="ml-auto" data-testid="time-column">
                <span className="sr-only">Times shown: </span>
                {SORT_TIME_LABELS[time]}
              </span>
            </div>
          )
        )}
        {query.isPending && <p className="p-4 text-sm text-muted-foreground">Loading tickets...</p>}
        {query.isError && <p className="p-4 text-sm text-destructive">Failed to load tickets</p>}
        {query.isSuccess && tickets.length === 0 && (
          <div className="grid justify-items-start gap-2 p-4 text-sm text-muted-foreground">
            <p>{filtered ? "No tickets match the current filters" : "No tickets yet"}</p>
            {filtered && (
              <Button variant="outline" size="sm" onClick={clearFilters}>
                Clear filters
              </Button>
            )}
          </div>
        )}
        <ul className="@container/list">
          {tickets.map((t) => (
            <TicketRow
              key={t.id}
              ticket={t}
              now={now}
              time={time}
              selected={selectedId === t.id}
              onSelect={() => onSelect(t.id)}
              check={
                bulk ? { checked: selection.has(t.id), onToggle: (range) => selection.toggle(t.id, range) } : undefined
              }
            />
          ))}
        </ul>
        <div ref={sentinel} aria-hidden className="h-1" />
        {query.isFetchingNextPage && <p className="p-3 text-center text-xs text-muted-foreground">Loading more...</p>}
        {hasNextPage && !isFetchingNextPage && (
          <Button variant="ghost" className="w-full" onClick={() => fetchNextPage()}>
            Load more
          </Button>
        )}
      </div>
    </section>
  );
}

function ScopeButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "rounded-md border px-2 py-0.5",
        pressed ? "border-primary bg-primary text-primary-foreground" : "text-foreground hover:bg-muted",
      )}
    >
      {children}
    </button>
  );
}
