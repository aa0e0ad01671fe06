"use client";

import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/auth/password-input";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-policy";
import { apiRequest, errorMessage } from "@/lib/http/client/api";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [pending, setPending] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Spec §5: the match check runs before the length check.
    if (form.newPassword !== form.confirmPassword) {
      toast({ title: "Password mismatch", description: "New password and confirmation do not match.", variant: "destructive" });
      return;
    }
    if (form.newPassword.length < MIN_PASSWORD_LENGTH) {
      toast({ title: "Password too short", description: "Password must be at least 8 characters long.", variant: "destructive" });
      return;
    }
    setPending(true);
    try {
      await apiRequest("PATCH", "/api/users/password", { currentPassword: form.currentPassword, newPassword: form.newPassword });
      toast({ title: "Password changed", description: "Your password has been updated. Other sessions have been signed out." });
      setOpen(false);
      setForm(EMPTY);
    } catch (error) {
      toast({ title: "Password change failed", description: errorMessage(error, "Please try again later"), variant: "destructive" });
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
            <PasswordInput id="currentPassword" autoComplete="current-password" value={form.currentPassword} onChange={set("currentPassword")} />
          </Field>
          <Field id="newPassword" label="New password">
            <PasswordInput id="newPassword" autoComplete="new-password" value={form.newPassword} onChange={set("newPassword")} />
          </Field>
          <Field id="confirmPassword" label="Confirm new password">
            <PasswordInput id="confirmPassword" autoComplete="new-password" value={form.confirmPassword} onChange={set("confirmPassword")} />
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
