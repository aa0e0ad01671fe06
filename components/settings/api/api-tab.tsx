"use client";

import { PlanGatedTab } from "@/components/settings/plan-gated-tab";
import type { Plan } from "@/generated/prisma/enums";
import { PLANS } from "@/lib/plans/limits";
import { TokensCard } from "./tokens-card";

const API_GATE = {
  has: (plan: Plan) => PLANS[plan].api,
  title: "API",
  description:
    "API tokens let your own scripts and other tools, such as a CRM or a status page, read and change your tickets.",
  feature: "API access is",
  upgradeLabel: "Upgrade to Use the API",
};

/** Settings > API (admins): the organisation's API tokens. */
export function ApiTab() {
  return (
    <PlanGatedTab gate={API_GATE}>
      <TokensCard />
    </PlanGatedTab>
  );
}
