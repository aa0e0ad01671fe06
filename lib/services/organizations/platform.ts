import "server-only";
import { Prisma } from "@/generated/prisma/client";
import packageJson from "@/package.json";
import { db, queryRows } from "@/lib/server/db";
import { PRODUCT_NAME } from "@/lib/site/product";
import { PLAN_IDS } from "@/lib/schemas/organizations";
import type { PlatformHealth, PlatformMetrics } from "@/lib/schemas/platform";
import { pingDatabase } from "@/lib/services/health";

/**
 * Platform metrics across every organisation, without loading rows. "Open" is the
 * open views' statuses (open, pending, in_progress), read from the trigger-kept queue counters
 * (one row per organisation and assignee); "resolved" is resolved or closed, which is every
 * other ticket, so only the total needs a count over Ticket (an index-only scan).
 */
async function computeMetrics(): Promise<PlatformMetrics> {
  const [[tickets], users, byPlan] = await Promise.all([
    queryRows<{ total: number; open: number }>(Prisma.sql`
      SELECT (SELECT count(*) FROM "Ticket") AS total, (SELECT coalesce(sum("open"), 0) FROM "TicketQueueCount") AS open`),
    db.user.groupBy({ by: ["isActive"], _count: { _all: true } }),
    db.organization.groupBy({ by: ["plan"], _count: { _all: true } }),
  ]);
  const totalTickets = Number(tickets?.total ?? 0);
  const openTickets = Number(tickets?.open ?? 0);
  const planDistribution = Object.fromEntries(
    PLAN_IDS.map((p) => [p, byPlan.find((r) => r.plan === p)?._count._all ?? 0]),
  ) as PlatformMetrics["planDistribution"];
  return {
    totalOrganizations: Object.values(planDistribution).reduce((sum, n) => sum + n, 0),
    totalUsers: users.reduce((sum, r) => sum + r._count._all, 0),
    activeUsers: users.find((r) => r.isActive)?._count._all ?? 0,
    totalTickets,
    openTickets,
    resolvedTickets: totalTickets - openTickets,
    planDistribution,
  };
}

let inFlight: Promise<PlatformMetrics> | null = null;

/**
 * Callers that arrive while a computation runs share it: the answer is as fresh as a request
 * that overlaps the change, and a burst of dashboards costs one set of queries, not one each.
 */
export function platformMetrics(): Promise<PlatformMetrics> {
  inFlight ??= computeMetrics().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The migrations `prisma migrate deploy` (or our wasm engine) finished and did not roll back. */
async function migrationLevel() {
  const [row] = await queryRows<{ applied: number; latest: string | null; latestAppliedAt: Date | null }>(Prisma.sql`
    SELECT count(*) AS applied,
      (array_agg("migration_name" ORDER BY "migration_name" DESC))[1] AS latest,
      max("finished_at") AS "latestAppliedAt"
    FROM "_prisma_migrations"
    WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`);
  return {
    applied: Number(row?.applied ?? 0),
    latest: row?.latest ?? null,
    latestAppliedAt: row?.latestAppliedAt ?? null,
  };
}

/** What this server process knows about itself and its database, for the System Health tab. */
export async function platformHealth(): Promise<PlatformHealth> {
  const [ping, migrations] = await Promise.all([pingDatabase().catch(() => null), migrationLevel().catch(() => null)]);
  const uptimeSeconds = Math.floor(process.uptime());
  return {
    status: ping ? "ok" : "degraded",
    checkedAt: new Date(),
    database: { reachable: ping !== null, latencyMs: ping?.latencyMs ?? null },
    migrations,
    app: {
      name: PRODUCT_NAME,
      version: packageJson.version,
      node: process.version,
      environment: process.env.NODE_ENV ?? "development",
      uptimeSeconds,
      startedAt: new Date(Date.now() - uptimeSeconds * 1000),
      memoryMb: Math.round(process.memoryUsage().rss / (1024 * 1024)),
    },
  };
}
