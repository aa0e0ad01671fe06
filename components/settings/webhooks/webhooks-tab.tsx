"use client";

import { usePlanUsage } from "@/components/settings/queries";
import { UpgradeDialog } from "@/components/tickets/upgrade-dialog";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Plan } from "@/generated/prisma/enums";
import { PLANS } from "@/lib/plans/limits";
import { EndpointsCard } from "./endpoints-card";

/** The lowest plan with webhooks (they come with the API): the one the upgrade prompt names. */
const UNLOCKING_PLAN = (Object.keys(PLANS) as Plan[]).find((plan) => PLANS[plan].api)!;

/** Below Enterprise: what webhooks are for, the plan that brings them, and the upgrade. */
function WebhooksUpgrade({ plan }: { plan: Plan }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Webhooks</CardTitle>
        <CardDescription>
          Webhooks tell your other tools, such as a CRM, a chat channel or a status page, the moment a ticket is
          created, changed, answered or rated.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/50 p-4">
          <p className="text-sm">
            Webhooks are part of the {PLANS[UNLOCKING_PLAN].name} plan. You are on the {PLANS[plan].name} plan.
          </p>
          <UpgradeDialog label="Upgrade to Use Webhooks" variant="default" plan={plan} />
        </div>
      </CardContent>
    </Card>
  );
}

/** Settings > Webhooks (admins): the endpoints the organisation's events are posted to. */
export function WebhooksTab() {
  const usage = usePlanUsage();
  const plan = usage.data?.plan;
  if (usage.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (usage.isError || !plan)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load your plan
      </p>
    );
  if (!PLANS[plan].api) return <WebhooksUpgrade plan={plan} />;
  return <EndpointsCard />;
}
