import { enqueue, handle } from "@/lib/jobs";
import { startWorkers, type Workers } from "@/lib/jobs/runner";
import { db } from "../helpers/db";
import { clearJobs, queuedJobs } from "../helpers/jobs";

/**
 * The database connection is cut while a job runs (a restart, a fail-over): the job must still
 * finish once the database answers, instead of staying locked for hours (it was: the write of
 * its outcome was dropped), and the workers must keep taking new jobs. Depending on when the cut
 * lands, the outcome's write goes through on a new connection, or the pool stops itself and a
 * new one retries the job once (mail records its delivery first, so that sends nothing twice).
 *
 * A second, slow job runs beside it the whole time, as an IMAP poll or a send to a slow server
 * would: a pool that stops waits for its running jobs, and the cut job must not wait with it.
 * The workers' connections are cut with pg_terminate_backend, as a database restart cuts them;
 * the test polls the queue (every 100 ms, up to a deadline).
 */
jest.setTimeout(60_000);

const APP = "ticketry-jobs-lost-connection";
const runs: string[] = [];

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
const slowStarted = gate();
const slowMayFinish = gate();
const lostStarted = gate();
const lostMayFinish = gate();
const afterRan = gate();

handle("probe.slow", async () => {
  runs.push("slow");
  slowStarted.open();
  await slowMayFinish.opened;
});
handle("probe.lost", async (_payload, run) => {
  runs.push(`lost ${run.attempt}`);
  if (run.attempt === 1) {
    lostStarted.open();
    await lostMayFinish.opened;
  }
});
handle("probe.after", async () => {
  runs.push("after");
  afterRan.open();
});

async function until(what: string, done: () => Promise<boolean>, ms = 45_000) {
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
const gone = (kind: string) => async () => (await queuedJobs(kind)).length === 0;

let workers: Workers | undefined;

beforeAll(clearJobs);
afterAll(async () => {
  slowMayFinish.open();
  await workers?.stop();
  await clearJobs();
});

it("a job whose worker lost its database connection finishes while the pool's other job still runs, and the workers keep working", async () => {
  const url = new URL(process.env.DATABASE_URL!);
  url.searchParams.set("application_name", APP);
  workers = await startWorkers({ connectionString: url.toString(), concurrency: 2 });

  await enqueue(db, "probe.slow", {});
  await slowStarted.opened;
  await enqueue(db, "probe.lost", {});
  await lostStarted.opened;
  await db.$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
    WHERE datname = current_database() AND application_name = ${APP}`;
  lostMayFinish.open();

  await until("the cut job's outcome", gone("probe.lost"));
  expect([
    ["slow", "lost 1"],
    ["slow", "lost 1", "lost 2"],
  ]).toContainEqual(runs);
  expect(await queuedJobs("probe.slow")).toHaveLength(1);

  // The slow job ends and its outcome is written; the pool that runs now takes new work.
  slowMayFinish.open();
  await until("the slow job's outcome", gone("probe.slow"));
  await enqueue(db, "probe.after", {});
  await afterRan.opened;
  expect(runs.filter((run) => run === "slow")).toHaveLength(1);
  expect(runs.at(-1)).toBe("after");
});
