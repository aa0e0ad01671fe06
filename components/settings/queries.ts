"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@/components/admin/queries";
import { useMaySeeUsage } from "./use-may-see-usage";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import type { Jsonify } from "@/lib/schemas/json";
import type { Organization } from "@/lib/schemas/organizations";
import type { SupportEmail } from "@/lib/schemas/support-emails";
import type { Usage } from "@/lib/schemas/usage";

export type OrganizationJson = Jsonify<Organization>;
export type SupportEmailJson = Jsonify<SupportEmail>;

/** Query keys of organisations; the parts joined with slashes are the GET URL. */
export const organizationKeys = {
  /** Every organisation, one by one and in the platform directory. */
  all: ["/api/organizations"] as const,
  detail: (id: string) => ["/api/organizations", id] as const,
  list: (params: URLSearchParams) => ["/api/organizations", params.toString()] as const,
};

export const supportEmailKeys = { all: ["/api/support-emails"] as const };

export const usageKeys = { usage: ["/api/usage"] as const };

/** The signed-in user's organisation, or any for a platform admin. */
export function useOrganization(organizationId: string) {
  const enabled = useMaySeeUsage();
  return useQuery<OrganizationJson>({ queryKey: organizationKeys.detail(organizationId), enabled });
}

/** Tickets used against the plan's limit. */
export function usePlanUsage() {
  const enabled = useMaySeeUsage();
  return useQuery<Jsonify<Usage>>({ queryKey: usageKeys.usage, enabled });
}

/** After a support email change: the organisation's card, the address list and the audit trail. */
function useInvalidateSupportEmails() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [organizationKeys.all, supportEmailKeys.all, adminKeys.activity].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** Refreshes every organisation (after onboarding changes the signed-in user's). */
export function useInvalidateOrganizations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: organizationKeys.all });
}

type NewSupportEmail = { email: string; displayName: string; organizationId: string };

export function useAddSupportEmail({ onSuccess, onError }: MutationCallbacks<SupportEmailJson, NewSupportEmail> = {}) {
  const invalidate = useInvalidateSupportEmails();
  return useMutation({
    mutationFn: async (body: NewSupportEmail) =>
      (await apiRequest("POST", "/api/support-emails", body)).json() as Promise<SupportEmailJson>,
    onSuccess: (created, body) => {
      onSuccess?.(created, body);
      return invalidate();
    },
    onError,
  });
}

export function useToggleSupportEmail(
  id: string,
  { onSuccess, onError }: MutationCallbacks<SupportEmailJson, void> = {},
) {
  const invalidate = useInvalidateSupportEmails();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest("PUT", `/api/support-emails/${id}/toggle`)).json() as Promise<SupportEmailJson>,
    onSuccess: (updated) => {
      onSuccess?.(updated);
      return invalidate();
    },
    onError,
  });
}

export function useRemoveSupportEmail(id: string, { onSuccess, onError }: MutationCallbacks<void, void> = {}) {
  const invalidate = useInvalidateSupportEmails();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("DELETE", `/api/support-emails/${id}`);
    },
    onSuccess: () => {
      onSuccess?.();
      return invalidate();
    },
    onError,
  });
}
