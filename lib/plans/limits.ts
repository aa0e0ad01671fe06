import type { Plan } from "@/generated/prisma/enums";

export const UNLIMITED = -1;

/** Spec §9 plan constants: the pricing page and the server's limits both read these. */
export const PLANS: Record<Plan, {
  name: string;
  priceMonthly: number | null;
  tickets: number;
  ticketPeriod: "total" | "month";
  seats: number;
  supportEmails: number;
  storageMb: number;
}> = {
  free: { name: "Free", priceMonthly: 0, tickets: 150, ticketPeriod: "total", seats: 1, supportEmails: 1, storageMb: 0 },
  starter: { name: "Starter", priceMonthly: 29, tickets: 500, ticketPeriod: "month", seats: 2, supportEmails: 1, storageMb: 1000 },
  pro: { name: "Pro", priceMonthly: 99, tickets: 1000, ticketPeriod: "month", seats: 10, supportEmails: 5, storageMb: 5000 },
  enterprise: { name: "Enterprise", priceMonthly: null, tickets: UNLIMITED, ticketPeriod: "month", seats: UNLIMITED, supportEmails: UNLIMITED, storageMb: UNLIMITED },
};

export function withinLimit(limit: number, used: number): boolean {
  return limit === UNLIMITED || used < limit;
}
