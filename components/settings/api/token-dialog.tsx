"use client";

import type { FormEvent } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Field, FieldError } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiTokenInputSchema } from "@/lib/schemas/api-tokens";
import { expiryDateBounds, expiryFromDate } from "./expiry";
import { useCreateApiToken, type CreatedApiTokenJson } from "./queries";
import { SCOPE_DESCRIPTIONS, SCOPE_GROUPS } from "./scopes";

type FormValues = { name: string; scopes: string[]; expiresAt: string };

function TokenForm({ onCreated }: { onCreated: (token: CreatedApiTokenJson) => void }) {
  const form = useZodForm(apiTokenInputSchema, { name: "", scopes: [], expiresAt: "" } as FormValues);
  const create = useCreateApiToken({
    onSuccess: (token) => onCreated(token),
    onError: (error) => toastError("Could not create the token", error, "Please try again later"),
  });
  const bounds = expiryDateBounds(new Date());

  function toggle(scope: string, on: boolean) {
    const scopes = form.values.scopes.filter((s) => s !== scope);
    form.setValue("scopes", on ? [...scopes, scope] : scopes);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Validation Error", { expiresAt: expiryFromDate(form.values.expiresAt) });
    if (parsed) create.mutate(parsed);
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field
        id="api-token-name"
        label="Name"
        hint="Say what uses it, such as CRM sync"
        error={form.errors.name}
        required
      >
        <Input id="api-token-name" placeholder="CRM sync" autoComplete="off" maxLength={80} {...form.text("name")} />
      </Field>
      <fieldset className="grid gap-3" aria-describedby={form.errors.scopes ? "api-token-scopes-error" : undefined}>
        <legend className="mb-1 text-sm font-medium">Scopes</legend>
        {SCOPE_GROUPS.map((group) => (
          <div key={group.label} className="grid gap-2">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{group.label}</p>
            <ul className="grid gap-2 sm:grid-cols-2" aria-label={`${group.label} scopes`}>
              {group.scopes.map((scope) => (
                <li key={scope} className="flex items-start gap-2">
                  <Checkbox
                    id={`api-token-scope-${scope}`}
                    className="mt-0.5"
                    checked={form.values.scopes.includes(scope)}
                    onCheckedChange={(on) => toggle(scope, on === true)}
                    aria-describedby={`api-token-scope-${scope}-hint`}
                  />
                  <span className="grid gap-0.5">
                    <Label htmlFor={`api-token-scope-${scope}`} className="font-mono text-xs">
                      {scope}
                    </Label>
                    <span id={`api-token-scope-${scope}-hint`} className="text-xs text-muted-foreground">
                      {SCOPE_DESCRIPTIONS[scope]}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <FieldError id="api-token-scopes" label="Scopes" error={form.errors.scopes} />
      </fieldset>
      <Field
        id="api-token-expiry"
        label="Expires"
        hint="Optional: the token stops working after this day. Empty: it works until revoked."
        error={form.errors.expiresAt}
      >
        <Input id="api-token-expiry" type="date" min={bounds.min} max={bounds.max} {...form.text("expiresAt")} />
      </Field>
      <DialogActions label="Create Token" pendingLabel="Creating..." pending={create.isPending} />
    </form>
  );
}

/** Settings > API: a new token's name, scopes and expiry; on success the card shows its secret. */
export function TokenDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (token: CreatedApiTokenJson) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New API token"
      description="A program sends the token to act as your organization, within the scopes you choose here."
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
    >
      {(done) => (
        <TokenForm
          onCreated={(token) => {
            onCreated(token);
            done();
          }}
        />
      )}
    </FormDialog>
  );
}
