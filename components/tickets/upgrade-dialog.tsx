"use client";

import { Check } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { DialogShell } from "@/components/ui/dialog-shell";
import { formatPrice, planFeatures } from "@/lib/plans/features";
import { PLANS } from "@/lib/plans/limits";
import { usePlanUsage } from "@/components/settings/queries";
import { useCurrentUser } from "@/components/users/use-current-user";
import { can } from "@/lib/permissions/table";

const PLAN_ORDER = ["free", "starter", "pro", "enterprise"] as const;
/** The plans an upgrade offers. */
const OFFERED = ["pro", "enterprise"] as const;

/** Whether the organisation's plan is below Pro, the plan "Upgrade to Pro" sells. */
export const belowPro = (plan: string | undefined) => plan === "free" || plan === "starter";

/** Whether this person is offered an upgrade: admins decide the plan, agents and customers cannot. */
export function useMayUpgrade(): boolean {
  return can(useCurrentUser(), "organization.upgrade");
}

/**
 * The upgrade prompt offers the plans above the organisation's own (Pro and Enterprise from
 * Free, Enterprise from Pro); it is not shown to people who cannot change the plan, nor once
 * there is nothing to upgrade to.
 */
export function UpgradeDialog({
  label = "Upgrade",
  size = "sm",
  variant = "outline",
  plan: knownPlan,
}: {
  label?: string;
  size?: "sm" | "default";
  variant?: "outline" | "default";
  /** The organisation's plan, when the caller already has it (else it is read from the usage). */
  plan?: string;
}) {
  const mayUpgrade = useMayUpgrade();
  const usagePlan = usePlanUsage().data?.plan;
  const plan = (knownPlan ?? usagePlan) as (typeof PLAN_ORDER)[number] | undefined;
  const above = plan ? OFFERED.filter((p) => PLAN_ORDER.indexOf(p) > PLAN_ORDER.indexOf(plan)) : [];
  if (!mayUpgrade || above.length === 0) return null;
  return (
    <DialogShell
      trigger={
        <Button size={size} variant={variant}>
          {label}
        </Button>
      }
      title="Upgrade your plan"
      description="More tickets, more seats, advanced SLA and automation."
      className="sm:max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {above.map((plan) => (
          <div key={plan} className="grid gap-3 rounded-lg border p-4">
            <div>
              <h3 className="font-semibold">{PLANS[plan].name}</h3>
              <p className="text-2xl font-bold">
                {formatPrice(plan)}
                {plan === "pro" && <span className="text-sm font-normal text-muted-foreground"> per month</span>}
              </p>
            </div>
            <ul className="grid gap-1 text-sm">
              {planFeatures(plan).map((f) => (
                <li key={f} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                  {f}
                </li>
              ))}
            </ul>
            <Button asChild variant={plan === "pro" ? "default" : "outline"}>
              <Link href="/pricing">{plan === "pro" ? "Upgrade to Pro" : "Contact Sales"}</Link>
            </Button>
          </div>
        ))}
      </div>
    </DialogShell>
  );
}
