import type { Metadata } from "next";
import { UserManagement } from "@/components/users/user-management";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";

export const metadata: Metadata = { title: "User Management" };

export default function UsersPage() {
  return (
    <WorkspaceFrame title="User Management">
      <UserManagement />
    </WorkspaceFrame>
  );
}
