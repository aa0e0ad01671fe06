"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@/components/admin/queries";
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
export function useSaveMacro(id: string | null, { onSuccess, onError }: MutationCallbacks<MacroJson, MacroInput> = {}) {
  const invalidate = useInvalidateMacros();
  return useMutation({
    mutationFn: async (input: MacroInput) =>
      (
        await apiRequest(id ? "PUT" : "POST", id ? `/api/macros/${id}` : "/api/macros", input)
      ).json() as Promise<MacroJson>,
    onSuccess: (saved, input) => {
      onSuccess?.(saved, input);
      return invalidate();
    },
    onError,
  });
}

export function useDeleteMacro(id: string, { onSuccess, onError }: MutationCallbacks<void, void> = {}) {
  const invalidate = useInvalidateMacros();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("DELETE", `/api/macros/${id}`);
    },
    onSuccess: () => {
      onSuccess?.();
      return invalidate();
    },
    onError,
  });
}
