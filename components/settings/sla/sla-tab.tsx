"use client";

import { PlanGatedTab } from "@/components/settings/plan-gated-tab";
import type { Plan } from "@/generated/prisma/enums";
import { PLANS } from "@/lib/plans/limits";
import { CalendarsCard } from "./calendars-card";
import { PoliciesCard } from "./policies-card";

const SLA_GATE = {
  has: (plan: Plan) => PLANS[plan].slaPolicies !== 0,
  title: "SLA",
  description:
    "Business hours, holidays and SLA policies: targets that count only while your team is at work, per priority and per kind of ticket. Until then every ticket gets the default targets, around the clock.",
  feature: "SLA policies and business hours are",
  upgradeLabel: "Upgrade to Use SLA Policies",
};

/** Settings > SLA (admins): the business-hours calendars and the policies that count in them. */
export function SlaTab() {
  return (
    <PlanGatedTab gate={SLA_GATE}>
      <div className="grid gap-6">
        <CalendarsCard />
        <PoliciesCard />
      </div>
    </PlanGatedTab>
  );
}
