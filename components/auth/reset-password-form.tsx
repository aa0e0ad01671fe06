"use client";

import { CircleCheck, CircleX } from "lucide-react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-policy";
import { apiRequest, errorMessage } from "@/lib/http/client/api";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "./password-input";
import { useRedirectAfter } from "./use-redirect-after";

export function ResetPasswordForm() {
  const token = useSearchParams().get("token");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  useRedirectAfter(done, "/login");

  if (!token) {
    return (
      <div className="grid gap-4 text-center">
        <CircleX className="text-destructive mx-auto size-10" />
        <h2 className="text-xl font-semibold">Invalid Reset Link</h2>
        <p className="text-muted-foreground text-sm">This password reset link is missing its token. Please request a new one.</p>
        <Button asChild>
          <Link href="/forgot-password">Request a new link</Link>
        </Button>
      </div>
    );
  }

  if (done) {
    return (
      <div className="grid gap-3 text-center" role="status">
        <CircleCheck className="text-success mx-auto size-10" />
        <h2 className="text-xl font-semibold">Password reset complete</h2>
        <p className="text-muted-foreground text-sm">Your password has been reset. Redirecting you to the login page...</p>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) {
      toast({ title: "Invalid Link", description: "Password reset token is missing", variant: "destructive" });
      return;
    }
    if (password !== confirm) {
      toast({ title: "Passwords don't match", description: "Please make sure both passwords are the same.", variant: "destructive" });
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      toast({ title: "Password too short", description: "Password must be at least 8 characters", variant: "destructive" });
      return;
    }
    setPending(true);
    try {
      await apiRequest("POST", "/api/auth/reset-password", { token, newPassword: password });
      setDone(true);
    } catch (error) {
      toast({ title: "Error", description: errorMessage(error, "Failed to reset password"), variant: "destructive" });
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="newPassword" label="New password" hint="Must be at least 8 characters long">
        <PasswordInput id="newPassword" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <Field id="confirmPassword" label="Confirm password">
        <PasswordInput id="confirmPassword" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      </Field>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Resetting..." : "Reset password"}
      </Button>
    </form>
  );
}
