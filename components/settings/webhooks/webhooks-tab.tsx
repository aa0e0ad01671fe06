"use client";

import { PlanGatedTab } from "@/components/settings/plan-gated-tab";
import type { Plan } from "@/generated/prisma/enums";
import { PLANS } from "@/lib/plans/limits";
import { EndpointsCard } from "./endpoints-card";

// Webhooks come with the API.
const WEBHOOKS_GATE = {
  has: (plan: Plan) => PLANS[plan].api,
  title: "Webhooks",
  description:
    "Webhooks tell your other tools, such as a CRM, a chat channel or a status page, the moment a ticket is created, changed, answered or rated.",
  feature: "Webhooks are",
  upgradeLabel: "Upgrade to Use Webhooks",
};

/** Settings > Webhooks (admins): the endpoints the organisation's events are posted to. */
export function WebhooksTab() {
  return (
    <PlanGatedTab gate={WEBHOOKS_GATE}>
      <EndpointsCard />
    </PlanGatedTab>
  );
}
