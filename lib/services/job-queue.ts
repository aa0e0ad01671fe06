import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { notFound } from "@/lib/errors";
import { db, queryRows } from "@/lib/server/db";
import type { DeadJob, JobKindHealth, JobQueueHealth } from "@/lib/schemas/jobs";

// The queue's own tables (graphile-worker's private schema): read here and nowhere else.
// A job is dead when it has used every attempt and no worker holds it.

/** Per kind: waiting, running, failed-and-retrying and dead jobs, and how long the oldest due one waited. */
async function queueHealth(limitDead = 50): Promise<JobQueueHealth> {
  const [kinds, dead] = await Promise.all([
    queryRows<Omit<JobKindHealth, "oldestWaitingSeconds"> & { oldestWaitingSeconds: number | null }>(Prisma.sql`
      SELECT t.identifier AS kind,
        count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts = 0)::int AS queued,
        count(*) FILTER (WHERE j.locked_at IS NOT NULL)::int AS running,
        count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts > 0 AND j.attempts < j.max_attempts)::int AS failed,
        count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts >= j.max_attempts)::int AS dead,
        floor(extract(epoch FROM now() - min(j.run_at) FILTER (
          WHERE j.locked_at IS NULL AND j.attempts < j.max_attempts AND j.run_at <= now())))::int AS "oldestWaitingSeconds"
      FROM graphile_worker._private_tasks t
      LEFT JOIN graphile_worker._private_jobs j ON j.task_id = t.id
      GROUP BY t.identifier ORDER BY t.identifier`),
    queryRows<DeadJob>(Prisma.sql`
      SELECT j.id::text AS id, t.identifier AS kind, j.attempts, j.last_error AS "lastError", j.updated_at AS "diedAt"
      FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE j.locked_at IS NULL AND j.attempts >= j.max_attempts
      ORDER BY j.updated_at DESC LIMIT ${limitDead}`),
  ]);
  return { kinds, dead };
}

/** Gives a dead job a fresh set of attempts, due now. False when no dead job has that id. */
async function retryDeadJob(id: string): Promise<boolean> {
  if (!/^\d{1,18}$/.test(id)) return false;
  const changed = await db.$executeRaw`
    UPDATE graphile_worker._private_jobs SET attempts = 0, run_at = now(), last_error = NULL, updated_at = now()
    WHERE id = ${id}::bigint AND locked_at IS NULL AND attempts >= max_attempts`;
  return changed === 1;
}

/** The job queue as the platform admin's System Health shows it. */
export function jobQueueHealth(): Promise<JobQueueHealth> {
  return queueHealth();
}

/** Runs a dead job again with all its attempts (e.g. once a mail server is fixed); 404 unless it is dead. */
export async function retryJob(id: string) {
  if (!(await retryDeadJob(id))) throw notFound("No dead job with this id");
  return { ok: true };
}
