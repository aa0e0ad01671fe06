"use client";

import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { apiRequest } from "@/lib/http/client/api";
import { AuthResult } from "./auth-result";

/**
 * The page the link mailed to a new address opens. Confirming is a button, not the visit
 * itself: mail scanners that open links must not use up (or follow) the one-time link.
 */
export function ConfirmEmailForm() {
  const token = useSearchParams().get("token");
  const request = usePendingRequest({ failure: "Error", fallback: "Failed to confirm email address" });
  const [done, setDone] = useState(false);

  if (!token) {
    return (
      <AuthResult outcome="failed" title="Invalid Confirmation Link">
        This link is missing its token. Please change your email again.
      </AuthResult>
    );
  }

  if (done) {
    return (
      <AuthResult outcome="done" title="Email address changed" next={{ href: "/profile", label: "Go to your profile" }}>
        Your account now uses your new email address. Other devices have been signed out.
      </AuthResult>
    );
  }

  const confirm = () =>
    request.run(async () => {
      await apiRequest("POST", "/api/users/email/confirm", { token });
      setDone(true);
    });

  return (
    <Button onClick={confirm} disabled={request.pending} className="w-full">
      {request.pending ? "Confirming..." : "Confirm email address"}
    </Button>
  );
}
