"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@/components/admin/queries";
import { useInvalidateTickets } from "@/components/tickets/queries";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import type { Jsonify } from "@/lib/schemas/json";
import type { Group, GroupInput } from "@/lib/schemas/groups";

export type GroupJson = Jsonify<Group>;

export const groupKeys = { all: ["/api/groups"] as const };

/** The organisation's groups by name (staff). */
export function useGroups({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<{ groups: GroupJson[] }>({ queryKey: groupKeys.all, enabled });
}

/**
 * After a group change: the list (settings, the ticket's group select), the tickets (a rename
 * or deletion shows on them, members change My Groups) and the activity log.
 */
function useInvalidateGroups() {
  const queryClient = useQueryClient();
  const invalidateTickets = useInvalidateTickets();
  return () =>
    Promise.all([
      ...[groupKeys.all, adminKeys.activity].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      invalidateTickets(),
    ]);
}

/** Creates a group, or changes the one with `id` (its members replaced by the ones sent). */
export function useSaveGroup(id: string | null, callbacks: MutationCallbacks<GroupJson, GroupInput> = {}) {
  return useRefreshingMutation(
    async (input: GroupInput) =>
      (
        await apiRequest(id ? "PATCH" : "POST", id ? `/api/groups/${id}` : "/api/groups", input)
      ).json() as Promise<GroupJson>,
    useInvalidateGroups(),
    callbacks,
  );
}

export function useDeleteGroup(id: string, callbacks: MutationCallbacks<void, void> = {}) {
  return useRefreshingMutation(
    async () => {
      await apiRequest("DELETE", `/api/groups/${id}`);
    },
    useInvalidateGroups(),
    callbacks,
  );
}
