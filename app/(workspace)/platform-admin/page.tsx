import type { Metadata } from "next";
import { PlatformAdminClient } from "@/components/platform-admin/platform-admin-client";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";

export const metadata: Metadata = { title: "Platform Administration" };

// The layout has already required a platform admin on the server.
export default function PlatformAdminPage() {
  return (
    <WorkspaceFrame title="Platform Administration">
      <PlatformAdminClient />
    </WorkspaceFrame>
  );
}
