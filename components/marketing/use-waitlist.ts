"use client";

import { useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { apiRequest } from "@/lib/http/client/api";
import { checkWaitlist } from "@/lib/schemas/mailing-list-check";

/** Submits a waitlist form with the spec's toasts; resolves true when subscribed. */
export function useWaitlist() {
  const [pending, setPending] = useState(false);

  async function join(values: {
    email: string;
    name?: string;
    company?: string;
    consentGiven: boolean;
  }): Promise<boolean> {
    if (!values.consentGiven) {
      toast({
        title: "Consent required",
        description: "Please agree to receive emails before subscribing.",
        variant: "destructive",
      });
      return false;
    }
    // zod-free check on the client (keeps the landing page light); the server parses fully.
    const parsed = checkWaitlist(values);
    if (!parsed.ok) {
      toast({ title: "Subscription failed", description: parsed.error, variant: "destructive" });
      return false;
    }
    setPending(true);
    try {
      const { email, name, company, consentGiven } = parsed.data;
      await apiRequest("POST", "/api/mailing-list", {
        email,
        consentGiven,
        ...(name ? { name } : {}),
        ...(company ? { company } : {}),
      });
      toast({
        title: "Successfully subscribed!",
        description: "We'll notify you when we launch. Check your email for confirmation.",
      });
      return true;
    } catch (error) {
      toastError("Subscription failed", error, "Please try again later");
      return false;
    } finally {
      setPending(false);
    }
  }

  return { join, pending };
}
