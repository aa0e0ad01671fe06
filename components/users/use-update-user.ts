"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/http/client/api";
import type { EditableRole } from "@/lib/permissions/rules";
import type { UserRow } from "./types";

type Change = { id: string; role: EditableRole } | { id: string; isActive: boolean };

/** Everything a user's role or state shows up in. */
export const USER_QUERY_KEYS = [["/api/users"], ["/api/users/stats"], ["/api/users/organization"], ["/api/users/seats"], ["/api/users/assignable"]];

/** PATCH /api/users/{id} with the spec's toasts (§8); resolves true when the change was saved. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ id, ...change }: Change) => (await (await apiRequest("PATCH", `/api/users/${id}`, change)).json()) as UserRow,
    onSuccess: (user, change) => {
      if ("role" in change) toast({ title: "User updated", description: "User role has been updated successfully" });
      else if (change.isActive) toast({ title: "User activated", description: `${user.fullName} can sign in again.` });
      else toast({ title: "User deactivated", description: `${user.fullName} has been signed out and can no longer sign in.` });
      return Promise.all(USER_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error, change) => {
      toast({ title: "Update failed", description: errorMessage(error, "role" in change ? "Failed to update user" : "Failed to update user status"), variant: "destructive" });
    },
  });
  return {
    update: (change: Change) => mutation.mutateAsync(change).then(() => true, () => false),
    pending: mutation.isPending,
  };
}
