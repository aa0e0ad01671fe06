"use client";

import { useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { useZodForm } from "@/components/ui/use-zod-form";
import { loginSchema, MISSING_LOGIN } from "@/lib/schemas/auth";
import { ApiError, apiRequest } from "@/lib/http/client/api";
import { redirectTarget } from "@/lib/http/client/redirect-target";
import { landingPage } from "@/lib/permissions/pages";
import type { RoleHolder } from "@/lib/permissions/table";
import { Field, FieldError, fieldAria, RequiredMark } from "@/components/ui/field";
import { passkeyAnswer } from "@/components/security/passkey-requests";
import { Button } from "@/components/ui/button";
import type { AuthenticationAnswer } from "@/lib/schemas/passkeys";
import { PasswordInput } from "./password-input";
import { SecondFactorStep } from "./second-factor-step";

export function LoginForm() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const next = useSearchParams().get("next");
  const form = useZodForm(loginSchema, { email: "", password: "" });
  const request = usePendingRequest({ failure: "Login failed", fallback: "Invalid email or password" });
  // The password was right and the account has a second factor: the same sign-in, with its code.
  const [askCode, setAskCode] = useState(false);

  async function land(res: Response) {
    const { user } = (await res.json()) as { user: RoleHolder };
    queryClient.clear();
    // No toast: the page the sign-in lands on shows that it worked.
    // Refresh so server components render with the new session cookie.
    router.replace(redirectTarget(next, window.location.origin, landingPage(user)));
    router.refresh();
  }

  /** The password, and on the second step the code or a passkey's answer with it. */
  async function signIn(second: { code: string } | { passkey: () => Promise<AuthenticationAnswer> } | null = null) {
    await request.run(async () => {
      let res: Response;
      try {
        res = await apiRequest("POST", "/api/login", {
          email: form.values.email.trim(),
          password: form.values.password,
          ...(second && "code" in second ? { code: second.code } : {}),
          ...(second && "passkey" in second ? { passkey: await second.passkey() } : {}),
        });
      } catch (error) {
        if (!(error instanceof ApiError && error.code === "two_factor_required")) throw error;
        setAskCode(true);
        // Not a failure: the next step asks for the code, and the button works again.
        return request.settle();
      }
      await land(res);
    });
  }

  /** Password-less: the browser's passkey for this site names the account. */
  async function signInWithPasskey() {
    await request.run(async () => {
      await land(await apiRequest("POST", "/api/login/passkey", { answer: await passkeyAnswer() }));
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const credentials = form.check({ byMessage: { [MISSING_LOGIN]: "Missing fields" }, otherwise: "Login failed" });
    if (credentials) await signIn();
  }

  if (askCode)
    return (
      <SecondFactorStep
        pending={request.pending}
        onCode={(code) => signIn({ code })}
        onPasskey={() => signIn({ passkey: passkeyAnswer })}
        onBack={() => setAskCode(false)}
      />
    );

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="email" label="Email" required error={form.errors.email}>
        <Input id="email" type="email" autoComplete="email" {...form.text("email")} placeholder="you@company.com" />
      </Field>
      <div className="grid gap-2">
        <div className="flex items-center justify-between">
          <span className="flex items-center gap-1 text-sm leading-none">
            <label htmlFor="password" className="text-sm font-medium">
              Password
            </label>
            <RequiredMark />
          </span>
          <Link href="/forgot-password" className="text-sm text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
        <PasswordInput
          id="password"
          autoComplete="current-password"
          {...form.text("password")}
          {...fieldAria("password", { error: form.errors.password, required: true })}
        />
        <FieldError id="password" label="Password" error={form.errors.password} />
      </div>
      <SubmitButton pending={request.pending} pendingLabel="Signing in..." className="w-full">
        Sign in
      </SubmitButton>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={request.pending}
        onClick={() => void signInWithPasskey()}
      >
        <KeyRound aria-hidden="true" />
        Sign in with a passkey
      </Button>
    </form>
  );
}
