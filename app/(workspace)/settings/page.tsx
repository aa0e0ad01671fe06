import type { Metadata } from "next";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";

export const metadata: Metadata = { title: "Settings" };

export default function SettingsPage() {
  return <WorkspaceFrame title="Settings">{null}</WorkspaceFrame>;
}
