"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@/components/admin/queries";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import type {
  BusinessCalendar,
  BusinessCalendarInput,
  BusinessCalendarList,
  BusinessCalendarPatch,
} from "@/lib/schemas/business-hours";
import type { Jsonify } from "@/lib/schemas/json";
import type { SlaPolicy, SlaPolicyInput, SlaPolicyList, SlaPolicyPatch } from "@/lib/schemas/sla-policies";

export type CalendarJson = Jsonify<BusinessCalendar>;
export type PolicyJson = Jsonify<SlaPolicy>;

export const slaKeys = { calendars: ["/api/business-hours"] as const, policies: ["/api/sla-policies"] as const };

/** The organisation's calendars, the default first (admins, on plans with SLA policies). */
export function useCalendars() {
  return useQuery<Jsonify<BusinessCalendarList>>({ queryKey: slaKeys.calendars });
}

/** The policies in the order they are tried, with the plan's limit. */
export function usePolicies() {
  return useQuery<Jsonify<SlaPolicyList>>({ queryKey: slaKeys.policies });
}

/**
 * After any SLA change: both lists (a calendar counts the policies using it, a policy names its
 * calendar) and the activity log, which records every change.
 */
function useInvalidateSla() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [slaKeys.calendars, slaKeys.policies, adminKeys.activity].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** Creates a calendar, or changes the one with `id`. */
export function useSaveCalendar(
  id: string | null,
  callbacks: MutationCallbacks<CalendarJson, BusinessCalendarInput | BusinessCalendarPatch> = {},
) {
  return useRefreshingMutation(
    async (input: BusinessCalendarInput | BusinessCalendarPatch) =>
      (
        await apiRequest(id ? "PATCH" : "POST", id ? `/api/business-hours/${id}` : "/api/business-hours", input)
      ).json() as Promise<CalendarJson>,
    useInvalidateSla(),
    callbacks,
  );
}

export function useDeleteCalendar(id: string, callbacks: MutationCallbacks<void, void> = {}) {
  return useRefreshingMutation(
    async () => {
      await apiRequest("DELETE", `/api/business-hours/${id}`);
    },
    useInvalidateSla(),
    callbacks,
  );
}

/** Creates a policy (tried last), or changes the one with `id`; `{ position }` moves it. */
export function useSavePolicy(
  id: string | null,
  callbacks: MutationCallbacks<PolicyJson, SlaPolicyInput | SlaPolicyPatch> = {},
) {
  return useRefreshingMutation(
    async (input: SlaPolicyInput | SlaPolicyPatch) =>
      (
        await apiRequest(id ? "PATCH" : "POST", id ? `/api/sla-policies/${id}` : "/api/sla-policies", input)
      ).json() as Promise<PolicyJson>,
    useInvalidateSla(),
    callbacks,
  );
}

export function useDeletePolicy(id: string, callbacks: MutationCallbacks<void, void> = {}) {
  return useRefreshingMutation(
    async () => {
      await apiRequest("DELETE", `/api/sla-policies/${id}`);
    },
    useInvalidateSla(),
    callbacks,
  );
}
