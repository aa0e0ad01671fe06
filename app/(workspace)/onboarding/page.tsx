import type { Metadata } from "next";
import { OnboardingWizard } from "@/components/onboarding/onboarding-wizard";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";
import { requirePageUser } from "@/lib/auth/page-guard";
import { can } from "@/lib/permissions/table";

export const metadata: Metadata = { title: "Welcome" };

export default async function OnboardingPage() {
  // Setting up the help desk is the admins' job; agents and customers go to the tickets.
  const user = await requirePageUser("organization.setup");
  return (
    <WorkspaceFrame title="Set up your help desk">
      <OnboardingWizard canManage={can(user, "organization.setup")} canFinish={can(user, "onboarding.finish")} />
    </WorkspaceFrame>
  );
}
