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

/**
 * Outcomes are written through the queue's batching path: a write that fails stops the pool (and
 * the takeover follows), where the unbatched path dropped it and the job waited four hours for
 * its lock to expire.
 */
const outcomesBatched = { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } };

/** How long before a stopped pool is replaced, and how far the wait doubles while the database is away. */
const RESTART_DELAY_MS = { first: 1000, max: 60_000 };

/**
 * Starts a pool of workers in this process: they take ready jobs (FOR UPDATE SKIP LOCKED, so
 * any number of processes share one queue and each job runs once) and fire the schedules.
 * stop() lets running jobs finish (after a grace period they are released to be retried).
 *
 * When the pool cannot write a job's outcome (the database restarted, a fail-over), it stops
 * itself and leaves that job locked for four hours; and it stops only once its other running
 * jobs end, which for an IMAP poll or a send to a slow server can be minutes. Mail must not wait
 * for either: a new pool takes over as soon as the database answers, after unlocking the jobs
 * the old pool holds but no longer runs (they are simply retried), while the old one finishes
 * what it runs and then gives up the rest.
 */
export async function startWorkers(opts: { concurrency?: number; connectionString?: string } = {}): Promise<Workers> {
  const connectionString = opts.connectionString ?? env.databaseUrl;
  const concurrency = opts.concurrency ?? Number(process.env.JOBS_CONCURRENCY ?? 4);
  let stopping = false;
  const runners = new Set<Runner>();
  const timers = new Set<NodeJS.Timeout>();

  /** Runs `step` after `delay`, again with a doubled delay while it fails, until it succeeds or the workers stop. */
  function retry(step: () => Promise<void>, delay = RESTART_DELAY_MS.first) {
    const timer = setTimeout(async () => {
      timers.delete(timer);
      if (stopping) return;
      try {
        await step();
      } catch {
        retry(step, Math.min(delay * 2, RESTART_DELAY_MS.max));
      }
    }, delay);
    timers.add(timer);
  }

  async function launch() {
    const events: WorkerEvents = new EventEmitter();
    let replaced = false;
    const pool = { ids: [] as string[], running: new Set<string>(), succeeded: new Set<string>(), fetching: 0 };
    events.on("pool:create", ({ workerPool }) => pool.ids.push(workerPool.id));
    // Which locked jobs the pool still runs, or may be about to: a job it is taking is locked
    // before the pool hears of it, so nothing is released while a take is under way.
    events.on("worker:getJob:start", () => pool.fetching++);
    events.on("worker:getJob:empty", () => pool.fetching--);
    events.on("worker:getJob:error", () => pool.fetching--);
    events.on("job:start", ({ job }) => {
      pool.fetching--;
      pool.running.add(job.id);
    });
    events.on("job:complete", ({ job, error }) => {
      pool.running.delete(job.id);
      // Once the pool has failed to write an outcome, a job that succeeds in it may see its own
      // outcome dropped too: it is remembered, so that it is settled, never handed out again.
      if (replaced && !error) pool.succeeded.add(job.id);
    });
    const replace = () => {
      if (replaced || stopping) return;
      replaced = true;
      logger.warn("the worker pool stopped taking jobs; a new one takes over");
      retry(async () => {
        if (pool.fetching > 0) throw new Error("the stopping pool is still taking a job");
        await releaseJobsOf(connectionString, pool.ids, [...pool.running], [...pool.succeeded]);
        await launch();
      });
    };
    events.on("pool:fatalError", replace);
    const runner = await run({
      connectionString,
      concurrency,
      maxPoolSize: concurrency + 2,
      noHandleSignals: true,
      pollInterval: 1000,
      logger,
      events,
      preset: outcomesBatched,
      taskList: taskList(),
      parsedCronItems: cronItems(),
    });
    runners.add(runner);
    const ended = () => {
      runners.delete(runner);
      // Whatever the pool still held when it ended is nobody's now.
      pool.running.clear();
      pool.fetching = 0;
      if (stopping) return;
      if (replaced) retry(() => releaseJobsOf(connectionString, pool.ids, [], [...pool.succeeded]));
      else replace();
    };
    runner.promise.then(ended, ended);
    if (stopping) await runner.stop();
  }

  await launch();
  return {
    stop: async () => {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(
        [...runners].map((runner) =>
          runner
            .stop()
            .catch(() => runner.promise)
            .catch(() => {}),
        ),
      );
    },
  };
}

/**
 * Unlocks the jobs the given pools hold, except those still running, so the next worker retries
 * them, and the named queues (webhook deliveries) they hold for jobs not running. A job that ran
 * to success there but is still held (its outcome was never written) is removed, as its outcome
 * would have removed it.
 */
async function releaseJobsOf(connectionString: string, poolIds: string[], running: string[], succeeded: string[]) {
  if (poolIds.length === 0) return;
  const utils = await makeWorkerUtils({ connectionString, logger });
  try {
    await utils.withPgClient((client) =>
      client.query(
        `DELETE FROM graphile_worker._private_jobs WHERE locked_by = ANY($1::text[]) AND id = ANY($2::bigint[])`,
        [poolIds, succeeded],
      ),
    );
    await utils.withPgClient((client) =>
      client.query(
        `UPDATE graphile_worker._private_jobs SET locked_at = NULL, locked_by = NULL
         WHERE locked_by = ANY($1::text[]) AND NOT (id = ANY($2::bigint[]))`,
        [poolIds, running],
      ),
    );
    await utils.withPgClient((client) =>
      client.query(
        `UPDATE graphile_worker._private_job_queues q SET locked_at = NULL, locked_by = NULL
         WHERE q.locked_by = ANY($1::text[])
           AND NOT EXISTS (SELECT FROM graphile_worker._private_jobs j WHERE j.job_queue_id = q.id AND j.id = ANY($2::bigint[]))`,
        [poolIds, running],
      ),
    );
  } finally {
    await utils.release();
  }
}

/** Runs every job that is ready now, one after another, until none is left (tests, scripts). */
export async function runReadyJobs(connectionString = env.databaseUrl): Promise<void> {
  // Batched outcomes are flushed before the run ends; unbatched ones are written after it has
  // returned, so a caller could see a job that ran still waiting in the queue.
  await runOnce({ connectionString, noHandleSignals: true, logger, preset: outcomesBatched, taskList: taskList() });
}
