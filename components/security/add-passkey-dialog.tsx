"use client";

import type { FormEvent } from "react";
import { PasswordInput } from "@/components/auth/password-input";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { useZodForm } from "@/components/ui/use-zod-form";
import { addPasskeyFormSchema } from "@/lib/schemas/passkeys";
import { createPasskey } from "./passkey-requests";

/** Adding a passkey: its name and the password (and the app's code when two-factor is on), then the browser's prompt. */
function AddPasskeyForm({ askCode, onDone }: { askCode: boolean; onDone: () => void }) {
  const form = useZodForm(addPasskeyFormSchema, { name: "", password: "", code: "" });
  const request = usePendingRequest({ failure: "Passkey not added", fallback: "Please try again", stays: true });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Missing fields");
    if (!parsed) return;
    await request.run(async () => {
      const code = parsed.code.trim();
      await createPasskey({ password: parsed.password, ...(code ? { code } : {}) }, parsed.name);
      toast({ title: "Passkey added" });
      onDone();
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="passkey-name" label="Name" required error={form.errors.name}>
        <Input id="passkey-name" placeholder="Work laptop" autoComplete="off" {...form.text("name")} />
      </Field>
      <Field id="passkey-password" label="Password" required error={form.errors.password}>
        <PasswordInput id="passkey-password" autoComplete="current-password" {...form.text("password")} />
      </Field>
      {askCode && (
        <Field id="passkey-code" label="Authentication or recovery code" required error={form.errors.code}>
          <Input id="passkey-code" autoComplete="one-time-code" {...form.text("code")} />
        </Field>
      )}
      <DialogActions label="Add passkey" pendingLabel="Waiting for your passkey..." pending={request.pending} />
    </form>
  );
}

/** "Add a passkey" (the profile, and the enrolment page as the alternative to an app). */
export function AddPasskeyDialog({
  open,
  onOpenChange,
  askCode,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  askCode: boolean;
  onAdded: () => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a passkey"
      description="Confirm it is you, then follow your browser's prompt to create the passkey."
    >
      {(done) => (
        <AddPasskeyForm
          askCode={askCode}
          onDone={() => {
            done();
            onAdded();
          }}
        />
      )}
    </FormDialog>
  );
}
