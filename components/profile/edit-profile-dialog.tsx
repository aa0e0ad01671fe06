"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/auth/password-input";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog-actions";
import { DialogShell } from "@/components/ui/dialog-shell";
import { Input } from "@/components/ui/input";
import { AUTH_CHECK_KEY } from "@/components/auth/route-guard";
import { toast } from "@/components/ui/use-toast";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiRequest } from "@/lib/http/client/api";
import { profileSchema } from "@/lib/schemas/auth";

export function EditProfileDialog({ fullName, email }: { fullName: string; email: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useZodForm(profileSchema, { fullName, email, currentPassword: "" });
  const request = usePendingRequest({ failure: "Update failed", fallback: "Please try again later", stays: true });
  // A new address needs the password and takes effect only from the link mailed there.
  const moving = form.values.email.trim().toLowerCase() !== email;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const profile = form.check("Update failed");
    if (!profile) return;
    await request.run(async () => {
      const res = await apiRequest("PATCH", "/api/users/profile", {
        fullName: profile.fullName,
        email: profile.email,
        ...(moving ? { currentPassword: profile.currentPassword } : {}),
      });
      const { pendingEmail } = (await res.json()) as { pendingEmail?: string };
      toast({
        title: "Profile updated",
        description: pendingEmail
          ? `Check your new inbox: we sent a link to ${pendingEmail}. Your email address changes when you follow it.`
          : "Your profile has been saved.",
      });
      await queryClient.invalidateQueries({ queryKey: AUTH_CHECK_KEY });
      setOpen(false);
      router.refresh();
    });
  }

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset();
      }}
      trigger={<Button>Edit Profile</Button>}
      title="Edit Profile"
      description="Change your name and email address."
      onSubmit={submit}
    >
      <Field id="profile-fullName" label="Full name">
        <Input id="profile-fullName" autoComplete="name" {...form.text("fullName")} />
      </Field>
      <Field id="profile-email" label="Email">
        <Input id="profile-email" type="email" autoComplete="email" {...form.text("email")} />
      </Field>
      {moving && (
        <Field
          id="profile-currentPassword"
          label="Current password"
          hint="Needed to change your email address. We'll send a confirmation link to the new address."
        >
          <PasswordInput
            id="profile-currentPassword"
            autoComplete="current-password"
            {...form.text("currentPassword")}
          />
        </Field>
      )}
      <DialogActions label="Save Changes" pendingLabel="Saving..." pending={request.pending} />
    </DialogShell>
  );
}
