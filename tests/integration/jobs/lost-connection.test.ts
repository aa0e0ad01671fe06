import { enqueue, handle } from "@/lib/jobs";
import { startWorkers, type Workers } from "@/lib/jobs/runner";
import { db } from "../helpers/db";
import { clearJobs, queuedJobs } from "../helpers/jobs";

/**
 * The database connection is cut while a job runs (a restart, a fail-over): the job must still
 * finish once the database answers, instead of staying locked for hours (it was: the write of
 * its outcome was dropped), and the workers must keep taking new jobs. Depending on when the cut
 * lands, the outcome's write is retried on a new connection, or the pool stops itself, starts
 * again and retries the job once (mail records its delivery first, so that sends nothing twice).
 * The workers' connections are cut with pg_terminate_backend, as a database restart cuts them;
 * the test polls the queue (every 100 ms, up to a deadline).
 */
jest.setTimeout(60_000);

const APP = "ticketry-jobs-lost-connection";
const runs: number[] = [];
let started!: () => void;
const firstAttemptStarted = new Promise<void>((resolve) => (started = resolve));
let letFirstAttemptFinish!: () => void;
const firstAttemptMayFinish = new Promise<void>((resolve) => (letFirstAttemptFinish = resolve));

handle("probe.lost", async (_payload, run) => {
  runs.push(run.attempt);
  if (run.attempt === 1) {
    started();
    await firstAttemptMayFinish;
  }
});
let afterRan!: () => void;
const afterOutage = new Promise<void>((resolve) => (afterRan = resolve));
handle("probe.after", async () => {
  runs.push(0);
  afterRan();
});

async function until(what: string, done: () => Promise<boolean>, ms = 45_000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let workers: Workers | undefined;

beforeAll(clearJobs);
afterAll(async () => {
  await workers?.stop();
  await clearJobs();
});

it("a job whose worker lost its database connection finishes, and the workers keep working", async () => {
  const url = new URL(process.env.DATABASE_URL!);
  url.searchParams.set("application_name", APP);
  workers = await startWorkers({ connectionString: url.toString(), concurrency: 1 });

  await enqueue(db, "probe.lost", {});
  await firstAttemptStarted;
  await db.$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${APP}`;
  letFirstAttemptFinish();

  await until("the job's outcome", async () => (await queuedJobs("probe.lost")).length === 0);
  expect([[1], [1, 2]]).toContainEqual(runs);

  // The restarted pool takes new work too.
  await enqueue(db, "probe.after", {});
  await afterOutage;
  expect(runs.at(-1)).toBe(0);
});
