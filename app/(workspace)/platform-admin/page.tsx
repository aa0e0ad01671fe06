import type { Metadata } from "next";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";

export const metadata: Metadata = { title: "Platform Administration" };

export default function PlatformAdminPage() {
  return <WorkspaceFrame title="Platform Administration">{null}</WorkspaceFrame>;
}
