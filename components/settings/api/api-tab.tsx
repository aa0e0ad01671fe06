"use client";

import { usePlanUsage } from "@/components/settings/queries";
import { UpgradeDialog } from "@/components/tickets/upgrade-dialog";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Plan } from "@/generated/prisma/enums";
import { PLANS } from "@/lib/plans/limits";
import { TokensCard } from "./tokens-card";

/** The lowest plan with the API: the one the upgrade prompt names. */
const UNLOCKING_PLAN = (Object.keys(PLANS) as Plan[]).find((plan) => PLANS[plan].api)!;

/** Below Enterprise: what the API is for, the plan that brings it, and the upgrade. */
function ApiUpgrade({ plan }: { plan: Plan }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">API</CardTitle>
        <CardDescription>
          API tokens let your own scripts and other tools, such as a CRM or a status page, read and change your tickets.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/50 p-4">
          <p className="text-sm">
            API access is part of the {PLANS[UNLOCKING_PLAN].name} plan. You are on the {PLANS[plan].name} plan.
          </p>
          <UpgradeDialog label="Upgrade to Use the API" variant="default" plan={plan} />
        </div>
      </CardContent>
    </Card>
  );
}

/** Settings > API (admins): the organisation's API tokens. */
export function ApiTab() {
  const usage = usePlanUsage();
  const plan = usage.data?.plan;
  if (usage.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (usage.isError || !plan)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load your plan
      </p>
    );
  if (!PLANS[plan].api) return <ApiUpgrade plan={plan} />;
  return <TokensCard />;
}
