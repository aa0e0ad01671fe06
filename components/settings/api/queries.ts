"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@/components/admin/queries";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import type { ApiTokenItem, ApiTokenList, ApiTokenValues, CreatedApiToken } from "@/lib/schemas/api-tokens";
import type { Jsonify } from "@/lib/schemas/json";

export type ApiTokenJson = Jsonify<ApiTokenItem>;
export type CreatedApiTokenJson = Jsonify<CreatedApiToken>;

export const apiTokenKeys = { all: ["/api/api-tokens"] as const };

/** The organisation's API tokens, newest first (admins, on Enterprise). */
export function useApiTokens() {
  return useQuery<Jsonify<ApiTokenList>>({ queryKey: apiTokenKeys.all });
}

/** After a token change: the list and the activity log, which records it. */
function useInvalidateTokens() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([apiTokenKeys.all, adminKeys.activity].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Creates a token (the expiry goes as its ISO text); the answer carries its secret, the only time the browser sees it. */
export function useCreateApiToken(callbacks: MutationCallbacks<CreatedApiTokenJson, ApiTokenValues> = {}) {
  return useRefreshingMutation(
    async (input: ApiTokenValues) =>
      (await apiRequest("POST", "/api/api-tokens", input)).json() as Promise<CreatedApiTokenJson>,
    useInvalidateTokens(),
    callbacks,
  );
}

export function useRevokeApiToken(id: string, callbacks: MutationCallbacks<void, void> = {}) {
  return useRefreshingMutation(
    async () => {
      await apiRequest("DELETE", `/api/api-tokens/${id}`);
    },
    useInvalidateTokens(),
    callbacks,
  );
}
