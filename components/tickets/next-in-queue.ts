"use client";

import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type { TicketJson } from "@/lib/schemas/tickets";
import { ticketKeys } from "./queries";
import { useStored } from "@/components/ui/use-stored";

type ListPages = InfiniteData<{ items: TicketJson[] }>;

/**
 * The ticket after `currentId` in the queue on screen (the most recently fetched list that
 * holds it), or the one before it when it was the last. Read before a reply moves the ticket
 * out of its queue, since the refreshed list no longer holds it.
 */
export function useNextInQueue() {
  const queryClient = useQueryClient();
  return (currentId: string): string | null => {
    const lists = queryClient
      .getQueryCache()
      .findAll({ queryKey: ticketKeys.lists })
      .filter((q) => (q.state.data as ListPages | undefined)?.pages)
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
    for (const list of lists) {
      const items = (list.state.data as ListPages).pages.flatMap((p) => p.items);
      const at = items.findIndex((t) => t.id === currentId);
      if (at >= 0) return items[at + 1]?.id ?? items[at - 1]?.id ?? null;
    }
    return null;
  };
}

/**
 * Whether the next ticket opens after "Send and set ...", remembered per agent in this
 * browser: it is a habit of how one works at one desk, needs no round trip or schema change,
 * and is read before the first reply without waiting for the server.
 */
export function useOpenNextAfterSend(userId: string | undefined) {
  const [stored, store] = useStored("local", userId ? `ticketry:open-next-after-send:${userId}` : null);
  return [stored === "1", (on: boolean) => store(on ? "1" : "0")] as const;
}
