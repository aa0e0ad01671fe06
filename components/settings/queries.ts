"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@/components/admin/queries";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
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

export function useAddSupportEmail(callbacks: MutationCallbacks<SupportEmailJson, NewSupportEmail> = {}) {
  return useRefreshingMutation(
    async (body: NewSupportEmail) =>
      (await apiRequest("POST", "/api/support-emails", body)).json() as Promise<SupportEmailJson>,
    useInvalidateSupportEmails(),
    callbacks,
  );
}

export function useToggleSupportEmail(id: string, callbacks: MutationCallbacks<SupportEmailJson, void> = {}) {
  return useRefreshingMutation(
    async () => (await apiRequest("PUT", `/api/support-emails/${id}/toggle`)).json() as Promise<SupportEmailJson>,
    useInvalidateSupportEmails(),
    callbacks,
  );
}

export function useRemoveSupportEmail(id: string, callbacks: MutationCallbacks<void, void> = {}) {
  return useRefreshingMutation(
    async () => {
      await apiRequest("DELETE", `/api/support-emails/${id}`);
    },
    useInvalidateSupportEmails(),
    callbacks,
  );
}

/** Mails the address a new confirmation link. */
export function useResendVerification(id: string, callbacks: MutationCallbacks<SupportEmailJson, void> = {}) {
  return useRefreshingMutation(
    async () =>
      (await apiRequest("POST", `/api/support-emails/${id}/verification`)).json() as Promise<SupportEmailJson>,
    useInvalidateSupportEmails(),
    callbacks,
  );
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
export function useSaveMailbox(id: string, callbacks: MutationCallbacks<MailboxJson, MailboxSettings> = {}) {
  return useRefreshingMutation(
    async (body: MailboxSettings) =>
      (await apiRequest("PUT", `/api/support-emails/${id}/mailbox`, body)).json() as Promise<MailboxJson>,
    useInvalidateSupportEmails(),
    callbacks,
  );
}

export function useRemoveMailbox(id: string, callbacks: MutationCallbacks<void, void> = {}) {
  return useRefreshingMutation(
    async () => {
      await apiRequest("DELETE", `/api/support-emails/${id}/mailbox`);
    },
    useInvalidateSupportEmails(),
    callbacks,
  );
}
