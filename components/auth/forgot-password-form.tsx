"use client";

import { MailCheck } from "lucide-react";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import { forgotPasswordSchema, MISSING_EMAIL } from "@/lib/schemas/auth";
import { apiRequest } from "@/lib/http/client/api";
import { Field } from "@/components/ui/field";

export function ForgotPasswordForm() {
  const form = useZodForm(forgotPasswordSchema, { email: "" });
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const request = form.check({ byMessage: { [MISSING_EMAIL]: "Email required" }, otherwise: "Error" });
    if (!request) return;
    setPending(true);
    try {
      await apiRequest("POST", "/api/auth/forgot-password", { email: request.email });
      setSent(true);
    } catch (error) {
      toastError("Error", error, "Failed to process request");
    } finally {
      setPending(false);
    }
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
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Sending..." : "Send Reset Link"}
      </Button>
      <Link href="/login" className="text-center text-sm text-muted-foreground hover:underline">
        Back to Login
      </Link>
    </form>
  );
}
