"use client";

import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { apiRequest } from "@/lib/http/client/api";
import { AuthResult } from "./auth-result";

/**
 * The page the link mailed to a new support address opens. Confirming is a button, not the
 * visit itself: mail scanners that open every link must not confirm an address on their own.
 */
export function VerifySupportEmailForm() {
  const token = useSearchParams().get("token");
  const request = usePendingRequest({ failure: "Error", fallback: "Failed to confirm the support address" });
  const [confirmed, setConfirmed] = useState<string | null>(null);

  if (!token) {
    return (
      <AuthResult outcome="failed" title="Invalid Confirmation Link">
        This link is missing its token. Send a new one from Settings &gt; Organization.
      </AuthResult>
    );
  }

  if (confirmed) {
    return (
      <AuthResult outcome="done" title="Support address confirmed">
        {confirmed} is confirmed. Mail sent to it now becomes tickets. You can close this page.
      </AuthResult>
    );
  }

  const confirm = () =>
    request.run(async () => {
      const res = await apiRequest("POST", "/api/support-emails/verify", { token });
      setConfirmed(((await res.json()) as { email: string }).email);
    });

  return (
    <Button onClick={confirm} disabled={request.pending} className="w-full">
      {request.pending ? "Confirming..." : "Confirm support address"}
    </Button>
  );
}
