import type { Metadata } from "next";
import { OnboardingActions } from "@/components/auth/onboarding-actions";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";
import { PRODUCT_NAME } from "@/lib/product";

export const metadata: Metadata = { title: "Welcome" };

export default function OnboardingPage() {
  return (
    <WorkspaceFrame title={`Welcome to ${PRODUCT_NAME}`}>
      <p className="text-muted-foreground mb-6">Let&apos;s get your help desk set up.</p>
      <OnboardingActions />
    </WorkspaceFrame>
  );
}
