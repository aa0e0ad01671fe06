"use client";

import { HashTabs } from "@/components/ui/hash-tabs";
import { NotConfigured } from "./not-configured";
import { OrganizationsTab } from "./organizations-tab";
import { OverviewTab } from "./overview-tab";
import { SystemHealthTab } from "./system-health-tab";

/** Platform administration tabs; the URL hash names the open one (/platform-admin#organizations). */
export function PlatformAdminClient() {
  return (
    <HashTabs
      className="gap-6"
      listClassName="h-auto flex-wrap"
      tabs={[
        { value: "overview", label: "Overview", panel: <OverviewTab /> },
        { value: "organizations", label: "Organizations", panel: <OrganizationsTab /> },
        { value: "billing", label: "Billing", panel: <NotConfigured title="Billing" /> },
        { value: "feature-flags", label: "Feature Flags", panel: <NotConfigured title="Feature Flags" /> },
        { value: "system-health", label: "System Health", panel: <SystemHealthTab /> },
        { value: "support-tools", label: "Support Tools", panel: <NotConfigured title="Support Tools" /> },
      ]}
    />
  );
}
