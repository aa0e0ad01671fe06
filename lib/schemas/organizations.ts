import type { Plan } from "@/generated/prisma/enums";
import type { SupportEmail } from "./support-emails";
import { searchPageQuery } from "./fields";
import { z } from "./zod";

/** The plans, cheapest first. */
export const PLAN_IDS = ["free", "starter", "pro", "enterprise"] as const satisfies readonly Plan[];

/** PATCH /api/organizations/{id}: a platform admin moves an organisation to another plan. */
export const changePlanSchema = z.object({
  plan: z.enum(PLAN_IDS, { error: "Plan must be one of free, starter, pro or enterprise" }),
});

/** GET /api/organizations: the directory, newest first, one keyset page at a time. */
export const organizationListQuerySchema = searchPageQuery;

export type ChangePlanInput = z.infer<typeof changePlanSchema>;
export type OrganizationListQuery = z.infer<typeof organizationListQuerySchema>;

/** An organisation with its support emails and ticket counts, as the settings and the directory show it. */
export type Organization = {
  id: string;
  name: string;
  slug: string;
  plan: Plan;
  createdAt: Date;
  onboardingCompleted: boolean;
  supportEmails: SupportEmail[];
  stats: { totalTickets: number; openTickets: number };
};
