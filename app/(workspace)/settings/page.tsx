import type { Metadata } from "next";
import { SettingsClient } from "@/components/settings/settings-client";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";
import { requirePageUser } from "@/lib/auth/page-guard";
import { can } from "@/lib/permissions/table";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await requirePageUser();
  return (
    <WorkspaceFrame title="Settings">
      <SettingsClient
        organizationId={user.organizationId}
        canManage={can(user, "support_emails.manage")}
        macros={{ read: can(user, "macros.read"), manage: can(user, "macros.manage") }}
        manageGroups={can(user, "groups.manage")}
        companies={{ read: can(user, "companies.read"), manage: can(user, "companies.manage") }}
        manageAutomations={can(user, "automations.manage")}
        manageSla={can(user, "sla.manage")}
        manageWebhooks={can(user, "webhooks.manage")}
        manageApiTokens={can(user, "api_tokens.manage")}
        manageFields={can(user, "fields.manage")}
      />
    </WorkspaceFrame>
  );
}
