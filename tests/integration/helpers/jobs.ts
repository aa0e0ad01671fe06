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

/** A promise the test opens when it chooses: a job handler waits on `opened` until `open()`. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * Polls `done` every 100 ms until it holds; past the deadline fails with `what` and, to show why,
 * the runs so far and every job in the queue.
 */
export async function untilJobs(what: string, done: () => Promise<boolean>, runs: string[], ms = 45_000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) {
      const jobs = await db.$queryRaw`SELECT t.identifier, j.attempts, j.locked_at, j.locked_by, j.run_at, j.last_error
        FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id`;
      throw new Error(`Timed out waiting for ${what}: ${JSON.stringify({ runs, jobs })}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
