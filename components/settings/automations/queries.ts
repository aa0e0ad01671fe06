"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@/components/admin/queries";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import type { Jsonify } from "@/lib/schemas/json";
import type {
  Automation,
  AutomationInput,
  AutomationList,
  AutomationPatch,
  AutomationPreview,
} from "@/lib/schemas/automations";

export type AutomationJson = Jsonify<Automation>;
export type AutomationListJson = Jsonify<AutomationList>;

export const automationKeys = { all: ["/api/automations"] as const };

/** The organisation's rules in running order, with what its plan allows (admins). */
export function useAutomations() {
  return useQuery<AutomationListJson>({ queryKey: automationKeys.all });
}

/** After a rule changes: the list and the activity log, which records every change to the rules. */
function useInvalidateAutomations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [automationKeys.all, adminKeys.activity].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** Creates a rule (last in the order), or changes the one with `id`. */
export function useSaveAutomation(
  id: string | null,
  callbacks: MutationCallbacks<AutomationJson, AutomationInput> = {},
) {
  return useRefreshingMutation(
    async (input: AutomationInput) =>
      (
        await apiRequest(id ? "PATCH" : "POST", id ? `/api/automations/${id}` : "/api/automations", input)
      ).json() as Promise<AutomationJson>,
    useInvalidateAutomations(),
    callbacks,
  );
}

/** Switches a rule on or off (or changes any of its parts). */
export function usePatchAutomation(id: string, callbacks: MutationCallbacks<AutomationJson, AutomationPatch> = {}) {
  return useRefreshingMutation(
    async (patch: AutomationPatch) =>
      (await apiRequest("PATCH", `/api/automations/${id}`, patch)).json() as Promise<AutomationJson>,
    useInvalidateAutomations(),
    callbacks,
  );
}

export function useDeleteAutomation(id: string, callbacks: MutationCallbacks<void, void> = {}) {
  return useRefreshingMutation(
    async () => {
      await apiRequest("DELETE", `/api/automations/${id}`);
    },
    useInvalidateAutomations(),
    callbacks,
  );
}

/** Puts the rules in a new running order; the answer is the list in that order. */
export function useReorderAutomations(callbacks: MutationCallbacks<AutomationListJson, string[]> = {}) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    async (ids: string[]) => {
      const list = (await (await apiRequest("PUT", "/api/automations/order", { ids })).json()) as AutomationListJson;
      queryClient.setQueryData(automationKeys.all, list);
      return list;
    },
    useInvalidateAutomations(),
    callbacks,
  );
}

/** Which of the latest tickets a rule would match and what it would change there; nothing is written. */
export function usePreviewAutomation(callbacks: MutationCallbacks<AutomationPreview, AutomationInput> = {}) {
  return useMutation({
    mutationFn: async (input: AutomationInput) =>
      (await apiRequest("POST", "/api/automations/preview", input)).json() as Promise<AutomationPreview>,
    ...callbacks,
  });
}
