"use client";

import { MacrosCard } from "@/components/macros/macros-card";
import { TeamTab } from "@/components/settings/team-tab";
import { AutomationsCard } from "./automations/automations-card";
import { GroupsCard } from "./groups-card";
import { HashTabs } from "@/components/ui/hash-tabs";
import { OrganizationTab } from "./organization-tab";
import { PlanBillingTab } from "./plan-billing-tab";
import { SlaTab } from "./sla/sla-tab";
import { WebhooksTab } from "./webhooks/webhooks-tab";
import { ApiTab } from "./api/api-tab";

/** Settings: the tab comes from the URL hash (#plan by default) and updates it. */
export function SettingsClient({
  organizationId,
  canManage,
  macros,
  manageGroups,
  manageAutomations,
  manageSla,
  manageWebhooks,
  manageApiTokens,
}: {
  organizationId: string;
  canManage: boolean;
  /** Macros: staff see them, admins manage them; customers get no tab. */
  macros: { read: boolean; manage: boolean };
  /** Groups: admins set them up here (agents use them from the workspace). */
  manageGroups: boolean;
  /** Automations: admins write the rules that route tickets. */
  manageAutomations: boolean;
  /** SLA: admins set the business hours and the policies that count in them. */
  manageSla: boolean;
  /** Webhooks: admins choose the URLs the organisation's events are posted to. */
  manageWebhooks: boolean;
  /** API: admins create and revoke the tokens programs call the API with. */
  manageApiTokens: boolean;
}) {
  return (
    <HashTabs
      className="gap-6"
      // Wraps onto a second row on a phone rather than pushing the page sideways.
      listClassName="h-auto flex-wrap"
      tabs={[
        { value: "plan", label: "Plan & Billing", panel: <PlanBillingTab organizationId={organizationId} /> },
        { value: "team", label: "Team", panel: <TeamTab /> },
        {
          value: "organization",
          label: "Organization",
          panel: <OrganizationTab organizationId={organizationId} canManage={canManage} />,
        },
        ...(macros.read ? [{ value: "macros", label: "Macros", panel: <MacrosCard canManage={macros.manage} /> }] : []),
        ...(manageGroups ? [{ value: "groups", label: "Groups", panel: <GroupsCard /> }] : []),
        ...(manageAutomations ? [{ value: "automations", label: "Automations", panel: <AutomationsCard /> }] : []),
        ...(manageSla ? [{ value: "sla", label: "SLA", panel: <SlaTab /> }] : []),
        ...(manageApiTokens ? [{ value: "api", label: "API", panel: <ApiTab /> }] : []),
        ...(manageWebhooks ? [{ value: "webhooks", label: "Webhooks", panel: <WebhooksTab /> }] : []),
      ]}
    />
  );
}
