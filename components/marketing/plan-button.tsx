"use client";

import { Button } from "@/components/ui/button";

/** Choosing a plan only logs it for now (no checkout yet). */
export function PlanButton({ plan, label, featured }: { plan: string; label: string; featured?: boolean }) {
  return (
    <Button
      className="w-full"
      variant={featured ? "default" : "outline"}
      onClick={() => console.log(`Selected plan: ${plan}`)}
    >
      {label}
    </Button>
  );
}
