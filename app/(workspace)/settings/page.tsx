import type { Metadata } from "next";
import { WorkspaceFrame } from "@/components/auth/workspace-placeholder";

export const metadata: Metadata = { title: "Settings" };

export default function SettingsPage() {
  return <WorkspaceFrame title="Settings">{null}</WorkspaceFrame>;
}
