import type { Plan } from "@/generated/prisma/enums";
import { PLANS, UNLIMITED } from "@/lib/plans/limits";

/** Saved replies (macros): a number on the smaller plans, unlimited on the larger ones. */
const macroFeature = (limit: number) => (limit === UNLIMITED ? "Unlimited macros" : `${limit} macros`);

/** What each plan card lists; the numbers come from the limits the server enforces. */
export function planFeatures(plan: Plan): string[] {
  const p = PLANS[plan];
  switch (plan) {
    case "free":
      return [
        `${p.tickets} tickets total`,
        `${p.seats} agent seat`,
        `${p.supportEmails} support email`,
        macroFeature(p.macros),
        "Email support",
      ];
    case "starter":
      return [
        `${p.tickets} tickets per month`,
        `${p.seats} agent seats`,
        `${p.storageMb.toLocaleString("en-US")} MB storage`,
        macroFeature(p.macros),
        "Basic SLA tracking",
      ];
    case "pro":
      return [
        `${p.tickets.toLocaleString("en-US")} tickets per month`,
        `${p.seats} agent seats`,
        `${p.storageMb.toLocaleString("en-US")} MB storage`,
        macroFeature(p.macros),
        "Advanced SLA",
        "Automation rules",
        "File attachments up to 50 MB",
        "Priority support",
      ];
    case "enterprise":
      return [
        "Unlimited tickets and agents",
        macroFeature(p.macros),
        "Custom SLA",
        "Advanced automation",
        "API access and webhooks",
        "24/7 support",
      ];
  }
}

export function formatPrice(plan: Plan): string {
  const price = PLANS[plan].priceMonthly;
  return price === null ? "Custom" : `$${price}`;
}
