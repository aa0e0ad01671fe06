"use client";

import { MacrosCard } from "@/components/macros/macros-card";
import { TeamTab } from "@/components/settings/team-tab";
import { HashTabs } from "@/components/ui/hash-tabs";
import { OrganizationTab } from "./organization-tab";
import { PlanBillingTab } from "./plan-billing-tab";

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
  return (
    <HashTabs
      className="gap-6"
      tabs={[
        { value: "plan", label: "Plan & Billing", panel: <PlanBillingTab organizationId={organizationId} /> },
        { value: "team", label: "Team", panel: <TeamTab /> },
        {
          value: "organization",
          label: "Organization",
          panel: <OrganizationTab organizationId={organizationId} canManage={canManage} />,
        },
        ...(macros.read ? [{ value: "macros", label: "Macros", panel: <MacrosCard canManage={macros.manage} /> }] : []),
      ]}
    />
  );
}
