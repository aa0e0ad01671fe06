"use client";

import { Building2 } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { useZodForm } from "@/components/ui/use-zod-form";
import { ApiError, apiRequest } from "@/lib/http/client/api";
import { SSO_FAILURES, ssoStartSchema, type SsoFailure } from "@/lib/schemas/sso";

/** Why a single sign-on came back here, from the callback's `?sso=<reason>` (unknown reasons say nothing). */
function useSsoFailure(): string | null {
  const reason = useSearchParams().get("sso");
  return reason && reason in SSO_FAILURES ? SSO_FAILURES[reason as SsoFailure] : null;
}

/**
 * "Sign in with SSO": asks for the work email, finds the organisation's identity provider by its
 * domain and sends the browser there; the provider sends it back to Ticketry signed in.
 */
export function SsoSignIn() {
  const failure = useSsoFailure();
  const [open, setOpen] = useState(failure !== null);
  const [pending, setPending] = useState(false);
  const form = useZodForm(ssoStartSchema, { email: "" });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Work email required");
    if (!parsed) return;
    setPending(true);
    try {
      const res = await apiRequest("POST", "/api/sso/start", parsed);
      window.location.assign(((await res.json()) as { url: string }).url);
    } catch (error) {
      form.setError(
        "email",
        error instanceof ApiError ? error.message.replace(/^\d+: /, "") : "Single sign-on could not start",
      );
      setPending(false);
    }
  }

  return (
    <div className="grid gap-3">
      {failure && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {failure}
        </p>
      )}
      {open ? (
        <form onSubmit={submit} className="grid gap-3" noValidate aria-label="Sign in with SSO">
          <Field
            id="sso-email"
            label="Work email"
            required
            hint="Your company's sign-in page opens next."
            error={form.errors.email}
          >
            <Input
              id="sso-email"
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              {...form.text("email")}
            />
          </Field>
          <SubmitButton pending={pending} pendingLabel="Redirecting..." variant="outline" className="w-full">
            Continue with SSO
          </SubmitButton>
        </form>
      ) : (
        <Button type="button" variant="outline" className="w-full" onClick={() => setOpen(true)}>
          <Building2 aria-hidden />
          Sign in with SSO
        </Button>
      )}
    </div>
  );
}
