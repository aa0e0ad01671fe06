"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/http/client";

/** Step 1 of the wizard: both choices mark onboarding done and go to /app. */
export function OnboardingActions() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  async function finish(path: "/api/onboarding/complete" | "/api/onboarding/skip") {
    setPending(true);
    try {
      await apiRequest("POST", path);
      router.replace("/app");
      router.refresh();
    } catch (error) {
      toast({ title: "Error", description: errorMessage(error, "Please try again later"), variant: "destructive" });
      setPending(false);
    }
  }
  return (
    <div className="flex gap-2">
      <Button onClick={() => finish("/api/onboarding/complete")} disabled={pending}>
        Get Started
      </Button>
      <Button variant="ghost" onClick={() => finish("/api/onboarding/skip")} disabled={pending}>
        Skip for now
      </Button>
    </div>
  );
}
