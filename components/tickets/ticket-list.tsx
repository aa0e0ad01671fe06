"use client";

import { useEffect, useRef, useState } from "react";
import { Tag } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SearchInput } from "@/components/ui/search-input";
import { useCurrentUser } from "@/components/users/use-current-user";
import { useDebounced } from "@/lib/http/client/use-cursor-pages";
import { can } from "@/lib/permissions/table";
import { cn } from "@/lib/utils";
import { OptionSelect, options } from "@/components/ui/option-select";
import dynamic from "next/dynamic";
import { RowCheckbox } from "./row-checkbox";
import { TicketRow } from "./ticket-row";
import { useTicketList } from "./queries";
import { useTicketSelection } from "./use-ticket-selection";
import { preloadTagFilter, TagFilter } from "./tag-filter";
import { TICKET_PRIORITIES, TICKET_STATUSES, PRIORITY_LABELS, STATUS_LABELS } from "@/lib/tickets/fields";
import { defaultSort, SORT_LABELS, sortsFor, type TicketSort } from "@/lib/tickets/sort";
import { VIEW_LABELS } from "@/lib/tickets/view-labels";
import { type View } from "@/lib/tickets/views";

// Loaded when the first ticket is ticked: most visits never use it.
const BulkActionBar = dynamic(() => import("./bulk-action-bar").then((m) => m.BulkActionBar));

const ALL = "all";
const NO_FILTERS = { search: "", status: ALL, priority: ALL, tag: "", sort: "", everywhere: false };
type Filters = typeof NO_FILTERS;

type Props = { view: View; selectedId: string | null; onSelect: (id: string) => void; actions?: React.ReactNode };

/** The queue's tickets with search, filters and sort; further pages load as the list scrolls. */
export function TicketList({ view, selectedId, onSelect, actions }: Props) {
  // Filters belong to the queue they were set in: another queue starts unfiltered, so a
  // forgotten filter never hides tickets there.
  const [state, setState] = useState({ view, filters: NO_FILTERS });
  const filters = state.view === view ? state.filters : NO_FILTERS;
  if (state.view !== view) setState({ view, filters: NO_FILTERS });
  const set = (change: Partial<Filters>) => setState({ view, filters: { ...filters, ...change } });

  const q = useDebounced(filters.search.trim(), 250);
  const everywhere = !!q && filters.everywhere;
  // Relevance is offered only while searching: once the search is cleared, the queue's own order returns.
  const sorts = sortsFor(!!q);
  const chosen = sorts.find((s) => s === filters.sort);
  const sort: TicketSort = chosen ?? defaultSort(everywhere ? undefined : view);
  const params = new URLSearchParams({ limit: "50" });
  if (!everywhere) params.set("view", view);
  params.set("sort", sort);
  if (q) params.set("q", q);
  if (filters.status !== ALL) params.set("status", filters.status);
  if (filters.priority !== ALL) params.set("priority", filters.priority);
  if (filters.tag) params.set("tag", filters.tag);

  const query = useTicketList(params);
  const tickets = query.items;
  const filtered = !!q || filters.status !== ALL || filters.priority !== ALL || !!filters.tag;
  const now = new Date();
  const user = useCurrentUser();
  const bulk = can(user, "tickets.update");
  const tagging = can(user, "tickets.tags");
  // The tag filter takes a row of the list's header only while it is wanted, so the queue
  // keeps its rows on screen.
  const [tagOpen, setTagOpen] = useState(false);
  const tagRow = tagging && (tagOpen || !!filters.tag);
  const selection = useTicketSelection(tickets.map((t) => t.id));

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
    set({ search: "", status: ALL, priority: ALL, tag: "", everywhere: false });
    setTagOpen(false);
  };

  return (
    <section aria-label="Tickets" className="flex min-h-0 flex-col border-r">
      <div className="grid gap-2 border-b p-3">
        <div className="flex gap-2">
          <SearchInput
            label="Search tickets"
            placeholder="Search tickets..."
            value={filters.search}
            onValueChange={(search) => set({ search })}
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
        {q && (
          <div role="group" aria-label="Search scope" className="flex items-center gap-1 text-xs">
            <span className="text-muted-foreground">Search</span>
            <ScopeButton pressed={!everywhere} onClick={() => set({ everywhere: false })}>
              in {VIEW_LABELS[view]}
            </ScopeButton>
            <ScopeButton pressed={everywhere} onClick={() => set({ everywhere: true })}>
              in all tickets
            </ScopeButton>
          </div>
        )}
        <div className="grid grid-cols-3 gap-2">
          <OptionSelect
            label="Status filter"
            value={filters.status}
            onChange={(status) => set({ status })}
            options={[{ value: ALL, label: "All statuses" }, ...options(TICKET_STATUSES, STATUS_LABELS)]}
          />
          <OptionSelect
            label="Priority filter"
            value={filters.priority}
            onChange={(priority) => set({ priority })}
            options={[{ value: ALL, label: "All priorities" }, ...options(TICKET_PRIORITIES, PRIORITY_LABELS)]}
          />
          <OptionSelect
            label="Sort by"
            value={sort}
            onChange={(sort) => set({ sort })}
            options={sorts.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
          />
        </div>
        {tagRow && (
          <TagFilter
            tag={filters.tag}
            onChange={(tag) => {
              set({ tag });
              if (!tag) setTagOpen(false);
            }}
          />
        )}
        {filtered && (
          <p className="flex items-center gap-2 text-xs text-muted-foreground" data-testid="active-filters">
            <span className="min-w-0 truncate">
              {[
                q && `“${q}” ${everywhere ? "in all tickets" : `in ${VIEW_LABELS[view]}`}`,
                filters.status !== ALL && `Status: ${STATUS_LABELS[filters.status as keyof typeof STATUS_LABELS]}`,
                filters.priority !== ALL &&
                  `Priority: ${PRIORITY_LABELS[filters.priority as keyof typeof PRIORITY_LABELS]}`,
                filters.tag && `Tag: ${filters.tag}`,
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
            <Button variant="link" size="sm" className="ml-auto h-auto p-0 text-xs" onClick={clearFilters}>
              Clear filters
            </Button>
          </p>
        )}
      </div>
      {/* relative: the badges' screen-reader texts are positioned, and must scroll (and be clipped) with the rows. */}
      <div data-list-scroll className="relative min-h-0 flex-1 overflow-y-auto">
        {bulk && selection.ids.length > 0 ? (
          <BulkActionBar ids={selection.ids} onDone={selection.clear} onClear={selection.clear} />
        ) : (
          bulk &&
          tickets.length > 0 && (
            <div className="flex items-center gap-2 border-b px-3 py-1.5 text-xs text-muted-foreground">
              <RowCheckbox
                checked={selection.allSelected}
                indeterminate={selection.someSelected}
                onToggle={selection.toggleAll}
                label="Select all tickets on this page"
              />
              <span>Select all</span>
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
        <ul>
          {tickets.map((t) => (
            <TicketRow
              key={t.id}
              ticket={t}
              now={now}
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
