"use client";

import { CircleCheck } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useInviteVerification } from "@/components/users/queries";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { useZodForm } from "@/components/ui/use-zod-form";
import { ApiError, apiRequest, errorMessage } from "@/lib/http/client/api";
import { invitationRoleName } from "@/lib/permissions/labels";
import { acceptInviteFormSchema } from "@/lib/schemas/auth";
import { Field } from "@/components/ui/field";
import { AuthResult } from "./auth-result";
import { NewPasswordFields } from "./new-password-fields";
import { useRedirectAfter } from "./use-redirect-after";

/** A server refusal is an ApiError; anything else is a network failure. */
function verificationError(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error, "Invalid or expired invitation");
  return "Failed to verify invitation";
}

function InvalidInvitation({ message }: { message: string }) {
  return (
    <AuthResult outcome="failed" title="Invalid Invitation" next={{ href: "/login", label: "Go to Login" }}>
      {message}
    </AuthResult>
  );
}

export function AcceptInviteForm() {
  const token = useSearchParams().get("token");
  const verification = useInviteVerification(token);
  const form = useZodForm(acceptInviteFormSchema, { fullName: "", password: "", confirmPassword: "" });
  const request = usePendingRequest({ failure: "Error", fallback: "Failed to accept invitation" });
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
    await request.run(async () => {
      await apiRequest("POST", "/api/team-invites/accept", {
        token: accepted.token,
        fullName: accepted.fullName,
        password: accepted.password,
      });
      setDone(true);
    });
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
      <SubmitButton pending={request.pending} pendingLabel="Creating account..." className="w-full">
        Create account
      </SubmitButton>
    </form>
  );
}
