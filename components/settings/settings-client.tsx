"use client";

import { TeamTab } from "@/components/settings/team-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { OrganizationTab } from "./organization-tab";
import { PlanBillingTab } from "./plan-billing-tab";
import { useHashTab } from "./use-hash-tab";

const TABS = ["plan", "team", "organization"] as const;

/** Settings: the tab comes from the URL hash (#plan by default) and updates it. */
export function SettingsClient({ organizationId, canManage }: { organizationId: string; canManage: boolean }) {
  const [tab, setTab] = useHashTab(TABS);
  return (
    <Tabs value={tab} onValueChange={setTab} className="gap-6">
      <TabsList>
        <TabsTrigger value="plan">Plan &amp; Billing</TabsTrigger>
        <TabsTrigger value="team">Team</TabsTrigger>
        <TabsTrigger value="organization">Organization</TabsTrigger>
      </TabsList>
      <TabsContent value="plan">
        <PlanBillingTab organizationId={organizationId} />
      </TabsContent>
      <TabsContent value="team">
        <TeamTab />
      </TabsContent>
      <TabsContent value="organization">
        <OrganizationTab organizationId={organizationId} canManage={canManage} />
      </TabsContent>
    </Tabs>
  );
}
