"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { noteOwnWrite } from "@/components/live/live-bus";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import type { Tag, TicketTags } from "@/lib/schemas/tags";
import { useInvalidateTickets } from "./queries";

/** Query keys of tags; each key joined with slashes is its GET URL. */
export const tagKeys = {
  search: (q: string) => [`/api/tags?q=${encodeURIComponent(q)}`] as const,
};

/** After tags change, every typeahead asks again (a new tag must be offered at once). */
export function useInvalidateTags() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith("/api/tags?") });
}

/** The organisation's tags starting with q (the caller debounces it); staff only. */
export function useTagSearch(q: string, { enabled }: { enabled: boolean }) {
  return useQuery<Tag[]>({
    queryKey: tagKeys.search(q),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export type TagChange = { add?: string[]; remove?: string[] };

/** Adds and removes tags of one ticket; the lists, the dashboard and the history show it at once. */
export function useChangeTicketTags(
  ticketId: string,
  { onSuccess, onError }: MutationCallbacks<TicketTags, TagChange> = {},
) {
  const invalidate = useInvalidateTickets();
  const invalidateTags = useInvalidateTags();
  return useMutation({
    mutationKey: ["ticket", ticketId],
    mutationFn: async (change: TagChange) =>
      (await apiRequest("PATCH", `/api/tickets/${ticketId}/tags`, change)).json() as Promise<TicketTags>,
    onSuccess: (result, change) => {
      noteOwnWrite(ticketId, result.version);
      onSuccess?.(result, change);
      return Promise.all([invalidate(), invalidateTags()]);
    },
    onError,
  });
}
