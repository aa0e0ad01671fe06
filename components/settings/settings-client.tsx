"use client";

import { MacrosCard } from "@/components/macros/macros-card";
import { CompaniesCard } from "@/components/companies/companies-card";
import { TeamTab } from "@/components/settings/team-tab";
import { AutomationsCard } from "./automations/automations-card";
import { GroupsCard } from "./groups-card";
import { HashTabs } from "@/components/ui/hash-tabs";
import { OrganizationTab } from "./organization-tab";
import { PlanBillingTab } from "./plan-billing-tab";
import { SlaTab } from "./sla/sla-tab";
import { WebhooksTab } from "./webhooks/webhooks-tab";
import { ApiTab } from "./api/api-tab";
import { FieldsTab } from "./fields/fields-tab";
import { useMediaQuery } from "@/components/ui/use-mobile";

/** From this width the tabs stand in a column beside the open one (Tailwind's `lg`, as the classes below). */
const SIDE_BY_SIDE = "(min-width: 64rem)";

/**
 * Settings: the tab comes from the URL hash (#plan by default) and updates it. On a wide screen the
 * tabs are a column of their own beside the open tab, so a growing list of them never wraps; on a
 * narrow one they wrap above it.
 */
export function SettingsClient({
  organizationId,
  canManage,
  macros,
  manageGroups,
  companies,
  manageAutomations,
  manageSla,
  manageWebhooks,
  manageApiTokens,
  manageFields = false,
}: {
  organizationId: string;
  canManage: boolean;
  /** Macros: staff see them, admins manage them; customers get no tab. */
  macros: { read: boolean; manage: boolean };
  /** Groups: admins set them up here (agents use them from the workspace). */
  manageGroups: boolean;
  /** Companies: staff see them, admins manage them. */
  companies: { read: boolean; manage: boolean };
  /** Automations: admins write the rules that route tickets. */
  manageAutomations: boolean;
  /** SLA: admins set the business hours and the policies that count in them. */
  manageSla: boolean;
  /** Webhooks: admins choose the URLs the organisation's events are posted to. */
  manageWebhooks: boolean;
  /** API: admins create and revoke the tokens programs call the API with. */
  manageApiTokens: boolean;
  /** Fields: admins define the custom fields tickets carry. */
  manageFields?: boolean;
}) {
  const sideBySide = useMediaQuery(SIDE_BY_SIDE);
  return (
    <HashTabs
      orientation={sideBySide ? "vertical" : "horizontal"}
      // Laid out by the classes (no shift once the page is live); the orientation only tells the arrow keys.
      className="gap-6 lg:flex-row lg:items-start"
      listClassName="h-auto flex-wrap lg:sticky lg:top-4 lg:w-44 lg:shrink-0 lg:flex-col lg:flex-nowrap lg:items-stretch"
      triggerClassName="lg:flex-none lg:justify-start lg:py-1.5"
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
        ...(companies.read
          ? [{ value: "companies", label: "Companies", panel: <CompaniesCard canManage={companies.manage} /> }]
          : []),
        ...(manageFields ? [{ value: "fields", label: "Fields", panel: <FieldsTab /> }] : []),
        ...(manageAutomations ? [{ value: "automations", label: "Automations", panel: <AutomationsCard /> }] : []),
        ...(manageSla ? [{ value: "sla", label: "SLA", panel: <SlaTab /> }] : []),
        ...(manageApiTokens ? [{ value: "api", label: "API", panel: <ApiTab /> }] : []),
        ...(manageWebhooks ? [{ value: "webhooks", label: "Webhooks", panel: <WebhooksTab /> }] : []),
      ]}
    />
  );
}
