"use client";

import type { ReactNode } from "react";
import { usePlanUsage } from "@/components/settings/queries";
import { UpgradeDialog } from "@/components/tickets/upgrade-dialog";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Plan } from "@/generated/prisma/enums";
import { PLANS } from "@/lib/plans/limits";

type Gate = {
  /** Whether a plan has the feature. */
  has: (plan: Plan) => boolean;
  /** The tab's title on the upgrade card. */
  title: string;
  /** What the feature is for, said to someone who does not have it yet. */
  description: string;
  /** The feature as the sentence names it: "Webhooks are", "API access is". */
  feature: string;
  /** The upgrade button's label. */
  upgradeLabel: string;
};

/**
 * A Settings tab of a feature some plans lack: while the plan loads, a line; below the lowest
 * plan that has it, what it is for, that plan, and the upgrade; otherwise the tab itself.
 */
export function PlanGatedTab({ gate, children }: { gate: Gate; children: ReactNode }) {
  const usage = usePlanUsage();
  const plan = usage.data?.plan;
  if (usage.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (usage.isError || !plan)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load your plan
      </p>
    );
  if (!gate.has(plan)) return <UpgradeCard gate={gate} plan={plan} />;
  return children;
}

const TOP_PLAN = (Object.keys(PLANS) as Plan[]).at(-1);

function UpgradeCard({ gate, plan }: { gate: Gate; plan: Plan }) {
  const lowest = (Object.keys(PLANS) as Plan[]).find(gate.has)!;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{gate.title}</CardTitle>
        <CardDescription>{gate.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/50 p-4">
          <p className="text-sm">
            {gate.feature} part of the {PLANS[lowest].name} plan{lowest === TOP_PLAN ? "" : " and above"}. You are on
            the {PLANS[plan].name} plan.
          </p>
          <UpgradeDialog label={gate.upgradeLabel} variant="default" plan={plan} />
        </div>
      </CardContent>
    </Card>
  );
}
