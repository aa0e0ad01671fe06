"use client";

import { TriangleAlert } from "lucide-react";
import { usePlanUsage } from "@/components/settings/queries";
import { UNLIMITED } from "@/lib/plans/limits";
import { UpgradeDialog, useMayUpgrade } from "./upgrade-dialog";

/** From 80 % a warning, at 100 % the limit is reached and new tickets are refused. */
export function useUsage() {
  const usage = usePlanUsage();
  const t = usage.data?.tickets;
  const limited = !!t && t.limit !== UNLIMITED;
  return {
    usage: usage.data,
    atLimit: limited && t.current >= t.limit,
    nearLimit: limited && t.percentUsed >= 80 && t.current < t.limit,
  };
}

export function UsageAlert() {
  const { usage, atLimit, nearLimit } = useUsage();
  const mayUpgrade = useMayUpgrade();
  if (!usage || (!atLimit && !nearLimit)) return null;
  const { current, limit } = usage.tickets;
  return (
    <div
      role="alert"
      className={
        atLimit
          ? "flex items-center gap-3 border-b border-destructive bg-destructive/10 p-3 text-sm"
          : "flex items-center gap-3 border-b border-warning bg-warning/10 p-3 text-sm"
      }
    >
      <TriangleAlert className="size-4 shrink-0" aria-hidden />
      <div className="flex-1">
        <p className="font-medium">{atLimit ? "Ticket Limit Reached" : "Approaching Ticket Limit"}</p>
        <p className="text-muted-foreground">
          {current} of {limit} tickets used on the {usage.plan} plan.
          {atLimit
            ? mayUpgrade
              ? " Upgrade to create more tickets."
              : " Ask an administrator to upgrade the plan."
            : ""}
        </p>
      </div>
      <UpgradeDialog variant={atLimit ? "default" : "outline"} />
    </div>
  );
}
