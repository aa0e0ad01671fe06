"use client";

import { MailCheck } from "lucide-react";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { useZodForm } from "@/components/ui/use-zod-form";
import { forgotPasswordSchema, MISSING_EMAIL } from "@/lib/schemas/auth";
import { apiRequest } from "@/lib/http/client/api";
import { Field } from "@/components/ui/field";

export function ForgotPasswordForm() {
  const form = useZodForm(forgotPasswordSchema, { email: "" });
  const request = usePendingRequest({ failure: "Error", fallback: "Failed to process request" });
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const asked = form.check({ byMessage: { [MISSING_EMAIL]: "Email required" }, otherwise: "Error" });
    if (!asked) return;
    await request.run(async () => {
      await apiRequest("POST", "/api/auth/forgot-password", { email: asked.email });
      setSent(true);
    });
  }

  if (sent) {
    return (
      <div className="grid gap-4 text-sm" role="status">
        <div className="flex items-center gap-2 font-medium">
          <MailCheck className="size-5 text-success" />
          Check your email
        </div>
        <p>
          If an account exists for {form.values.email.trim()}, a password reset link has been sent. It works once, for 1
          hour.
        </p>
        <p className="rounded-md bg-muted p-3 text-muted-foreground">
          Development mode: the reset link is printed in the server logs. In production it would be emailed to you.
        </p>
        <Button asChild variant="outline">
          <Link href="/login">Back to Login</Link>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="email" label="Email">
        <Input id="email" type="email" autoComplete="email" {...form.text("email")} />
      </Field>
      <SubmitButton pending={request.pending} pendingLabel="Sending..." className="w-full">
        Send Reset Link
      </SubmitButton>
      <Link href="/login" className="text-center text-sm text-muted-foreground hover:underline">
        Back to Login
      </Link>
    </form>
  );
}
