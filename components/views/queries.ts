"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http/client/api";
import type { Jsonify } from "@/lib/schemas/json";
import type { SavedView, SavedViewFilters, SavedViewList } from "@/lib/schemas/views";
import type { ListSort } from "@/lib/tickets/sort";

/** The sidebar's views: under their endpoint, so a live ticket change fetches their counts again. */
export const viewKeys = { all: ["/api/views"] as const };

export function useSavedViews({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<Jsonify<SavedViewList>>({ queryKey: viewKeys.all, enabled });
}

export type NewView = { name: string; shared: boolean; filters: SavedViewFilters; sort?: ListSort };
export type ViewChange = { id: string; name?: string };

/** Save, rename, delete and reorder: each answered by the sidebar fetching the views again. */
export function useViewMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: viewKeys.all });
  return {
    save: useMutation({
      mutationFn: async (view: NewView) =>
        (await apiRequest("POST", "/api/views", view)).json() as Promise<Jsonify<SavedView>>,
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: async ({ id, name }: ViewChange) =>
        (await apiRequest("PATCH", `/api/views/${id}`, { name })).json() as Promise<Jsonify<SavedView>>,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => apiRequest("DELETE", `/api/views/${id}`),
      onSuccess: refresh,
    }),
    reorder: useMutation({
      mutationFn: async (ids: string[]) => apiRequest("PUT", "/api/views/order", { ids }),
      onSuccess: refresh,
    }),
  };
}
