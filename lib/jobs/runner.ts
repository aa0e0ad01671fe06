import "server-only";
import { Logger, parseCronItems, run, runOnce, type Runner, type TaskList } from "graphile-worker";
import { env } from "@/lib/server/env";
import { registeredHandlers, registeredSchedules } from "./registry";

/** Only the queue's warnings and errors reach the log, one JSON line each. */
const logger = new Logger(() => (level, message) => {
  if (level !== "error" && level !== "warning") return;
  const line = JSON.stringify({ level: level === "warning" ? "warn" : "error", msg: `jobs: ${message}` });
  (level === "error" ? console.error : console.warn)(line);
});

function taskList(): TaskList {
  const tasks: TaskList = {};
  for (const [kind, handler] of registeredHandlers()) {
    tasks[kind] = (payload, helpers) =>
      handler(payload, {
        id: String(helpers.job.id),
        kind,
        attempt: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
        lastAttempt: helpers.job.attempts >= helpers.job.max_attempts,
      });
  }
  return tasks;
}

function cronItems() {
  return parseCronItems(
    registeredSchedules().map(({ cron, kind }) => ({
      task: kind,
      match: cron,
      identifier: kind,
      // A tick missed while no worker ran (a restart) is still run once, within ten minutes.
      options: { backfillPeriod: 10 * 60_000, maxAttempts: 3 },
    })),
  );
}

export type Workers = { stop: () => Promise<void> };

/**
 * Starts a pool of workers in this process: they take ready jobs (FOR UPDATE SKIP LOCKED, so
 * any number of processes share one queue and each job runs once) and fire the schedules.
 * stop() lets running jobs finish (after a grace period they are released to be retried).
 */
export async function startWorkers(opts: { concurrency?: number; connectionString?: string } = {}): Promise<Workers> {
  const runner: Runner = await run({
    connectionString: opts.connectionString ?? env.databaseUrl,
    concurrency: opts.concurrency ?? Number(process.env.JOBS_CONCURRENCY ?? 4),
    maxPoolSize: (opts.concurrency ?? 4) + 2,
    noHandleSignals: true,
    pollInterval: 1000,
    logger,
    taskList: taskList(),
    parsedCronItems: cronItems(),
  });
  return { stop: () => runner.stop() };
}

/** Runs every job that is ready now, one after another, until none is left (tests, scripts). */
export async function runReadyJobs(connectionString = env.databaseUrl): Promise<void> {
  await runOnce({ connectionString, noHandleSignals: true, logger, taskList: taskList() });
}
