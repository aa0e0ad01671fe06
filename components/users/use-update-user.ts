"use client";

import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useUpdateUserMutation, type UserChange } from "./queries";

/** Changes a user's role or active state with the product's toasts; resolves true when the change was saved. */
export function useUpdateUser() {
  const mutation = useUpdateUserMutation({
    onSuccess: (user, change) => {
      if ("role" in change) toast({ title: "User updated", description: "User role has been updated successfully" });
      else if (change.isActive) toast({ title: "User activated", description: `${user.fullName} can sign in again.` });
      else
        toast({
          title: "User deactivated",
          description: `${user.fullName} has been signed out and can no longer sign in.`,
        });
    },
    onError: (error, change) => {
      toastError("Update failed", error, "role" in change ? "Failed to update user" : "Failed to update user status");
    },
  });
  return {
    update: (change: UserChange) =>
      mutation.mutateAsync(change).then(
        () => true,
        () => false,
      ),
    pending: mutation.isPending,
  };
}
