"use client";

import { CircleCheck, CircleX } from "lucide-react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import { PASSWORD_TOO_SHORT, RESET_PASSWORDS_DIFFER, resetPasswordFormSchema } from "@/lib/schemas/auth";
import { apiRequest } from "@/lib/http/client/api";
import { NewPasswordFields } from "./new-password-fields";
import { useRedirectAfter } from "./use-redirect-after";

export function ResetPasswordForm() {
  const token = useSearchParams().get("token");
  const form = useZodForm(resetPasswordFormSchema, { newPassword: "", confirmPassword: "" });
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  useRedirectAfter(done, "/login");

  if (!token) {
    return (
      <div className="grid gap-4 text-center">
        <CircleX className="mx-auto size-10 text-destructive" />
        <h2 className="text-xl font-semibold">Invalid Reset Link</h2>
        <p className="text-sm text-muted-foreground">
          This password reset link is missing its token. Please request a new one.
        </p>
        <Button asChild>
          <Link href="/forgot-password">Request a new link</Link>
        </Button>
      </div>
    );
  }

  if (done) {
    return (
      <div className="grid gap-3 text-center" role="status">
        <CircleCheck className="mx-auto size-10 text-success" />
        <h2 className="text-xl font-semibold">Password reset complete</h2>
        <p className="text-sm text-muted-foreground">
          Your password has been reset. Redirecting you to the login page...
        </p>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) {
      toast({ title: "Invalid Link", description: "Password reset token is missing", variant: "destructive" });
      return;
    }
    // The match check comes first: a mistyped short password is reported as a mismatch.
    const reset = form.check(
      {
        byMessage: { [RESET_PASSWORDS_DIFFER]: "Passwords don't match", [PASSWORD_TOO_SHORT]: "Password too short" },
        otherwise: "Error",
      },
      { token },
    );
    if (!reset) return;
    setPending(true);
    try {
      await apiRequest("POST", "/api/auth/reset-password", { token, newPassword: reset.newPassword });
      setDone(true);
    } catch (error) {
      toastError("Error", error, "Failed to reset password");
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <NewPasswordFields
        id="newPassword"
        label="New password"
        password={form.text("newPassword")}
        confirmation={form.text("confirmPassword")}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Resetting..." : "Reset password"}
      </Button>
    </form>
  );
}
