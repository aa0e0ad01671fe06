"use client";

import type { FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { SubmitButton } from "@/components/ui/submit-button";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiRequest } from "@/lib/http/client/api";
import { ONBOARDING_SUPPORT_EMAIL_REQUIRED, onboardingSupportEmailSchema } from "@/lib/schemas/support-emails";

/** Step 2: the address customers write to; both fields required. */
export function SupportEmailStep({ canManage, onDone }: { canManage: boolean; onDone: () => void }) {
  const form = useZodForm(onboardingSupportEmailSchema, { email: "", displayName: "" });
  const request = usePendingRequest({ failure: "Error", fallback: "Failed to create support email" });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check({
      byMessage: { [ONBOARDING_SUPPORT_EMAIL_REQUIRED]: "Missing fields" },
      otherwise: "Error",
    });
    if (!parsed) return;
    const { email, displayName } = parsed;
    await request.run(async () => {
      await apiRequest("POST", "/api/support-emails", { email, displayName });
      toast({ title: "Support email added", description: `${email} now receives tickets.` });
      onDone();
    });
  }

  return (
    <Card>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <CardHeader>
          <CardTitle as="h2" className="text-xl">
            Create your support email
          </CardTitle>
          <CardDescription>Mail your customers send to this address becomes tickets for your team.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {canManage ? (
            <>
              <Field id="onboarding-support-email" label="Support email address">
                <Input
                  id="onboarding-support-email"
                  type="email"
                  placeholder="support@yourcompany.com"
                  {...form.text("email")}
                />
              </Field>
              <Field id="onboarding-display-name" label="Display name">
                <Input id="onboarding-display-name" placeholder="Customer Support" {...form.text("displayName")} />
              </Field>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">Your administrator manages support email addresses.</p>
          )}
        </CardContent>
        <CardFooter className="justify-between gap-2">
          <Button type="button" variant="ghost" onClick={onDone} disabled={request.pending}>
            Skip
          </Button>
          {canManage ? (
            <SubmitButton pending={request.pending} pendingLabel="Saving...">
              Continue
            </SubmitButton>
          ) : (
            <Button type="button" onClick={onDone}>
              Continue
            </Button>
          )}
        </CardFooter>
      </form>
    </Card>
  );
}
