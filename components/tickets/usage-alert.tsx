"use client";

import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { UpgradeDialog } from "./upgrade-dialog";

export type Usage = { plan: string; tickets: { current: number; limit: number; remaining: number; percentUsed: number } };
export const USAGE_KEY = ["/api/usage"];

/** Spec §4: from 80 % a warning, at 100 % the limit is reached and new tickets are refused. */
export function useUsage() {
  const usage = useQuery<Usage>({ queryKey: USAGE_KEY });
  const t = usage.data?.tickets;
  const limited = !!t && t.limit !== -1;
  return { usage: usage.data, atLimit: limited && t.current >= t.limit, nearLimit: limited && t.percentUsed >= 80 && t.current < t.limit };
}

export function UsageAlert() {
  const { usage, atLimit, nearLimit } = useUsage();
  if (!usage || (!atLimit && !nearLimit)) return null;
  const { current, limit } = usage.tickets;
  return (
    <div role="alert" className={atLimit ? "border-destructive bg-destructive/10 flex items-center gap-3 border-b p-3 text-sm" : "border-warning bg-warning/10 flex items-center gap-3 border-b p-3 text-sm"}>
      <TriangleAlert className="size-4 shrink-0" aria-hidden />
      <div className="flex-1">
        <p className="font-medium">{atLimit ? "Ticket Limit Reached" : "Approaching Ticket Limit"}</p>
        <p className="text-muted-foreground">
          {current} of {limit} tickets used on the {usage.plan} plan.{atLimit ? " Upgrade to create more tickets." : ""}
        </p>
      </div>
      <UpgradeDialog variant={atLimit ? "default" : "outline"} />
    </div>
  );
}
