import type { Plan } from "@/generated/prisma/enums";

/** Figures across every organisation, for the platform admin's overview. */
export type PlatformMetrics = {
  totalOrganizations: number;
  totalUsers: number;
  activeUsers: number;
  totalTickets: number;
  openTickets: number;
  resolvedTickets: number;
  planDistribution: Record<Plan, number>;
};

/** What one server process knows about itself and its database, for the System Health tab. */
export type PlatformHealth = {
  status: "ok" | "degraded";
  checkedAt: Date;
  database: { reachable: boolean; latencyMs: number | null };
  migrations: { applied: number; latest: string | null; latestAppliedAt: Date | null } | null;
  app: {
    name: string;
    version: string;
    node: string;
    environment: string;
    uptimeSeconds: number;
    startedAt: Date;
    memoryMb: number;
  };
};
