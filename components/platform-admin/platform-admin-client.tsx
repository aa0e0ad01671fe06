"use client";

import { useHashTab } from "@/components/settings/use-hash-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { NotConfigured } from "./not-configured";
import { OrganizationsTab } from "./organizations-tab";
import { OverviewTab } from "./overview-tab";
import { SystemHealthTab } from "./system-health-tab";

const TABS = ["overview", "organizations", "billing", "feature-flags", "system-health", "support-tools"] as const;

/** Platform administration tabs; the URL hash names the open one (/platform-admin#organizations). */
export function PlatformAdminClient() {
  const [tab, setTab] = useHashTab(TABS);
  return (
    <Tabs value={tab} onValueChange={setTab} className="gap-6">
      <TabsList className="h-auto flex-wrap">
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="organizations">Organizations</TabsTrigger>
        <TabsTrigger value="billing">Billing</TabsTrigger>
        <TabsTrigger value="feature-flags">Feature Flags</TabsTrigger>
        <TabsTrigger value="system-health">System Health</TabsTrigger>
        <TabsTrigger value="support-tools">Support Tools</TabsTrigger>
      </TabsList>
      <TabsContent value="overview">
        <OverviewTab />
      </TabsContent>
      <TabsContent value="organizations">
        <OrganizationsTab />
      </TabsContent>
      <TabsContent value="billing">
        <NotConfigured title="Billing" />
      </TabsContent>
      <TabsContent value="feature-flags">
        <NotConfigured title="Feature Flags" />
      </TabsContent>
      <TabsContent value="system-health">
        <SystemHealthTab />
      </TabsContent>
      <TabsContent value="support-tools">
        <NotConfigured title="Support Tools" />
      </TabsContent>
    </Tabs>
  );
}
