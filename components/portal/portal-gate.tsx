"use client";

import { MailCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { SubmitButton } from "@/components/ui/submit-button";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiRequest } from "@/lib/http/client/api";
import { MISSING_EMAIL } from "@/lib/schemas/auth";
import { PORTAL_CODE_DIGITS, portalAccessSchema } from "@/lib/schemas/portal";
import type { PortalSessionJson } from "./portal-session";

type Props = { slug: string; organizationName: string; onSignedIn: (session: PortalSessionJson) => void };

/** The email gate: the address gets a one-time code, and the code opens the portal. */
export function PortalGate({ slug, organizationName, onSignedIn }: Props) {
  const emailForm = useZodForm(portalAccessSchema, { email: "" });
  const codeForm = useZodForm(portalAccessSchema, { code: "" });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = usePendingRequest({
    failure: "Access failed",
    fallback: "Please check your email address",
    stays: true,
  });

  async function requestCode(event: { preventDefault(): void }) {
    event.preventDefault();
    const access = emailForm.check(
      { byMessage: { [MISSING_EMAIL]: "Email required" }, otherwise: "Access failed" },
      { org: slug },
    );
    if (!access) return;
    await request.run(async () => {
      await apiRequest("POST", "/api/portal/access", { org: slug, email: access.email });
      setSentTo(access.email);
      codeForm.reset();
    });
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!sentTo) return;
    const access = codeForm.check("Code required", { org: slug, email: sentTo });
    if (!access?.code) return;
    await request.run(async () => {
      const res = await apiRequest("POST", "/api/portal/access", { org: slug, email: sentTo, code: access.code });
      // The session itself arrived as this portal's cookie; the answer tells whose it is.
      const session = (await res.json()) as PortalSessionJson;
      toast({ title: "Access granted" });
      onSignedIn(session);
    });
  }

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {organizationName}
        </CardTitle>
        <CardDescription>
          Customer support portal.{" "}
          {sentTo
            ? "Enter the code we emailed you to see your tickets."
            : "Enter your email address to view and create support tickets."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sentTo ? (
          <form onSubmit={verify} className="grid gap-4" noValidate>
            <p className="flex items-start gap-2 text-sm" role="status">
              <MailCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              <span>
                We sent an 8-digit code to <strong>{sentTo}</strong>. It works once, for 10 minutes.
              </span>
            </p>
            <Field id="portal-code" label="Access code" required error={codeForm.errors.code}>
              <Input
                id="portal-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={PORTAL_CODE_DIGITS}
                value={codeForm.values.code}
                onChange={(e) => codeForm.setValue("code", e.target.value.replace(/\D/g, ""))}
              />
            </Field>
            <SubmitButton pending={request.pending} pendingLabel="Checking..." className="w-full">
              Verify Code
            </SubmitButton>
            <div className="flex justify-between text-sm">
              <button type="button" className="text-muted-foreground hover:underline" onClick={() => setSentTo(null)}>
                Use another email
              </button>
              <button
                type="button"
                className="text-muted-foreground hover:underline"
                disabled={request.pending}
                onClick={requestCode}
              >
                Send a new code
              </button>
            </div>
          </form>
        ) : (
          <form onSubmit={requestCode} className="grid gap-4" noValidate>
            <Field id="portal-email" label="Email" required error={emailForm.errors.email}>
              <Input id="portal-email" type="email" autoComplete="email" {...emailForm.text("email")} />
            </Field>
            <SubmitButton pending={request.pending} pendingLabel="Sending..." className="w-full">
              Access Portal
            </SubmitButton>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
