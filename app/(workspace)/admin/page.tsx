import type { Metadata } from "next";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";

export const metadata: Metadata = { title: "Admin Dashboard" };

export default function AdminPage() {
  return <WorkspaceFrame title="Admin Dashboard">{null}</WorkspaceFrame>;
}
