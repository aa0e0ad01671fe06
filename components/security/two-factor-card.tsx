"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { PasswordInput } from "@/components/auth/password-input";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/ui/use-toast";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiRequest } from "@/lib/http/client/api";
import { disableTotpSchema } from "@/lib/schemas/two-factor";
import { securityKeys, useTwoFactorStatus } from "./queries";
import { TotpEnrolmentForm } from "./totp-enrolment";

/** Turning it off asks for the password and a code together. */
function DisableForm({ onDone }: { onDone: () => void }) {
  const form = useZodForm(disableTotpSchema, { password: "", code: "" });
  const request = usePendingRequest({ failure: "Could not turn off", fallback: "Please try again", stays: true });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Missing fields");
    if (!parsed) return;
    await request.run(async () => {
      await apiRequest("DELETE", "/api/users/two-factor/totp", parsed);
      toast({ title: "Two-factor sign-in is off" });
      onDone();
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <Field id="disable-password" label="Password" required error={form.errors.password}>
        <PasswordInput id="disable-password" autoComplete="current-password" {...form.text("password")} />
      </Field>
      <Field id="disable-code" label="Authentication or recovery code" required error={form.errors.code}>
        <Input id="disable-code" autoComplete="one-time-code" {...form.text("code")} />
      </Field>
      <div>
        <SubmitButton pending={request.pending} pendingLabel="Turning off..." variant="destructive">
          Turn off two-factor
        </SubmitButton>
      </div>
    </form>
  );
}

/** Profile: two-factor sign-in with an authenticator app, on or off. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const [disabling, setDisabling] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          Two-factor sign-in
          {status.data && (
            <Badge variant={status.data.enabled ? "success" : "secondary"} data-testid="two-factor-state">
              {status.data.enabled ? "On" : "Off"}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>
          A code from an authenticator app on your phone, asked for after your password.
          {status.data?.required && " Your organization requires it."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {status.isPending ? (
          <p className="text-muted-foreground">Loading...</p>
        ) : status.isError ? (
          <p className="text-destructive">Failed to load two-factor sign-in</p>
        ) : status.data.enabled ? (
          <>
            <p className="text-muted-foreground">{status.data.recoveryCodesLeft} of 10 recovery codes left.</p>
            {status.data.required ? null : disabling ? (
              <DisableForm
                onDone={() => {
                  setDisabling(false);
                  refresh();
                }}
              />
            ) : (
              <div>
                <Button type="button" variant="outline" onClick={() => setDisabling(true)}>
                  Turn off
                </Button>
              </div>
            )}
          </>
        ) : (
          <TotpEnrolmentForm onEnabled={refresh} />
        )}
      </CardContent>
    </Card>
  );
}
