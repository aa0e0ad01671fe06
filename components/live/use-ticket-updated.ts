"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { onTicketChanged, ownVersion } from "./live-bus";

/**
 * Whether someone else changed the open ticket since it was opened (or since the banner was
 * last dismissed). A change this tab made itself is not news: its versions are known once its
 * own request settles, so an event that arrives while one is in flight is judged after it.
 */
export function useTicketUpdatedByOthers(ticketId: string, shownVersion: number | undefined) {
  const queryClient = useQueryClient();
  // Which ticket the banner is up for: opening another ticket takes it down by itself.
  const [updatedTicket, setUpdatedTicket] = useState<string | null>(null);
  const baseline = useRef({ ticketId, version: 0 });
  const candidates = useRef<number[]>([]);

  useEffect(() => {
    if (baseline.current.ticketId !== ticketId) {
      baseline.current = { ticketId, version: shownVersion ?? 0 };
      candidates.current = [];
    } else if (baseline.current.version === 0 && shownVersion !== undefined) baseline.current.version = shownVersion;
  }, [ticketId, shownVersion]);

  useEffect(() => {
    const decide = () => {
      if (candidates.current.length === 0) return;
      if (queryClient.isMutating({ mutationKey: ["ticket", ticketId] }) > 0) return;
      const known = Math.max(baseline.current.version, ownVersion(ticketId));
      if (candidates.current.some((v) => v > known)) setUpdatedTicket(ticketId);
      candidates.current = [];
    };
    const stopEvents = onTicketChanged((event) => {
      if (event.ticketId !== ticketId) return;
      candidates.current.push(event.version);
      decide();
    });
    const stopMutations = queryClient.getMutationCache().subscribe(decide);
    return () => {
      stopEvents();
      stopMutations();
    };
  }, [ticketId, queryClient]);

  const dismiss = useCallback(() => {
    baseline.current.version = Math.max(baseline.current.version, shownVersion ?? 0);
    setUpdatedTicket(null);
  }, [shownVersion]);
  return { updated: updatedTicket === ticketId, dismiss };
}
