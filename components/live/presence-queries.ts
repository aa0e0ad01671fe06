"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiRequest } from "@/lib/http/client/api";
import { PRESENCE_HEARTBEAT_MS } from "@/lib/live/presence-heartbeat";
import type { TicketViewer } from "@/lib/schemas/presence";

/** Who has a ticket open: its GET URL as the key, like every ticket query. */
export const presenceKey = (ticketId: string) => ["/api/tickets", ticketId, "presence"] as const;

/**
 * This agent has the ticket open: said at once, again every few seconds while it stays open,
 * at once when typing starts or stops, and "left" when the ticket closes or the tab goes away.
 * The others' list comes from the presence query, refreshed by the stream's presence events.
 */
export function useAnnouncePresence(ticketId: string, typing: boolean, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const url = `/api/tickets/${ticketId}/presence`;
    const say = () =>
      apiRequest("PUT", url, { typing })
        .then(async (res) => queryClient.setQueryData(presenceKey(ticketId), (await res.json()) as TicketViewer[]))
        .catch(() => {}); // presence is a courtesy: a failed beat is retried by the next
    void say();
    const timer = setInterval(say, PRESENCE_HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [ticketId, typing, enabled, queryClient]);

  useEffect(() => {
    if (!enabled) return;
    const url = `/api/tickets/${ticketId}/presence`;
    // keepalive lets the request outlive a closing tab.
    const leave = () => void fetch(url, { method: "DELETE", credentials: "include", keepalive: true }).catch(() => {});
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, [ticketId, enabled]);
}

/** The ticket's other viewers still counting now; a local clock drops those who stopped saying so. */
export function useTicketViewers(ticketId: string, selfId: string | undefined, enabled: boolean) {
  const query = useQuery<TicketViewer[]>({ queryKey: presenceKey(ticketId), enabled });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, [enabled]);
  const fetchedAt = query.dataUpdatedAt;
  return (query.data ?? []).filter((v) => v.userId !== selfId && fetchedAt + v.expiresInMs > now);
}
