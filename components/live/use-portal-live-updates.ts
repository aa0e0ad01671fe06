"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { portalKeys } from "@/components/portal/queries";
import { connectEventStream } from "@/lib/http/client/event-stream";

/**
 * The portal's event stream (with its Bearer token): the server sends only this customer's
 * tickets and public replies; each makes the portal's list, that ticket and its replies
 * fetch again. After a reconnect everything shown is fetched again.
 */
export function usePortalLiveUpdates(token: string, onRefused: () => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    return connectEventStream("/api/events", {
      headers: { Authorization: `Bearer ${token}` },
      onOpen: (again) => again && void queryClient.invalidateQueries({ queryKey: portalKeys.all }),
      onRefused,
      onEvent: ({ event, data }) => {
        const ticketId = String(data.ticketId ?? "");
        if (event === "resync") return void queryClient.invalidateQueries({ queryKey: portalKeys.all });
        void queryClient.invalidateQueries({ queryKey: portalKeys.tickets(token) });
        void queryClient.invalidateQueries({
          queryKey: event === "reply" ? portalKeys.replies(ticketId) : portalKeys.ticket(ticketId),
        });
      },
    });
  }, [token, onRefused, queryClient]);
}
