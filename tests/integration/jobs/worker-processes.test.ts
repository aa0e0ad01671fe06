import { spawn, type ChildProcess } from "node:child_process";
import { enqueue } from "@/lib/jobs";
import { db } from "../helpers/db";
import { clearJobs } from "../helpers/jobs";

/**
 * Two `npm run worker` processes on one database, as a deployment that separates workers would
 * run them. Waiting on other processes cannot be made deterministic, so the test polls the
 * database (every 100 ms, up to a deadline) for the rows the probe jobs write.
 */
jest.setTimeout(180_000);

const workers: ChildProcess[] = [];
// The workers' connections carry this name, so the test can tell when their pools listen.
const APP = "ticketry-worker-processes";

function startWorker() {
  const url = new URL(process.env.DATABASE_URL!);
  url.searchParams.set("application_name", APP);
  const child = spawn(process.execPath, ["scripts/worker.mjs", "--handlers=tests/integration/jobs/probe-handlers.ts"], {
    env: { ...process.env, DATABASE_URL: url.toString(), SMTP_URL: "", JOBS_CONCURRENCY: "4", NODE_ENV: "test" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true, // its own process group: the wrapper and its node child end together
  });
  workers.push(child);
  return child;
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 120_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const probes = () =>
  db.$queryRaw<{ job: string; note: string; pid: number }[]>`SELECT job, note, pid FROM job_probe ORDER BY id`;

/** How many of the workers' pools wait for new jobs (each keeps one connection on LISTEN). */
const listeningPools = async () => {
  const [{ pools }] = await db.$queryRaw<[{ pools: number }]>`SELECT count(*)::int AS pools FROM pg_stat_activity
    WHERE datname = current_database() AND application_name = ${APP} AND query LIKE 'LISTEN "jobs:insert"%'`;
  return pools;
};

beforeAll(async () => {
  await clearJobs();
  await db.$executeRaw`CREATE TABLE IF NOT EXISTS job_probe (id serial PRIMARY KEY, job text NOT NULL, note text NOT NULL, pid int NOT NULL)`;
  await db.$executeRaw`TRUNCATE job_probe`;
  // The probe schedule has been known for a while and last fired three minutes ago: each starting
  // worker tries to fire the missed ticks, and each tick must still run once.
  await db.$executeRaw`INSERT INTO graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
    VALUES ('probe.tick', now() - interval '1 hour', date_trunc('minute', now()) - interval '3 minutes')
    ON CONFLICT (identifier) DO UPDATE SET last_execution = EXCLUDED.last_execution`;
});

afterAll(async () => {
  for (const w of workers) {
    try {
      process.kill(-w.pid!, "SIGKILL");
    } catch {
      // that group has already gone
    }
  }
  await db.$executeRaw`DROP TABLE IF EXISTS job_probe`;
  await db.$executeRaw`DELETE FROM graphile_worker._private_known_crontabs WHERE identifier = 'probe.tick'`;
  await clearJobs();
});

it("runs 200 jobs exactly once each across two worker processes, fires each cron tick once, and retries a killed worker's job", async () => {
  startWorker();
  startWorker();
  // Both ready before the jobs come: on a busy machine one process can start seconds after the
  // other, time enough for the first to run all 200.
  await until("both workers listening", listeningPools, (pools) => pools === 2);
  await db.$transaction(async (tx) => {
    for (let n = 0; n < 200; n++) await enqueue(tx, "probe.record", { n });
  });

  const rows = await until("200 jobs", probes, (r) => r.filter((p) => p.job.startsWith("record-")).length >= 200);
  const records = rows.filter((p) => p.job.startsWith("record-"));
  expect(new Set(records.map((p) => p.job)).size).toBe(200);
  expect(records).toHaveLength(200);
  expect(new Set(records.map((p) => p.pid)).size).toBe(2); // both processes took jobs

  const ticks = (await until("cron ticks", probes, (r) => r.filter((p) => p.job === "tick").length >= 3)).filter(
    (p) => p.job === "tick",
  );
  expect(new Set(ticks.map((t) => t.note)).size).toBe(ticks.length); // no tick ran twice

  // A job whose worker is killed mid-run (no chance to release it) is retried and completes.
  await enqueue(db, "probe.hang", {});
  const started = (await until("the hanging job", probes, (r) => r.some((p) => p.job === "hang")))!.find(
    (p) => p.job === "hang",
  )!;
  process.kill(started.pid, "SIGKILL");
  // The queue takes a job back from a vanished worker once its lock is 4 hours old: age it.
  await db.$executeRaw`UPDATE graphile_worker._private_jobs SET locked_at = now() - interval '5 hours'
    WHERE locked_at IS NOT NULL`;
  // Locks that old are cleared by a pool's sweep, run once within a minute of the pool's start and
  // then every 8 to 10 minutes: the surviving worker's first sweep may already be behind it. The
  // killed worker comes back, as a process manager would restart it, and its first sweep frees the job.
  startWorker();
  const done = await until("the retried job", probes, (r) => r.some((p) => p.job === "hang" && p.note === "done"));
  expect(done.filter((p) => p.job === "hang").map((p) => p.note)).toEqual(["started", "done"]);
  expect(() => process.kill(started.pid, 0)).toThrow(); // the killed worker is gone
  expect(done.find((p) => p.job === "hang" && p.note === "done")!.pid).not.toBe(started.pid);
});
