"use client";

import { formatDistanceToNow } from "date-fns";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { SearchInput } from "@/components/ui/search-input";
import { useDebounced } from "@/lib/http/client/use-cursor-pages";
import { cn } from "@/lib/utils";
import { OptionSelect, options } from "@/components/ui/option-select";
import { PriorityBadge, SlaBadge, StatusBadge } from "./ticket-badges";
import { useTicketList } from "./queries";
import { TICKET_PRIORITIES, TICKET_STATUSES, PRIORITY_LABELS, STATUS_LABELS } from "@/lib/tickets/fields";
import { type View } from "@/lib/tickets/views";

const ALL = "all";

type Props = { view: View; selectedId: string | null; onSelect: (id: string) => void; actions?: React.ReactNode };

/** The queue's tickets with search and filters; further pages load as the list scrolls. */
export function TicketList({ view, selectedId, onSelect, actions }: Props) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState(ALL);
  const [priority, setPriority] = useState(ALL);
  const q = useDebounced(search.trim(), 250);
  const params = new URLSearchParams({ view, limit: "50" });
  if (q) params.set("q", q);
  if (status !== ALL) params.set("status", status);
  if (priority !== ALL) params.set("priority", priority);

  const query = useTicketList(params);
  const tickets = query.items;
  const filtered = !!q || status !== ALL || priority !== ALL;
  const now = new Date();

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

  return (
    <section aria-label="Tickets" className="flex min-h-0 flex-col border-r">
      <div className="grid gap-2 border-b p-3">
        <div className="flex gap-2">
          <SearchInput
            label="Search tickets"
            placeholder="Search tickets..."
            value={search}
            onValueChange={setSearch}
            className="flex-1"
          />
          {actions}
        </div>
        <div className="flex gap-2">
          <OptionSelect
            label="Status filter"
            value={status}
            onChange={setStatus}
            options={[{ value: ALL, label: "All statuses" }, ...options(TICKET_STATUSES, STATUS_LABELS)]}
          />
          <OptionSelect
            label="Priority filter"
            value={priority}
            onChange={setPriority}
            options={[{ value: ALL, label: "All priorities" }, ...options(TICKET_PRIORITIES, PRIORITY_LABELS)]}
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {query.isPending && <p className="p-4 text-sm text-muted-foreground">Loading tickets...</p>}
        {query.isError && <p className="p-4 text-sm text-destructive">Failed to load tickets</p>}
        {query.isSuccess && tickets.length === 0 && (
          <p className="p-4 text-sm text-muted-foreground">
            {filtered ? "No tickets match the current filters" : "No tickets yet"}
          </p>
        )}
        <ul>
          {tickets.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                onClick={() => onSelect(t.id)}
                aria-current={selectedId === t.id ? "true" : undefined}
                className={cn(
                  "grid w-full gap-1 border-b px-3 py-2.5 text-left hover:bg-muted/60",
                  selectedId === t.id && "bg-muted",
                )}
              >
                <span className="flex items-center justify-between gap-2 text-xs">
                  <span className="text-muted-foreground">#{t.ticketNumber}</span>
                  <span className="text-muted-foreground">
                    {formatDistanceToNow(new Date(t.createdAt), { addSuffix: true })}
                  </span>
                </span>
                <span className="truncate text-sm font-medium">{t.subject}</span>
                <span className="truncate text-xs text-muted-foreground">
                  {t.customerName} · {t.customerEmail}
                </span>
                <span className="flex flex-wrap gap-1">
                  <StatusBadge status={t.status} />
                  <PriorityBadge priority={t.priority} />
                  <SlaBadge ticket={t} now={now} />
                </span>
              </button>
            </li>
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
