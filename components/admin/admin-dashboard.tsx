"use client";

import { Settings } from "lucide-react";
import Link from "next/link";
import { useOrganization } from "@/components/settings/queries";
import { belowPro, UpgradeDialog } from "@/components/tickets/upgrade-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { HashTabs } from "@/components/ui/hash-tabs";
import { PLANS } from "@/lib/plans/limits";
import { ActivityTab } from "./activity-tab";
import { AgentsTab } from "./agents-tab";
import { OverviewTab } from "./overview-tab";

/** The Admin Dashboard: overview, agents and the activity trail. */
export function AdminDashboard({ organizationId }: { organizationId: string }) {
  const org = useOrganization(organizationId);
  const plan = org.data?.plan;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        {plan && <Badge data-testid="admin-plan">{PLANS[plan].name} plan</Badge>}
        {org.data && <span className="text-sm text-muted-foreground">{org.data.name}</span>}
        <div className="ml-auto flex gap-2">
          <UpgradeDialog label={belowPro(plan) ? "Upgrade to Pro" : "Upgrade"} />
          <Button asChild variant="outline" size="sm">
            <Link href="/settings">
              <Settings className="size-4" aria-hidden />
              Settings
            </Link>
          </Button>
        </div>
      </div>
      {/* min-w-0: a wide table scrolls inside its card instead of widening the whole page. */}
      <HashTabs
        className="min-w-0 gap-6"
        tabs={[
          { value: "overview", label: "Overview", panel: <OverviewTab organizationId={organizationId} /> },
          { value: "agents", label: "Agents", panel: <AgentsTab /> },
          { value: "activity", label: "Activity", panel: <ActivityTab /> },
        ]}
      />
    </div>
  );
}
