"use client";

import { HashTabs } from "@/components/ui/hash-tabs";
import { OrganizationsTab } from "./organizations-tab";
import { OverviewTab } from "./overview-tab";
import { SystemHealthTab } from "./system-health-tab";

/**
 * Platform administration tabs; the URL hash names the open one (/platform-admin#organizations).
 * Billing, feature flags and support tools get a tab once there is something to do in them: a
 * tab that only says "not configured" is a dead end.
 */
export function PlatformAdminClient() {
  return (
    <HashTabs
      className="gap-6"
      listClassName="h-auto flex-wrap"
      tabs={[
        { value: "overview", label: "Overview", panel: <OverviewTab /> },
        { value: "organizations", label: "Organizations", panel: <OrganizationsTab /> },
        { value: "system-health", label: "System Health", panel: <SystemHealthTab /> },
      ]}
    />
  );
}
