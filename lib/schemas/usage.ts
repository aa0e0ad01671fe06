import type { Plan } from "@/generated/prisma/enums";

/**
 * Tickets counted against the plan, and the bytes of stored attachments against the plan's
 * storage; a limit (and remaining) is UNLIMITED on a plan without one.
 */
export type Usage = {
  plan: Plan;
  tickets: { current: number; limit: number; remaining: number; percentUsed: number };
  storage: { used: number; limit: number };
};
