import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { TicketWorkspace } from "@/components/tickets/ticket-workspace";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";
import { requirePageUser } from "@/lib/auth/page-guard";
import { can } from "@/lib/permissions/table";
import { isOnboardingCompleted } from "@/lib/services/organizations/onboarding";

export const metadata: Metadata = { title: "Tickets" };

export default async function AppPage() {
  const user = await requirePageUser();
  // Until the organisation has finished onboarding, /app sends its admins to the wizard; agents
  // and customers have nothing to set up there (they work the tickets meanwhile).
  if (can(user, "organization.setup") && !(await isOnboardingCompleted(user.organizationId))) redirect("/onboarding");
  return (
    <WorkspaceFrame title="Tickets" wide>
      <TicketWorkspace staff={can(user, "tickets.update")} />
    </WorkspaceFrame>
  );
}
