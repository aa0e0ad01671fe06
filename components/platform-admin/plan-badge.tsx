import type { Plan } from "@/generated/prisma/enums";
import { Badge } from "@/components/ui/badge";
import { PLANS } from "@/lib/plans/limits";

const VARIANTS: Record<Plan, "default" | "secondary" | "success" | "outline"> = {
  enterprise: "default",
  pro: "success",
  starter: "secondary",
  free: "outline",
};

export function PlanBadge({ plan }: { plan: Plan }) {
  return (
    <Badge variant={VARIANTS[plan] ?? "outline"} data-testid="plan-badge">
      {PLANS[plan]?.name ?? plan}
    </Badge>
  );
}
