"use client";

import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/auth/password-input";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog-actions";
import { DialogShell } from "@/components/ui/dialog-shell";
import { toast } from "@/components/ui/use-toast";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { useZodForm } from "@/components/ui/use-zod-form";
import { changePasswordFormSchema, NEW_PASSWORD_TOO_SHORT, NEW_PASSWORDS_DIFFER } from "@/lib/schemas/auth";
import { apiRequest } from "@/lib/http/client/api";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const form = useZodForm(changePasswordFormSchema, EMPTY);
  const request = usePendingRequest({
    failure: "Password change failed",
    fallback: "Please try again later",
    stays: true,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The match check runs before the length check.
    const change = form.check({
      byMessage: { [NEW_PASSWORDS_DIFFER]: "Password mismatch", [NEW_PASSWORD_TOO_SHORT]: "Password too short" },
      otherwise: "Password change failed",
    });
    if (!change) return;
    await request.run(async () => {
      await apiRequest("PATCH", "/api/users/password", {
        currentPassword: change.currentPassword,
        newPassword: change.newPassword,
      });
      toast({
        title: "Password changed",
        description: "Your password has been updated. Other sessions have been signed out.",
      });
      setOpen(false);
      form.reset();
    });
  }

  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="outline">Change Password</Button>}
      title="Change Password"
      description="Other devices will be signed out."
      onSubmit={submit}
    >
      <Field id="currentPassword" label="Current password">
        <PasswordInput id="currentPassword" autoComplete="current-password" {...form.text("currentPassword")} />
      </Field>
      <Field id="newPassword" label="New password">
        <PasswordInput id="newPassword" autoComplete="new-password" {...form.text("newPassword")} />
      </Field>
      <Field id="confirmPassword" label="Confirm new password">
        <PasswordInput id="confirmPassword" autoComplete="new-password" {...form.text("confirmPassword")} />
      </Field>
      <DialogActions label="Change Password" pendingLabel="Changing..." pending={request.pending} />
    </DialogShell>
  );
}
