import type { Metadata } from "next";
import { OnboardingWizard } from "@/components/onboarding/onboarding-wizard";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";
import { requirePageUser } from "@/lib/auth/page-guard";
import { isAdmin } from "@/lib/roles";

export const metadata: Metadata = { title: "Welcome" };

export default async function OnboardingPage() {
  const user = await requirePageUser();
  return (
    <WorkspaceFrame title="Set up your help desk">
      <OnboardingWizard canManage={isAdmin(user.role)} />
    </WorkspaceFrame>
  );
}
