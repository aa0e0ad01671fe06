"use client";

import { CircleCheck, CircleX } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toastError } from "@/components/ui/toast-error";
import { apiRequest } from "@/lib/http/client/api";

/**
 * The page the link mailed to a new support address opens. Confirming is a button, not the
 * visit itself: mail scanners that open every link must not confirm an address on their own.
 */
export function VerifySupportEmailForm() {
  const token = useSearchParams().get("token");
  const [pending, setPending] = useState(false);
  const [confirmed, setConfirmed] = useState<string | null>(null);

  if (!token) {
    return (
      <div className="grid gap-4 text-center">
        <CircleX className="mx-auto size-10 text-destructive" />
        <h2 className="text-xl font-semibold">Invalid Confirmation Link</h2>
        <p className="text-sm text-muted-foreground">
          This link is missing its token. Send a new one from Settings &gt; Organization.
        </p>
      </div>
    );
  }

  if (confirmed) {
    return (
      <div className="grid gap-3 text-center" role="status">
        <CircleCheck className="mx-auto size-10 text-success" />
        <h2 className="text-xl font-semibold">Support address confirmed</h2>
        <p className="text-sm text-muted-foreground">
          {confirmed} is confirmed. Mail sent to it now becomes tickets. You can close this page.
        </p>
      </div>
    );
  }

  async function confirm() {
    setPending(true);
    try {
      const res = await apiRequest("POST", "/api/support-emails/verify", { token });
      setConfirmed(((await res.json()) as { email: string }).email);
    } catch (error) {
      toastError("Error", error, "Failed to confirm the support address");
      setPending(false);
    }
  }

  return (
    <Button onClick={confirm} disabled={pending} className="w-full">
      {pending ? "Confirming..." : "Confirm support address"}
    </Button>
  );
}
