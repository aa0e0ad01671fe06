import type { Metadata } from "next";
import { WorkspaceFrame } from "@/components/auth/workspace-placeholder";

export const metadata: Metadata = { title: "User Management" };

export default function UsersPage() {
  return <WorkspaceFrame title="User Management">{null}</WorkspaceFrame>;
}
