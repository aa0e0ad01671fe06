"use client";

import { CreditCard } from "lucide-react";
import { UpgradeDialog } from "@/components/tickets/upgrade-dialog";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Plan } from "@/generated/prisma/enums";
import { PLANS } from "@/lib/plans/limits";
import { UsageLimits } from "./usage-limits";
import { useOrganization } from "./queries";

/** Prices: $29 starter, $99 pro, otherwise Custom. */
export function monthlyPrice(plan: Plan): string {
  return plan === "starter" || plan === "pro" ? `$${PLANS[plan].priceMonthly}` : "Custom";
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <span className="flex items-center gap-2 font-medium">{children}</span>
    </div>
  );
}

export function PlanBillingTab({ organizationId }: { organizationId: string }) {
  const org = useOrganization(organizationId);
  const plan = org.data?.plan;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle as="h2">Current Plan</CardTitle>
            <CardDescription>Your subscription and billing details.</CardDescription>
          </div>
          {plan && (
            <Badge data-testid="current-plan" className="capitalize">
              {PLANS[plan].name}
            </Badge>
          )}
        </CardHeader>
        <CardContent className="grid gap-3">
          <Row label="Monthly price">{plan ? monthlyPrice(plan) : "-"}</Row>
          <Row label="Billing cycle">Monthly</Row>
          {/* Plain words instead of a "Coming soon" badge; the Payment Method card says billing is coming. */}
          <Row label="Next billing date">
            <span className="font-normal text-muted-foreground">None yet</span>
          </Row>
          <div className="pt-2">
            <UpgradeDialog label="Upgrade Plan" variant="default" size="default" />
          </div>
        </CardContent>
      </Card>
      <UsageLimits organizationId={organizationId} />
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle as="h2">Payment Method</CardTitle>
        </CardHeader>
        <CardContent className="flex items-center gap-3 text-sm">
          <CreditCard className="size-5 text-muted-foreground" aria-hidden />
          <p>
            No payment method is configured.{" "}
            <span className="text-muted-foreground">Online billing is coming soon.</span>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
