"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@/components/admin/queries";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import type { Jsonify } from "@/lib/schemas/json";
import type { Macro, MacroInput, MacroList } from "@/lib/schemas/macros";

export type MacroJson = Jsonify<Macro>;
export type MacroListJson = Jsonify<MacroList>;

export const macroKeys = { all: ["/api/macros"] as const };

/** The organisation's macros and its plan's limit (staff). */
export function useMacros({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<MacroListJson>({ queryKey: macroKeys.all, enabled });
}

/** After a macro change: the list (settings, reply box, palette) and the activity log. */
function useInvalidateMacros() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([macroKeys.all, adminKeys.activity].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Creates a macro, or replaces the one with `id`. */
export function useSaveMacro(id: string | null, callbacks: MutationCallbacks<MacroJson, MacroInput> = {}) {
  return useRefreshingMutation(
    async (input: MacroInput) =>
      (
        await apiRequest(id ? "PUT" : "POST", id ? `/api/macros/${id}` : "/api/macros", input)
      ).json() as Promise<MacroJson>,
    useInvalidateMacros(),
    callbacks,
  );
}

export function useDeleteMacro(id: string, callbacks: MutationCallbacks<void, void> = {}) {
  return useRefreshingMutation(
    async () => {
      await apiRequest("DELETE", `/api/macros/${id}`);
    },
    useInvalidateMacros(),
    callbacks,
  );
}
