"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useInvalidateTickets } from "@/components/tickets/queries";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import type { Jsonify } from "@/lib/schemas/json";
import type { CustomField, CustomFieldInput, CustomFieldList, CustomFieldPatch } from "@/lib/schemas/fields-custom";

export type CustomFieldJson = Jsonify<CustomField>;
export type CustomFieldListJson = Jsonify<CustomFieldList>;

export const fieldKeys = { all: ["/api/fields"] as const };

/** The organisation's custom fields in their order (staff: the ticket panel fills them in). */
export function useCustomFields({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<CustomFieldListJson>({ queryKey: fieldKeys.all, enabled });
}

/** After a change of the fields: the list (settings, the ticket panel) and the tickets (a deleted field's values leave them). */
function useInvalidateFields() {
  const queryClient = useQueryClient();
  const invalidateTickets = useInvalidateTickets();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: fieldKeys.all }), invalidateTickets()]);
}

/** Adds a field, or changes the one with `id` (its label, help, options, flags or place). */
export function useSaveField(
  id: string | null,
  callbacks: MutationCallbacks<CustomFieldJson, CustomFieldInput | CustomFieldPatch> = {},
) {
  return useRefreshingMutation(
    async (input: CustomFieldInput | CustomFieldPatch) =>
      (
        await apiRequest(id ? "PATCH" : "POST", id ? `/api/fields/${id}` : "/api/fields", input)
      ).json() as Promise<CustomFieldJson>,
    useInvalidateFields(),
    callbacks,
  );
}

/** Moves a field to another place in the list (0 first). */
export function useMoveField(callbacks: MutationCallbacks<void, { id: string; position: number }> = {}) {
  return useRefreshingMutation(
    async ({ id, position }: { id: string; position: number }) => {
      await apiRequest("PATCH", `/api/fields/${id}`, { position });
    },
    useInvalidateFields(),
    callbacks,
  );
}

export function useDeleteField(id: string, callbacks: MutationCallbacks<void, void> = {}) {
  return useRefreshingMutation(
    async () => {
      await apiRequest("DELETE", `/api/fields/${id}`);
    },
    useInvalidateFields(),
    callbacks,
  );
}
