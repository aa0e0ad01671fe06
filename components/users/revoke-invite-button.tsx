"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";

/** Revoking cannot be undone (the person needs a new invitation), so it is confirmed first. */
export function RevokeInviteButton({
  email,
  disabled,
  onRevoke,
}: {
  email: string;
  disabled: boolean;
  onRevoke: () => void;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Revoke invitation for ${email}`} disabled={disabled}>
          Revoke
        </Button>
      }
      title="Revoke invitation?"
      description={`${email} will no longer be able to join with the invitation link. You can invite them again later.`}
      confirm="Revoke invitation"
      onConfirm={onRevoke}
    />
  );
}
