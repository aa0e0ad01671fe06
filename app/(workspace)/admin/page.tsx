import type { Metadata } from "next";
import { AdminDashboard } from "@/components/admin/admin-dashboard";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";
import { requirePageUser } from "@/lib/auth/page-guard";
import { ADMIN_ROLES } from "@/lib/roles";

export const metadata: Metadata = { title: "Admin Dashboard" };

export default async function AdminPage() {
  const user = await requirePageUser(ADMIN_ROLES);
  return (
    <WorkspaceFrame title="Admin Dashboard">
      <AdminDashboard organizationId={user.organizationId} />
    </WorkspaceFrame>
  );
}
