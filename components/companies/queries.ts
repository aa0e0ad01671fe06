"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@/components/admin/queries";
import { ticketKeys, useInvalidateTickets } from "@/components/tickets/queries";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import type { Jsonify } from "@/lib/schemas/json";
import type {
  Company,
  CompanyDetail,
  CompanyInput,
  CompanyListItem,
  CompanyMemberRow,
  TicketCompany,
} from "@/lib/schemas/companies";

export type CompanyJson = Jsonify<CompanyListItem>;
export type CompanyDetailJson = Jsonify<CompanyDetail>;

/** Query keys of companies; each key joined with slashes is its GET URL. */
export const companyKeys = {
  all: ["/api/companies"] as const,
  list: (q: string) => (q ? ([`/api/companies?q=${encodeURIComponent(q)}`] as const) : (["/api/companies"] as const)),
  detail: (id: string) => ["/api/companies", id] as const,
  ofTicket: ticketKeys.company,
};

/** The organisation's companies by name, searched by name or domain (staff). */
export function useCompanies(q = "", { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<{ companies: CompanyJson[] }>({ queryKey: companyKeys.list(q), enabled });
}

/** A company with its people and latest tickets (staff). */
export function useCompany(id: string | null) {
  return useQuery<CompanyDetailJson>({ queryKey: companyKeys.detail(id ?? ""), enabled: !!id });
}

/** The company of a ticket's customer, for the customer panel (staff). */
export function useTicketCompany(ticketId: string) {
  return useQuery<Jsonify<TicketCompany>>({ queryKey: companyKeys.ofTicket(ticketId) });
}

/**
 * After a company change: the companies (settings, each company), the customer panels, the
 * tickets (their company may have changed) and the activity log.
 */
function useInvalidateCompanies() {
  const queryClient = useQueryClient();
  const invalidateTickets = useInvalidateTickets();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === "/api/companies" || String(q.queryKey[0]).startsWith("/api/companies?"),
      }),
      queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === "/api/tickets" && q.queryKey[2] === "company",
      }),
      queryClient.invalidateQueries({ queryKey: adminKeys.activity }),
      invalidateTickets(),
    ]);
}

/** Creates a company, or changes the one with `id`. */
export function useSaveCompany(id: string | null, callbacks: MutationCallbacks<Jsonify<Company>, CompanyInput> = {}) {
  return useRefreshingMutation(
    async (input: CompanyInput) =>
      (
        await apiRequest(id ? "PATCH" : "POST", id ? `/api/companies/${id}` : "/api/companies", input)
      ).json() as Promise<Jsonify<Company>>,
    useInvalidateCompanies(),
    callbacks,
  );
}

export function useDeleteCompany(id: string, callbacks: MutationCallbacks<void, void> = {}) {
  return useRefreshingMutation(
    async () => {
      await apiRequest("DELETE", `/api/companies/${id}`);
    },
    useInvalidateCompanies(),
    callbacks,
  );
}

/** Adds an address to the company by hand. */
export function useAddCompanyMember(id: string, callbacks: MutationCallbacks<Jsonify<CompanyMemberRow>, string> = {}) {
  return useRefreshingMutation(
    async (email: string) =>
      (await apiRequest("POST", `/api/companies/${id}/members`, { email })).json() as Promise<
        Jsonify<CompanyMemberRow>
      >,
    useInvalidateCompanies(),
    callbacks,
  );
}

export function useRemoveCompanyMember(id: string, callbacks: MutationCallbacks<void, string> = {}) {
  return useRefreshingMutation(
    async (email: string) => {
      await apiRequest("DELETE", `/api/companies/${id}/members?email=${encodeURIComponent(email)}`);
    },
    useInvalidateCompanies(),
    callbacks,
  );
}
