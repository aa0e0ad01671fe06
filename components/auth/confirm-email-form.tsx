"use client";

import { CircleCheck, CircleX } from "lucide-react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toastError } from "@/components/ui/toast-error";
import { apiRequest } from "@/lib/http/client/api";

/**
 * The page the link mailed to a new address opens. Confirming is a button, not the visit
 * itself: mail scanners that open links must not use up (or follow) the one-time link.
 */
export function ConfirmEmailForm() {
  const token = useSearchParams().get("token");
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  if (!token) {
    return (
      <div className="grid gap-4 text-center">
        <CircleX className="mx-auto size-10 text-destructive" />
        <h2 className="text-xl font-semibold">Invalid Confirmation Link</h2>
        <p className="text-sm text-muted-foreground">This link is missing its token. Please change your email again.</p>
      </div>
    );
  }

  if (done) {
    return (
      <div className="grid gap-3 text-center" role="status">
        <CircleCheck className="mx-auto size-10 text-success" />
        <h2 className="text-xl font-semibold">Email address changed</h2>
        <p className="text-sm text-muted-foreground">
          Your account now uses your new email address. Other devices have been signed out.
        </p>
        <Button asChild>
          <Link href="/profile">Go to your profile</Link>
        </Button>
      </div>
    );
  }

  async function confirm() {
    setPending(true);
    try {
      await apiRequest("POST", "/api/users/email/confirm", { token });
      setDone(true);
    } catch (error) {
      toastError("Error", error, "Failed to confirm email address");
      setPending(false);
    }
  }

  return (
    <Button onClick={confirm} disabled={pending} className="w-full">
      {pending ? "Confirming..." : "Confirm email address"}
    </Button>
  );
}
