"use client";

import { useQueryClient, type InvalidateQueryFilters, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { replyKeys, ticketKeys } from "@/components/tickets/queries";
import { viewKeys } from "@/components/views/queries";
import { connectEventStream, type StreamEvent } from "@/lib/http/client/event-stream";
import { emitTicketChanged } from "./live-bus";
import { presenceKey } from "./presence-queries";

/** Events often come in bursts (a bulk change, a reply and its ticket): refetch once per burst. */
const BURST_MS = 150;

/**
 * The parts of an open ticket that show that ticket alone. Every other part under /api/tickets
 * (the lists, the figures, and the parts that show other tickets: its customer's tickets, its
 * related ones, its company's, and a bounce on another ticket of its customer) may change with
 * any ticket; these only with their own, so a busy team's changes do not fetch them again for
 * every ticket each agent has open.
 */
const OWN_PARTS = new Set(["history", "sla", "rating", "articles-sent", "presence"]);

/** Under /api/tickets, what a change of these tickets makes out of date. */
export function afterTicketsChanged(changed: ReadonlySet<string>): InvalidateQueryFilters {
  return {
    queryKey: ticketKeys.lists,
    predicate: ({ queryKey: [, ticketId, part] }) =>
      !(typeof part === "string" && OWN_PARTS.has(part) && !changed.has(String(ticketId))),
  };
}

/** What a workspace event makes out of date, besides what a ticket event makes so under /api/tickets. */
function staleKeys({ event, data }: StreamEvent): QueryKey[] {
  const ticketId = String(data.ticketId ?? "");
  switch (event) {
    case "ticket":
      return [
        ticketKeys.counts,
        // The saved views' counts move with the tickets, as the queue counts do.
        viewKeys.all,
        ticketKeys.stats,
        ticketKeys.detail(ticketId),
      ];
    case "reply":
      // Received mail arrives as a reply (or a note, for a bounce): its original joins the list.
      // A message meets or starts an SLA target.
      return [
        replyKeys.list(ticketId),
        ticketKeys.history(ticketId),
        ticketKeys.mail(ticketId),
        ticketKeys.sla(ticketId),
      ];
    case "presence":
      return [presenceKey(ticketId)];
    default:
      return [];
  }
}

/**
 * The workspace's one event stream per tab: each event invalidates what it changed (TanStack
 * Query refetches only what is on screen); after a reconnect or a "resync" everything shown
 * is fetched again, since events sent meanwhile are not replayed.
 */
export function useLiveUpdates(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const pending = new Map<string, QueryKey>();
    let changed = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const keys = [...pending.values()];
      pending.clear();
      if (changed.size > 0) void queryClient.invalidateQueries(afterTicketsChanged(changed));
      changed = new Set();
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const refetchAll = () => void queryClient.invalidateQueries();
    return connectEventStream("/api/events", {
      onOpen: (again) => again && refetchAll(),
      onEvent: (event) => {
        if (event.event === "resync") return refetchAll();
        if (event.event === "ticket") {
          emitTicketChanged({ ticketId: String(event.data.ticketId), version: Number(event.data.version) });
          changed.add(String(event.data.ticketId));
        }
        for (const key of staleKeys(event)) pending.set(JSON.stringify(key), key);
        timer ??= setTimeout(flush, BURST_MS);
      },
    });
  }, [enabled, queryClient]);
}
