import type { Plan } from "@/generated/prisma/enums";
import { PLANS } from "@/lib/plans/limits";

/** Plans cheapest first (the order of the plan constants). */
export const PLAN_ORDER = Object.keys(PLANS) as Plan[];

/** GET /api/platform/metrics (spec §3 platform metrics). */
export type PlatformMetrics = {
  totalOrganizations: number;
  totalUsers: number;
  activeUsers: number;
  totalTickets: number;
  openTickets: number;
  resolvedTickets: number;
  planDistribution: Record<Plan, number>;
};

/** One row of GET /api/organizations (spec §3 organization). */
export type OrganizationRow = {
  id: string;
  name: string;
  slug: string;
  plan: Plan;
  createdAt: string;
  onboardingCompleted: boolean;
  supportEmails: { id: string; email: string; displayName: string; isActive: boolean }[];
  stats: { totalTickets: number; openTickets: number };
};

/** GET /api/platform/health. */
export type PlatformHealth = {
  status: "ok" | "degraded";
  checkedAt: string;
  database: { reachable: boolean; latencyMs: number | null };
  migrations: { applied: number; latest: string | null; latestAppliedAt: string | null } | null;
  app: { name: string; version: string; node: string; environment: string; uptimeSeconds: number; startedAt: string; memoryMb: number };
};
