"use client";

import { useQueryClient } from "@tanstack/react-query";

/** After any ticket change: lists, counts, detail, replies, history, usage and organisations (spec §7). */
export function useInvalidateTickets() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => {
        const head = String(q.queryKey[0]);
        return head.startsWith("/api/tickets") || head.startsWith("/api/replies") || head === "/api/usage" || head.startsWith("/api/organizations");
      },
    });
}
