"use client";

import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/auth/password-input";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import { changePasswordFormSchema, NEW_PASSWORD_TOO_SHORT, NEW_PASSWORDS_DIFFER } from "@/lib/schemas/auth";
import { apiRequest } from "@/lib/http/client/api";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const form = useZodForm(changePasswordFormSchema, EMPTY);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The match check runs before the length check.
    const change = form.check({
      byMessage: { [NEW_PASSWORDS_DIFFER]: "Password mismatch", [NEW_PASSWORD_TOO_SHORT]: "Password too short" },
      otherwise: "Password change failed",
    });
    if (!change) return;
    setPending(true);
    try {
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
    } catch (error) {
      toastError("Password change failed", error, "Please try again later");
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">Change Password</Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Change Password</DialogTitle>
            <DialogDescription>Other devices will be signed out.</DialogDescription>
          </DialogHeader>
          <Field id="currentPassword" label="Current password">
            <PasswordInput id="currentPassword" autoComplete="current-password" {...form.text("currentPassword")} />
          </Field>
          <Field id="newPassword" label="New password">
            <PasswordInput id="newPassword" autoComplete="new-password" {...form.text("newPassword")} />
          </Field>
          <Field id="confirmPassword" label="Confirm new password">
            <PasswordInput id="confirmPassword" autoComplete="new-password" {...form.text("confirmPassword")} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Changing..." : "Change Password"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
