"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@/components/admin/queries";
import { useMaySeeUsage } from "./use-may-see-usage";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import type { Jsonify } from "@/lib/schemas/json";
import type { Organization } from "@/lib/schemas/organizations";
import type { ImapSecurityMode } from "@/lib/schemas/imap-mailboxes";
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

/** Mails the address a new confirmation link. */
export function useResendVerification(
  id: string,
  { onSuccess, onError }: MutationCallbacks<SupportEmailJson, void> = {},
) {
  const invalidate = useInvalidateSupportEmails();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest("POST", `/api/support-emails/${id}/verification`)).json() as Promise<SupportEmailJson>,
    onSuccess: (address) => {
      onSuccess?.(address);
      return invalidate();
    },
    onError,
  });
}

export type MailboxJson = NonNullable<SupportEmailJson["imapMailbox"]>;
export type MailboxSettings = {
  host: string;
  port: number;
  security: ImapSecurityMode;
  username: string;
  password?: string;
  folder: string;
};

/** Saves where an address's mail is read from (the password only when one was typed). */
export function useSaveMailbox(
  id: string,
  { onSuccess, onError }: MutationCallbacks<MailboxJson, MailboxSettings> = {},
) {
  const invalidate = useInvalidateSupportEmails();
  return useMutation({
    mutationFn: async (body: MailboxSettings) =>
      (await apiRequest("PUT", `/api/support-emails/${id}/mailbox`, body)).json() as Promise<MailboxJson>,
    onSuccess: (saved, body) => {
      onSuccess?.(saved, body);
      return invalidate();
    },
    onError,
  });
}

export function useRemoveMailbox(id: string, { onSuccess, onError }: MutationCallbacks<void, void> = {}) {
  const invalidate = useInvalidateSupportEmails();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("DELETE", `/api/support-emails/${id}/mailbox`);
    },
    onSuccess: () => {
      onSuccess?.();
      return invalidate();
    },
    onError,
  });
}
