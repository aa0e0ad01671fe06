import "server-only";
import { EventEmitter } from "node:events";
import {
  Logger,
  makeWorkerUtils,
  parseCronItems,
  run,
  runOnce,
  type Runner,
  type TaskList,
  type WorkerEvents,
} from "graphile-worker";
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

/** How long a pool that stopped by itself waits before it starts again (doubling up to a minute). */
const RESTART_DELAY_MS = { first: 1000, max: 60_000 };

/**
 * Starts a pool of workers in this process: they take ready jobs (FOR UPDATE SKIP LOCKED, so
 * any number of processes share one queue and each job runs once) and fire the schedules.
 * stop() lets running jobs finish (after a grace period they are released to be retried).
 *
 * When the database stays away longer than the pool retries writing a job's outcome, the pool
 * stops itself, leaving that job locked for hours. Mail must not wait for a restart of the
 * server, so the pool is started again once the database answers, after unlocking the jobs
 * the stopped pool still held: nobody else runs them, so they are simply retried.
 */
export async function startWorkers(opts: { concurrency?: number; connectionString?: string } = {}): Promise<Workers> {
  const connectionString = opts.connectionString ?? env.databaseUrl;
  const concurrency = opts.concurrency ?? Number(process.env.JOBS_CONCURRENCY ?? 4);
  let stopping = false;
  let runner: Runner | undefined;
  let restartTimer: NodeJS.Timeout | undefined;

  async function launch() {
    const events: WorkerEvents = new EventEmitter();
    const poolIds: string[] = [];
    events.on("pool:create", ({ workerPool }) => poolIds.push(workerPool.id));
    const started = await run({
      connectionString,
      concurrency,
      maxPoolSize: concurrency + 2,
      noHandleSignals: true,
      pollInterval: 1000,
      logger,
      events,
      // Outcomes are written through the queue's batching path, which retries while the database
      // is away (about five minutes) instead of leaving the job locked: the unbatched path drops a
      // failed write, and the job would wait four hours for its lock to expire.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      taskList: taskList(),
      parsedCronItems: cronItems(),
    });
    runner = started;
    const ended = () => {
      if (stopping) return;
      logger.warn("the worker pool stopped by itself; starting it again");
      restartSoon(poolIds, RESTART_DELAY_MS.first);
    };
    started.promise.then(ended, ended);
    if (stopping) await started.stop();
  }

  function restartSoon(poolIds: string[], delay: number) {
    restartTimer = setTimeout(async () => {
      try {
        await releaseJobsOf(connectionString, poolIds);
        await launch();
      } catch {
        if (!stopping) restartSoon(poolIds, Math.min(delay * 2, RESTART_DELAY_MS.max));
      }
    }, delay);
  }

  await launch();
  return {
    stop: async () => {
      stopping = true;
      clearTimeout(restartTimer);
      await runner?.stop();
    },
  };
}

/** Unlocks the jobs a stopped pool still held, so the next worker retries them. */
async function releaseJobsOf(connectionString: string, poolIds: string[]) {
  if (poolIds.length === 0) return;
  const utils = await makeWorkerUtils({ connectionString, logger });
  try {
    await utils.forceUnlockWorkers(poolIds);
  } finally {
    await utils.release();
  }
}

/** Runs every job that is ready now, one after another, until none is left (tests, scripts). */
export async function runReadyJobs(connectionString = env.databaseUrl): Promise<void> {
  await runOnce({ connectionString, noHandleSignals: true, logger, taskList: taskList() });
}
