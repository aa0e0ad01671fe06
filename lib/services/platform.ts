import "server-only";
import packageJson from "@/package.json";
import { db } from "@/lib/db";
import { PRODUCT_NAME } from "@/lib/product";
import { DONE_STATUSES, OPEN_STATUSES } from "@/lib/queues";
import { PLAN_IDS } from "@/lib/schemas/organizations";
import { pingDatabase } from "./health";

/**
 * Spec §3 platform metrics across every organisation, from aggregate queries only (counts
 * and group-bys; no row is loaded). "Open" is the open views' statuses (open, pending,
 * in_progress) and "resolved" is resolved or closed, as on the agent dashboard.
 */
export async function platformMetrics() {
  const [totalOrganizations, totalUsers, activeUsers, byStatus, byPlan] = await Promise.all([
    db.organization.count(),
    db.user.count(),
    db.user.count({ where: { isActive: true } }),
    db.ticket.groupBy({ by: ["status"], _count: { _all: true } }),
    db.organization.groupBy({ by: ["plan"], _count: { _all: true } }),
  ]);
  const tickets = (statuses: readonly string[]) => byStatus.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + r._count._all, 0);
  return {
    totalOrganizations,
    totalUsers,
    activeUsers,
    totalTickets: byStatus.reduce((sum, r) => sum + r._count._all, 0),
    openTickets: tickets(OPEN_STATUSES),
    resolvedTickets: tickets(DONE_STATUSES),
    planDistribution: Object.fromEntries(PLAN_IDS.map((p) => [p, byPlan.find((r) => r.plan === p)?._count._all ?? 0])) as Record<(typeof PLAN_IDS)[number], number>,
  };
}

/** The migrations `prisma migrate deploy` (or our wasm engine) finished and did not roll back. */
async function migrationLevel() {
  const [row] = await db.$queryRaw<{ applied: bigint; latest: string | null; latestAppliedAt: Date | null }[]>`
    SELECT count(*) AS applied,
      (array_agg("migration_name" ORDER BY "migration_name" DESC))[1] AS latest,
      max("finished_at") AS "latestAppliedAt"
    FROM "_prisma_migrations"
    WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`;
  return { applied: Number(row?.applied ?? 0), latest: row?.latest ?? null, latestAppliedAt: row?.latestAppliedAt ?? null };
}

/** What this server process knows about itself and its database, for the System Health tab. */
export async function platformHealth() {
  const [ping, migrations] = await Promise.all([
    pingDatabase().catch(() => null),
    migrationLevel().catch(() => null),
  ]);
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
