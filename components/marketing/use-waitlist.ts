"use client";

import { useState } from "react";
import { toast } from "@/components/ui/use-toast";
import type { WaitlistValues } from "@/lib/schemas/mailing-list-check";

/** Submits a waitlist form with the spec's toasts; resolves true when subscribed. */
export function useWaitlist() {
  const [pending, setPending] = useState(false);

  async function join(values: WaitlistValues): Promise<boolean> {
    if (!values.consentGiven) {
      toast({
        title: "Consent required",
        description: "Please agree to receive emails before subscribing.",
        variant: "destructive",
      });
      return false;
    }
    setPending(true);
    try {
      // The check, the API client and the error toasts come with the first submit.
      const { submitWaitlist } = await import("./waitlist-submit");
      return await submitWaitlist(values);
    } catch {
      // The code itself failed to load (offline, a deploy in between): like any failed send.
      toast({ title: "Subscription failed", description: "Please try again later", variant: "destructive" });
      return false;
    } finally {
      setPending(false);
    }
  }

  return { join, pending };
}
