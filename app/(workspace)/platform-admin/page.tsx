import type { Metadata } from "next";
import { WorkspaceFrame } from "@/components/auth/workspace-placeholder";

export const metadata: Metadata = { title: "Platform Administration" };

export default function PlatformAdminPage() {
  return <WorkspaceFrame title="Platform Administration">{null}</WorkspaceFrame>;
}
