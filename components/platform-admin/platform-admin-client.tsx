"use client";

import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { NotConfigured } from "./not-configured";
import { OrganizationsTab } from "./organizations-tab";
import { OverviewTab } from "./overview-tab";
import { SystemHealthTab } from "./system-health-tab";

/** Spec §2 platform administration tabs. */
export function PlatformAdminClient() {
  return (
    <Tabs defaultValue="overview" className="gap-6">
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
