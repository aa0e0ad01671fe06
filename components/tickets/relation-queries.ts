"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import type { MergeResult, TicketRelations } from "@/lib/schemas/ticket-merge";
import type { TicketJson, TicketListItem } from "@/lib/schemas/tickets";
import type { Jsonify } from "@/lib/schemas/json";
import { ticketKeys, useInvalidateTickets } from "./queries";

/** The picker's search: the ticket list's own search, a few at a time (under /api/tickets, as a ticket's relations are). */
const searchKey = (q: string) => [`/api/tickets?${new URLSearchParams({ q, limit: "8" }).toString()}`] as const;

/** What ticket `id` was merged into, what was merged into it, and its related tickets (staff). */
export function useTicketRelations(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<TicketRelations>({ queryKey: ticketKeys.relations(id), enabled });
}

/** Tickets whose number, subject or customer matches `q` (the caller debounces it). */
export function useTicketSearch(q: string) {
  return useQuery<Jsonify<TicketListItem>[]>({
    queryKey: searchKey(q),
    enabled: q.trim().length > 0,
    staleTime: 0,
  });
}

export type MergeRequest = {
  survivorId: string;
  ticketIds: string[];
  notifyCustomers: boolean;
  confirmDifferentCustomers: boolean;
};

/** Merges tickets into the survivor; every list, count and ticket shows it at once. */
export function useMergeTickets() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: async ({ survivorId, ...body }: MergeRequest) =>
      (await apiRequest("POST", `/api/tickets/${survivorId}/merge`, body)).json() as Promise<MergeResult>,
    onSuccess: () => invalidate(),
  });
}

/** Makes a customer's message of the ticket a ticket of its own. */
export function useSplitTicket(
  ticketId: string,
  { onSuccess, onError }: MutationCallbacks<Jsonify<TicketJson>, string> = {},
) {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: async (replyId: string) =>
      (await apiRequest("POST", `/api/tickets/${ticketId}/split`, { replyId })).json() as Promise<Jsonify<TicketJson>>,
    // Here, not in mutate's callbacks: the split message (and its button) is gone once the
    // conversation is fetched again, and a gone button's callbacks never run.
    onSuccess: (created, replyId) => {
      onSuccess?.(created, replyId);
      return invalidate();
    },
    onError,
  });
}

/** Links or unlinks another ticket as related to this one. */
export function useLinkTicket(ticketId: string) {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: async ({ otherId, linked }: { otherId: string; linked: boolean }) => {
      if (linked) await apiRequest("POST", `/api/tickets/${ticketId}/links`, { ticketId: otherId });
      else await apiRequest("DELETE", `/api/tickets/${ticketId}/links/${otherId}`);
    },
    onSuccess: () => invalidate(),
  });
}
