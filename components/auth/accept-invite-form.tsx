"use client";

import { CircleCheck, CircleX } from "lucide-react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useInviteVerification } from "@/components/users/queries";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import { ApiError, apiRequest, errorMessage } from "@/lib/http/client/api";
import { invitationRoleName } from "@/lib/permissions/labels";
import { acceptInviteFormSchema } from "@/lib/schemas/auth";
import { Field } from "@/components/ui/field";
import { NewPasswordFields } from "./new-password-fields";
import { useRedirectAfter } from "./use-redirect-after";

/** A server refusal is an ApiError; anything else is a network failure. */
function verificationError(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error, "Invalid or expired invitation");
  return "Failed to verify invitation";
}

function InvalidInvitation({ message }: { message: string }) {
  return (
    <div className="grid gap-4 text-center">
      <CircleX className="mx-auto size-10 text-destructive" />
      <h2 className="text-xl font-semibold">Invalid Invitation</h2>
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button asChild>
        <Link href="/login">Go to Login</Link>
      </Button>
    </div>
  );
}

export function AcceptInviteForm() {
  const token = useSearchParams().get("token");
  const verification = useInviteVerification(token);
  const form = useZodForm(acceptInviteFormSchema, { fullName: "", password: "", confirmPassword: "" });
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  useRedirectAfter(done, "/login");

  if (!token) return <InvalidInvitation message="No invitation token provided" />;
  if (verification.isPending)
    return <p className="text-center text-sm text-muted-foreground">Verifying invitation...</p>;
  if (verification.isError) return <InvalidInvitation message={verificationError(verification.error)} />;
  const invite = verification.data;

  if (done) {
    return (
      <div className="grid gap-3 text-center" role="status">
        <CircleCheck className="mx-auto size-10 text-success" />
        <p>Your account has been created. Please login to continue.</p>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const accepted = form.check("Error", { token });
    if (!accepted) return;
    setPending(true);
    try {
      await apiRequest("POST", "/api/team-invites/accept", {
        token: accepted.token,
        fullName: accepted.fullName,
        password: accepted.password,
      });
      setDone(true);
    } catch (error) {
      toastError("Error", error, "Failed to accept invitation");
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <p className="text-sm">
        You&apos;ve been invited to join <strong>{invite.organizationName}</strong> as{" "}
        <strong>{invitationRoleName(invite.role)}</strong>.
      </p>
      <Field id="email" label="Email">
        <Input id="email" type="email" value={invite.email} readOnly />
      </Field>
      <Field id="fullName" label="Full name">
        <Input id="fullName" autoComplete="name" {...form.text("fullName")} />
      </Field>
      <NewPasswordFields
        id="password"
        label="Password"
        password={form.text("password")}
        confirmation={form.text("confirmPassword")}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Creating account..." : "Create account"}
      </Button>
    </form>
  );
}
