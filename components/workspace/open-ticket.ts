"use client";

import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { ticketKeys } from "@/components/tickets/queries";
import type { TicketJson } from "@/lib/schemas/tickets";
import type { View } from "@/lib/tickets/views";
import { navigateWorkspace } from "./workspace-location";

type ListPage = { items: TicketJson[] };

/**
 * Opens a ticket (known by id, as the list, the dashboard and the new-ticket dialog give it)
 * at its address. The number usually comes from a list already on screen; otherwise the
 * ticket is fetched once, and the detail pane then reads it from the cache.
 */
export function useOpenTicket() {
  const queryClient = useQueryClient();
  return async (id: string, queue: View, { fromList = false } = {}) => {
    let ticket = queryClient.getQueryData<TicketJson>(ticketKeys.detail(id));
    for (const [, data] of queryClient.getQueriesData<InfiniteData<ListPage>>({ queryKey: ticketKeys.lists })) {
      if (ticket) break;
      ticket = data?.pages?.flatMap((p) => p.items ?? []).find((t) => t.id === id);
    }
    ticket ??= await queryClient.fetchQuery<TicketJson>({ queryKey: ticketKeys.detail(id) });
    queryClient.setQueryData(ticketKeys.byNumber(ticket.ticketNumber), ticket);
    navigateWorkspace({ section: queue, ticket: ticket.ticketNumber }, { fromList });
  };
}
