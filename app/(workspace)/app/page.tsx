import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { WorkspaceFrame } from "@/components/auth/workspace-placeholder";
import { requirePageUser } from "@/lib/auth/page-guard";
import { roleLabel } from "@/lib/roles";
import { isOnboardingCompleted } from "@/lib/services/onboarding";

export const metadata: Metadata = { title: "Workspace" };

export default async function AppPage() {
  const user = await requirePageUser();
  // Spec §2: until the organisation has finished onboarding, /app sends it to the wizard.
  if (!(await isOnboardingCompleted(user.organizationId))) redirect("/onboarding");
  return (
    <WorkspaceFrame title={`Welcome, ${user.fullName}`}>
      <p className="text-muted-foreground">Signed in as {roleLabel(user.role)}.</p>
    </WorkspaceFrame>
  );
}
