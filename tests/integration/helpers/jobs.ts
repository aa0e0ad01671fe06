import "@/lib/jobs/handlers";
import { db } from "@/lib/server/db";
import { runReadyJobs } from "@/lib/jobs/runner";

/**
 * Runs every queued job that is due, in this process, until none is left: mail goes to the
 * test's SMTP server (SMTP_URL) exactly as a worker would send it. Deterministic: no polling,
 * no waiting for timers.
 */
export async function drainJobs(): Promise<void> {
  await runReadyJobs();
}

/** Makes every job waiting for a retry due now, as if its backoff had passed. */
export async function skipBackoff(): Promise<number> {
  return db.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now()
    WHERE attempts > 0 AND attempts < max_attempts AND locked_at IS NULL`;
}

/** Jobs of `kind` still in the queue (waiting, failed or dead), oldest first. */
export async function queuedJobs(kind?: string) {
  return db.$queryRaw<
    { id: string; kind: string; attempts: number; max_attempts: number; payload: unknown; run_at: Date }[]
  >`
    SELECT j.id::text, t.identifier AS kind, j.attempts, j.max_attempts, j.payload, j.run_at
    FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE ${kind ?? null}::text IS NULL OR t.identifier = ${kind ?? null}::text ORDER BY j.id`;
}

/** Empties the queue, so each test file starts without another file's jobs. */
export async function clearJobs(): Promise<void> {
  await db.$executeRaw`DELETE FROM graphile_worker._private_jobs`;
}
