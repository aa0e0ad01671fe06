import type { Plan } from "@/generated/prisma/enums";

/** Tickets counted against the plan; limit and remaining are UNLIMITED on a plan without one. */
export type Usage = { plan: Plan; tickets: { current: number; limit: number; remaining: number; percentUsed: number } };
