"use client";

import { MacrosCard } from "@/components/macros/macros-card";
import { TeamTab } from "@/components/settings/team-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { OrganizationTab } from "./organization-tab";
import { PlanBillingTab } from "./plan-billing-tab";
import { useHashTab } from "./use-hash-tab";

const TABS = ["plan", "team", "organization", "macros"] as const;

/** Settings: the tab comes from the URL hash (#plan by default) and updates it. */
export function SettingsClient({
  organizationId,
  canManage,
  macros,
}: {
  organizationId: string;
  canManage: boolean;
  /** Macros: staff see them, admins manage them; customers get no tab. */
  macros: { read: boolean; manage: boolean };
}) {
  const [tab, setTab] = useHashTab(macros.read ? TABS : TABS.filter((t) => t !== "macros"));
  return (
    <Tabs value={tab} onValueChange={setTab} className="gap-6">
      <TabsList>
        <TabsTrigger value="plan">Plan &amp; Billing</TabsTrigger>
        <TabsTrigger value="team">Team</TabsTrigger>
        <TabsTrigger value="organization">Organization</TabsTrigger>
        {macros.read && <TabsTrigger value="macros">Macros</TabsTrigger>}
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
      {macros.read && (
        <TabsContent value="macros">
          <MacrosCard canManage={macros.manage} />
        </TabsContent>
      )}
    </Tabs>
  );
}
