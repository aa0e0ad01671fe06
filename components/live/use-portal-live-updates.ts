"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { portalHeaders } from "@/components/portal/portal-session";
import { portalKeys } from "@/components/portal/queries";
import { connectEventStream } from "@/lib/http/client/event-stream";

/**
 * The event stream of the portal `slug` while a customer is signed in to it: the server sends
 * only this customer's tickets and public replies; each makes the portal's list, the open ticket
 * and that ticket's replies fetch again. After a reconnect everything shown is fetched again.
 */
export function usePortalLiveUpdates(slug: string, signedIn: boolean, onRefused: () => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    return connectEventStream("/api/events", {
      headers: portalHeaders(slug),
      onOpen: (again) => again && void queryClient.invalidateQueries({ queryKey: portalKeys.all }),
      onRefused,
      onEvent: ({ event, data }) => {
        if (event === "resync") return void queryClient.invalidateQueries({ queryKey: portalKeys.all });
        void queryClient.invalidateQueries({ queryKey: portalKeys.tickets() });
        void queryClient.invalidateQueries({
          queryKey: event === "reply" ? portalKeys.replies(String(data.ticketId ?? "")) : portalKeys.anyTicket(),
        });
      },
    });
  }, [slug, signedIn, onRefused, queryClient]);
}
