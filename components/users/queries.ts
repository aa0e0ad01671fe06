"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMaySeeUsage } from "@/components/settings/use-may-see-usage";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import { useCursorPages } from "@/lib/http/client/use-cursor-pages";
import type { InviteVerification, PendingInvite } from "@/lib/schemas/invites";
import type { Jsonify } from "@/lib/schemas/json";
import type { SeatSummary, User, UserStats } from "@/lib/schemas/users";
import type { EditableRole } from "@/lib/permissions/rules";

export type UserJson = Jsonify<User>;
export type PendingInviteJson = Jsonify<PendingInvite>;

/** Query keys of users, seats and invitations; the parts joined with slashes are the GET URL. */
export const userKeys = {
  /** Every page of the user list, whatever the search. */
  lists: ["/api/users"] as const,
  list: (params: URLSearchParams) => ["/api/users", params.toString()] as const,
  stats: ["/api/users/stats"] as const,
  seats: ["/api/users/seats"] as const,
  assignable: ["/api/users/assignable"] as const,
};

export const inviteKeys = {
  pending: ["/api/team-invites"] as const,
  verification: (token: string | null) => ["/api/team-invites/verify", token] as const,
};

/** One page after another of the organisation's users; the previous rows stay while a new search loads. */
export function useUsers(params: URLSearchParams) {
  return useCursorPages<UserJson>(userKeys.list(params), { keepPrevious: true });
}

export function useUserStats() {
  return useQuery<Jsonify<UserStats>>({ queryKey: userKeys.stats });
}

/** Agent seats in use and pending against the plan. */
export function useSeats() {
  const enabled = useMaySeeUsage();
  return useQuery<Jsonify<SeatSummary>>({ queryKey: userKeys.seats, enabled });
}

export function usePendingInvites() {
  return useQuery<PendingInviteJson[]>({ queryKey: inviteKeys.pending });
}

export function useInviteVerification(token: string | null) {
  return useQuery({
    queryKey: inviteKeys.verification(token),
    queryFn: async () =>
      (await apiRequest("GET", `/api/team-invites/verify?token=${encodeURIComponent(token!)}`)).json() as Promise<
        Jsonify<InviteVerification>
      >,
    enabled: !!token,
  });
}

/** After an invitation is sent or revoked: the pending list and the seats it holds. */
export function useInvalidateInvites() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([inviteKeys.pending, userKeys.seats].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Everything a user's role or active state shows up in. */
const USER_DEPENDENT_KEYS = [userKeys.lists, userKeys.stats, userKeys.seats, userKeys.assignable];

export type UserChange = { id: string; role: EditableRole } | { id: string; isActive: boolean };

/** PATCH /api/users/{id}: a new role or active state. */
export function useUpdateUserMutation(callbacks: MutationCallbacks<UserJson, UserChange> = {}) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    async ({ id, ...change }: UserChange) =>
      (await apiRequest("PATCH", `/api/users/${id}`, change)).json() as Promise<UserJson>,
    () => Promise.all(USER_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    callbacks,
  );
}
