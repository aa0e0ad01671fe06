"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
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
import { Input } from "@/components/ui/input";
import { AUTH_CHECK_KEY } from "@/components/auth/route-guard";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiRequest } from "@/lib/http/client/api";
import { profileSchema } from "@/lib/schemas/auth";

export function EditProfileDialog({ fullName, email }: { fullName: string; email: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useZodForm(profileSchema, { fullName, email, currentPassword: "" });
  const [pending, setPending] = useState(false);
  // A new address needs the password and takes effect only from the link mailed there.
  const moving = form.values.email.trim().toLowerCase() !== email;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const profile = form.check("Update failed");
    if (!profile) return;
    setPending(true);
    try {
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
    } catch (error) {
      toastError("Update failed", error, "Please try again later");
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>Edit Profile</Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Edit Profile</DialogTitle>
            <DialogDescription>Change your name and email address.</DialogDescription>
          </DialogHeader>
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : "Save Changes"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
