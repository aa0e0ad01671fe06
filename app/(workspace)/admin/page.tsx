import type { Metadata } from "next";
import { AdminDashboard } from "@/components/admin/admin-dashboard";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";
import { requirePageUser } from "@/lib/auth/page-guard";

export const metadata: Metadata = { title: "Admin Dashboard" };

export default async function AdminPage() {
  const user = await requirePageUser("admin.view");
  return (
    <WorkspaceFrame title="Admin Dashboard">
      <AdminDashboard organizationId={user.organizationId} />
    </WorkspaceFrame>
  );
}
