"use client";

import { useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/ui/use-toast";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { useZodForm } from "@/components/ui/use-zod-form";
import { PASSWORD_TOO_SHORT, RESET_PASSWORDS_DIFFER, resetPasswordFormSchema } from "@/lib/schemas/auth";
import { apiRequest } from "@/lib/http/client/api";
import { AuthResult } from "./auth-result";
import { NewPasswordFields } from "./new-password-fields";
import { useRedirectAfter } from "./use-redirect-after";

export function ResetPasswordForm() {
  const token = useSearchParams().get("token");
  const form = useZodForm(resetPasswordFormSchema, { newPassword: "", confirmPassword: "" });
  const request = usePendingRequest({ failure: "Error", fallback: "Failed to reset password" });
  const [done, setDone] = useState(false);
  useRedirectAfter(done, "/login");

  if (!token) {
    return (
      <AuthResult
        outcome="failed"
        title="Invalid Reset Link"
        next={{ href: "/forgot-password", label: "Request a new link" }}
      >
        This password reset link is missing its token. Please request a new one.
      </AuthResult>
    );
  }

  if (done) {
    return (
      <AuthResult outcome="done" title="Password reset complete">
        Your password has been reset. Redirecting you to the login page...
      </AuthResult>
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
    await request.run(async () => {
      await apiRequest("POST", "/api/auth/reset-password", { token, newPassword: reset.newPassword });
      setDone(true);
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <NewPasswordFields
        id="newPassword"
        label="New password"
        password={form.text("newPassword")}
        confirmation={form.text("confirmPassword")}
      />
      <SubmitButton pending={request.pending} pendingLabel="Resetting..." className="w-full">
        Reset password
      </SubmitButton>
    </form>
  );
}
