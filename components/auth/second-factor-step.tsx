"use client";

import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { useZodForm } from "@/components/ui/use-zod-form";
import { confirmTotpSchema } from "@/lib/schemas/two-factor";
import { PRODUCT_NAME } from "@/lib/site/product";

/**
 * Sign-in's second step: the code from the authenticator app, one of the recovery codes (each
 * works once) when the phone is not at hand, or a passkey of the account.
 */
export function SecondFactorStep({
  pending,
  onCode,
  onPasskey,
  onBack,
}: {
  pending: boolean;
  onCode: (code: string) => Promise<void>;
  onPasskey: () => Promise<void>;
  onBack: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const form = useZodForm(confirmTotpSchema, { code: "" });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Code required");
    if (parsed) await onCode(parsed.code);
  }

  function switchKind() {
    setRecovery(!recovery);
    form.setValue("code", "");
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <p className="text-sm text-muted-foreground">
        {recovery
          ? "Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once."
          : `Open your authenticator app and enter the 6-digit code for ${PRODUCT_NAME}.`}
      </p>
      <Field id="code" label={recovery ? "Recovery code" : "Authentication code"} required error={form.errors.code}>
        <Input
          id="code"
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? "text" : "numeric"}
          placeholder={recovery ? "abcde-fghij" : "123456"}
          {...form.text("code")}
        />
      </Field>
      <SubmitButton pending={pending} pendingLabel="Verifying..." className="w-full">
        Verify
      </SubmitButton>
      <Button type="button" variant="outline" className="w-full" disabled={pending} onClick={() => void onPasskey()}>
        <KeyRound aria-hidden="true" />
        Use a passkey instead
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button type="button" variant="link" className="h-auto p-0" onClick={switchKind}>
          {recovery ? "Use your authenticator app" : "Use a recovery code"}
        </Button>
        <Button type="button" variant="link" className="h-auto p-0 text-muted-foreground" onClick={onBack}>
          Back
        </Button>
      </div>
    </form>
  );
}
