"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Plan } from "@/generated/prisma/enums";
import { organizationKeys, type OrganizationJson } from "@/components/settings/queries";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import { useCursorPages } from "@/lib/http/client/use-cursor-pages";
import type { Jsonify } from "@/lib/schemas/json";
import type { PlatformHealth, PlatformMetrics } from "@/lib/schemas/platform";

/** Query keys of the platform admin's screens; the parts joined with slashes are the GET URL. */
export const platformKeys = {
  metrics: ["/api/platform/metrics"] as const,
  health: ["/api/platform/health"] as const,
};

export function usePlatformMetrics() {
  return useQuery<Jsonify<PlatformMetrics>>({ queryKey: platformKeys.metrics });
}

export function usePlatformHealth() {
  return useQuery<Jsonify<PlatformHealth>>({ queryKey: platformKeys.health });
}

/** The organisation directory; the previous rows stay while a new search loads. */
export function useOrganizationDirectory(params: URLSearchParams) {
  return useCursorPages<OrganizationJson>(organizationKeys.list(params), { keepPrevious: true });
}

type PlanChange = { id: string; plan: Plan };

/** Moves an organisation to another plan; the directory and the platform figures follow. */
export function useChangePlan(callbacks: MutationCallbacks<OrganizationJson, PlanChange> = {}) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    async ({ id, plan }: PlanChange) =>
      (await apiRequest("PATCH", `/api/organizations/${id}`, { plan })).json() as Promise<OrganizationJson>,
    () =>
      Promise.all(
        [organizationKeys.all, platformKeys.metrics].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    callbacks,
  );
}
