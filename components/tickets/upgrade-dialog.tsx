"use client";

import { Check } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { formatPrice, planFeatures } from "@/lib/plans/features";
import { PLANS } from "@/lib/plans/limits";

/** The upgrade prompt offers pro or enterprise. */
export function UpgradeDialog({
  label = "Upgrade",
  size = "sm",
  variant = "outline",
}: {
  label?: string;
  size?: "sm" | "default";
  variant?: "outline" | "default";
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size={size} variant={variant}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Upgrade your plan</DialogTitle>
          <DialogDescription>More tickets, more seats, advanced SLA and automation.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          {(["pro", "enterprise"] as const).map((plan) => (
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
      </DialogContent>
    </Dialog>
  );
}
