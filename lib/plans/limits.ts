import type { Plan } from "@/generated/prisma/enums";
import { AppError } from "@/lib/errors";

export const UNLIMITED = -1;

/** Plan constants: the pricing page and the server's limits both read these. */
export const PLANS: Record<
  Plan,
  {
    name: string;
    priceMonthly: number | null;
    tickets: number;
    ticketPeriod: "total" | "month";
    seats: number;
    supportEmails: number;
    storageMb: number;
    /** Saved replies (macros) the organisation may keep. */
    macros: number;
    /** Active automation rules the organisation may keep (0: the plan has none). */
    automations: number;
    /** Rules run by time ("advanced automation"), not only by a ticket's events. */
    timeRules: boolean;
    /**
     * SLA policies the organisation may keep, with business-hours calendars ("Advanced SLA"; 0:
     * the plan keeps the fixed targets around the clock, "Basic SLA tracking").
     */
    slaPolicies: number;
    /** API tokens and webhooks ("API access and webhooks"): other systems read and change tickets, and hear of changes. */
    api: boolean;
  }
> = {
  free: {
    name: "Free",
    priceMonthly: 0,
    tickets: 150,
    ticketPeriod: "total",
    seats: 1,
    supportEmails: 1,
    storageMb: 0,
    macros: 3,
    automations: 0,
    timeRules: false,
    slaPolicies: 0,
    api: false,
  },
  starter: {
    name: "Starter",
    priceMonthly: 29,
    tickets: 500,
    ticketPeriod: "month",
    seats: 2,
    supportEmails: 1,
    storageMb: 1000,
    macros: 20,
    automations: 0,
    timeRules: false,
    slaPolicies: 0,
    api: false,
  },
  pro: {
    name: "Pro",
    priceMonthly: 99,
    tickets: 1000,
    ticketPeriod: "month",
    seats: 10,
    supportEmails: 5,
    storageMb: 5000,
    macros: UNLIMITED,
    automations: 25,
    timeRules: false,
    slaPolicies: 5,
    api: false,
  },
  enterprise: {
    name: "Enterprise",
    priceMonthly: null,
    tickets: UNLIMITED,
    ticketPeriod: "month",
    seats: UNLIMITED,
    supportEmails: UNLIMITED,
    storageMb: UNLIMITED,
    macros: UNLIMITED,
    automations: UNLIMITED,
    timeRules: true,
    slaPolicies: UNLIMITED,
    api: true,
  },
};

const MB = 1024 * 1024;

/** Attachment bytes an organisation may keep on its plan (UNLIMITED for none). */
export function storageLimitBytes(plan: Plan): number {
  const { storageMb } = PLANS[plan];
  return storageMb === UNLIMITED ? UNLIMITED : storageMb * MB;
}

export function withinLimit(limit: number, used: number): boolean {
  return limit === UNLIMITED || used < limit;
}

export type LimitedResource = "tickets" | "seats" | "support_emails" | "macros" | "automations" | "sla_policies";

const LIMIT_CODES = {
  tickets: "ticket_limit_reached",
  seats: "seat_limit_reached",
  support_emails: "support_email_limit_reached",
  macros: "macro_limit_reached",
  automations: "automation_limit_reached",
  sla_policies: "sla_policy_limit_reached",
} as const;

/**
 * The refusal when a plan's limit is reached, worded for the resource. `left` is for a batch
 * of invitations that would overshoot while some seats are still free: the admin is told how
 * many remain instead of that all are taken.
 */
export function planLimitError({
  plan,
  resource,
  left = 0,
}: {
  plan: Plan;
  resource: LimitedResource;
  left?: number;
}): AppError {
  const { name, tickets, ticketPeriod, supportEmails, macros, automations, slaPolicies } = PLANS[plan];
  const message = {
    tickets: () =>
      `Ticket limit reached: your ${name} plan allows ${tickets} tickets${ticketPeriod === "month" ? " per month" : ""}. Upgrade your plan to create more.`,
    seats: () =>
      left > 0
        ? `Your ${name} plan has ${left} agent seat${left === 1 ? "" : "s"} left. Invite fewer team members or upgrade your plan.`
        : `Your ${name} plan's agent seats are all in use. Upgrade your plan to add more team members.`,
    support_emails: () =>
      `Your ${name} plan allows ${supportEmails} support email address${supportEmails === 1 ? "" : "es"}. Upgrade your plan to add more.`,
    macros: () => `Your ${name} plan allows ${macros} macros. Upgrade your plan to add more.`,
    automations: () =>
      `Your ${name} plan allows ${automations} active automation rules. Switch one off or upgrade your plan.`,
    sla_policies: () => `Your ${name} plan allows ${slaPolicies} SLA policies. Upgrade your plan to add more.`,
  }[resource]();
  return new AppError(LIMIT_CODES[resource], message);
}

/** The refusal of a feature the organisation's plan does not include, naming the plan that does. */
export function planRequiredError(feature: string, needed: Plan): AppError {
  return new AppError(
    "plan_required",
    `${feature} are part of the ${PLANS[needed].name} plan and above. Upgrade your plan to use them.`,
  );
}
