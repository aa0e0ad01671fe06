"use client";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { PLANS } from "@/lib/plans/limits";
import { PLAN_IDS } from "@/lib/schemas/organizations";
import { usePlatformMetrics } from "./queries";

const number = (n: number) => n.toLocaleString("en-US");

function StatCard({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardDescription>{label}</CardDescription>
        <CardTitle as="p" className="text-3xl tabular-nums" data-testid={`${testId}-value`}>
          {value}
        </CardTitle>
      </CardHeader>
      {detail && (
        <CardContent>
          <p className="text-xs text-muted-foreground" data-testid={`${testId}-detail`}>
            {detail}
          </p>
        </CardContent>
      )}
    </Card>
  );
}

/** Overview: totals across every organisation and organisations per plan. */
export function OverviewTab() {
  const metrics = usePlatformMetrics();
  if (metrics.isPending) return <p className="text-sm text-muted-foreground">Loading metrics...</p>;
  if (metrics.isError) return <p className="text-sm text-destructive">Failed to load platform metrics</p>;
  const m = metrics.data;
  const paid = m.planDistribution.starter + m.planDistribution.pro + m.planDistribution.enterprise;
  const share = (n: number) => (m.totalOrganizations ? (n / m.totalOrganizations) * 100 : 0);

  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          testId="metric-organizations"
          label="Total Organizations"
          value={number(m.totalOrganizations)}
          detail="Across all plans"
        />
        <StatCard
          testId="metric-users"
          label="Total Users"
          value={number(m.totalUsers)}
          detail={`${number(m.activeUsers)} active`}
        />
        <StatCard
          testId="metric-tickets"
          label="Total Tickets"
          value={number(m.totalTickets)}
          detail={`${number(m.openTickets)} open, ${number(m.resolvedTickets)} resolved`}
        />
        <StatCard
          testId="metric-plans"
          label="Plan Distribution"
          value={`${number(paid)} paid`}
          detail={[...PLAN_IDS]
            .reverse()
            .map((p) => `${number(m.planDistribution[p])} ${PLANS[p].name}`)
            .join(", ")}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Organizations by Plan</CardTitle>
          <CardDescription>How many organisations are on each plan</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {[...PLAN_IDS].reverse().map((plan) => (
            <div key={plan} className="grid gap-1" data-testid={`plan-row-${plan}`}>
              <div className="flex justify-between text-sm">
                <span>{PLANS[plan].name}</span>
                <span className="font-medium tabular-nums">{number(m.planDistribution[plan])}</span>
              </div>
              <Progress
                value={share(m.planDistribution[plan])}
                aria-label={`${PLANS[plan].name}: ${m.planDistribution[plan]}`}
              />
            </div>
          ))}
          <div className="flex justify-between border-t pt-3 text-sm font-medium" data-testid="plan-total">
            <span>Total</span>
            <span className="tabular-nums">{number(m.totalOrganizations)}</span>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
