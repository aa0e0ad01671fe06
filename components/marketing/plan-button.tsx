"use client";

import { buttonVariants } from "@/components/ui/button-variants";

/**
 * Choosing a plan only logs it for now (no checkout yet). A plain button with the Button's
 * classes: the component would bring its class-merging code to the pricing page.
 */
export function PlanButton({ plan, label, featured }: { plan: string; label: string; featured?: boolean }) {
  return (
    <button
      type="button"
      data-slot="button"
      className={buttonVariants({ variant: featured ? "default" : "outline", className: "w-full" })}
      onClick={() => console.log(`Selected plan: ${plan}`)}
    >
      {label}
    </button>
  );
}
