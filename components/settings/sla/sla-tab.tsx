"use client";

import { usePlanUsage } from "@/components/settings/queries";
import { UpgradeDialog } from "@/components/tickets/upgrade-dialog";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Plan } from "@/generated/prisma/enums";
import { PLANS } from "@/lib/plans/limits";
import { CalendarsCard } from "./calendars-card";
import { PoliciesCard } from "./policies-card";

/** The lowest plan with SLA policies: the one the upgrade prompt names. */
const UNLOCKING_PLAN = (Object.keys(PLANS) as Plan[]).find((plan) => PLANS[plan].slaPolicies > 0)!;

/** Below Pro: what SLA policies are, the plan that brings them, and the upgrade. */
function SlaUpgrade({ plan }: { plan: Plan }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">SLA</CardTitle>
        <CardDescription>
          Business hours, holidays and SLA policies: targets that count only while your team is at work, per priority
          and per kind of ticket. Until then every ticket gets the default targets, around the clock.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/50 p-4">
          <p className="text-sm">
            SLA policies and business hours are part of the {PLANS[UNLOCKING_PLAN].name} plan and above. You are on the{" "}
            {PLANS[plan].name} plan.
          </p>
          <UpgradeDialog label="Upgrade to Use SLA Policies" variant="default" plan={plan} />
        </div>
      </CardContent>
    </Card>
  );
}

/** Settings > SLA (admins): the business-hours calendars and the policies that count in them. */
export function SlaTab() {
  const usage = usePlanUsage();
  const plan = usage.data?.plan;
  if (usage.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (usage.isError || !plan)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load your plan
      </p>
    );
  if (PLANS[plan].slaPolicies === 0) return <SlaUpgrade plan={plan} />;
  return (
    <div className="grid gap-6">
      <CalendarsCard />
      <PoliciesCard />
    </div>
  );
}
