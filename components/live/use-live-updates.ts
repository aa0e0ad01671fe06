"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { replyKeys, ticketKeys } from "@/components/tickets/queries";
import { viewKeys } from "@/components/views/queries";
import { connectEventStream, type StreamEvent } from "@/lib/http/client/event-stream";
import { emitTicketChanged } from "./live-bus";
import { presenceKey } from "./presence-queries";

/** Events often come in bursts (a bulk change, a reply and its ticket): refetch once per burst. */
const BURST_MS = 150;

/** What a workspace event makes out of date. */
function staleKeys({ event, data }: StreamEvent): QueryKey[] {
  const ticketId = String(data.ticketId ?? "");
  switch (event) {
    case "ticket":
      return [
        ticketKeys.lists,
        ticketKeys.counts,
        // The saved views' counts move with the tickets, as the queue counts do.
        viewKeys.all,
        ticketKeys.stats,
        ticketKeys.detail(ticketId),
        ticketKeys.history(ticketId),
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
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const keys = [...pending.values()];
      pending.clear();
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const refetchAll = () => void queryClient.invalidateQueries();
    return connectEventStream("/api/events", {
      onOpen: (again) => again && refetchAll(),
      onEvent: (event) => {
        if (event.event === "resync") return refetchAll();
        if (event.event === "ticket")
          emitTicketChanged({ ticketId: String(event.data.ticketId), version: Number(event.data.version) });
        for (const key of staleKeys(event)) pending.set(JSON.stringify(key), key);
        timer ??= setTimeout(flush, BURST_MS);
      },
    });
  }, [enabled, queryClient]);
}
