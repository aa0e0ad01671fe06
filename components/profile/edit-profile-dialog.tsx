"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/http/client/api";
import { profileSchema } from "@/lib/schemas/auth";
import { firstError } from "@/lib/schemas/first-error";

export function EditProfileDialog({ fullName, email }: { fullName: string; email: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ fullName, email });
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = firstError(profileSchema.safeParse(form));
    if (problem) {
      toast({ title: "Update failed", description: problem, variant: "destructive" });
      return;
    }
    setPending(true);
    try {
      await apiRequest("PATCH", "/api/users/profile", { fullName: form.fullName.trim(), email: form.email.trim() });
      toast({ title: "Profile updated", description: "Your profile has been saved." });
      await queryClient.invalidateQueries({ queryKey: ["/api/auth/check"] });
      setOpen(false);
      router.refresh();
    } catch (error) {
      toast({ title: "Update failed", description: errorMessage(error, "Please try again later"), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setForm({ fullName, email });
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
            <Input id="profile-fullName" autoComplete="name" value={form.fullName} onChange={(e) => setForm((f) => ({ ...f, fullName: e.target.value }))} />
          </Field>
          <Field id="profile-email" label="Email">
            <Input id="profile-email" type="email" autoComplete="email" value={form.email} onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))} />
          </Field>
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
