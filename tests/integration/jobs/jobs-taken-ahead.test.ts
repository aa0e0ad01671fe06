import { enqueue, handle } from "@/lib/jobs";
import { startWorkers, type Workers } from "@/lib/jobs/runner";
import { db } from "../helpers/db";
import { clearJobs, gate, queuedJobs, untilJobs } from "../helpers/jobs";

/**
 * A pool takes ready jobs ahead of its workers (one statement for several jobs). A job it took
 * while its only worker is busy with a slow one (an IMAP poll, a send to a slow server) must not
 * wait for that worker: it goes back to the queue and another process runs it. The test polls
 * the queue (every 100 ms, up to a deadline).
 */
jest.setTimeout(60_000);

const slowStarted = gate();
const slowMayFinish = gate();
const runs: string[] = [];

handle("probe.ahead.slow", async () => {
  runs.push("slow");
  slowStarted.open();
  await slowMayFinish.opened;
});
handle("probe.ahead.next", async () => {
  runs.push("next");
});

const until = (what: string, done: () => Promise<boolean>) => untilJobs(what, done, runs);

const pools: Workers[] = [];

beforeAll(clearJobs);
afterAll(async () => {
  slowMayFinish.open();
  await Promise.all(pools.map((pool) => pool.stop()));
  await clearJobs();
});

it("a job taken by a pool whose workers are busy is run by another process", async () => {
  pools.push(await startWorkers({ concurrency: 1 }));
  await enqueue(db, "probe.ahead.slow", {});
  await slowStarted.opened;

  await enqueue(db, "probe.ahead.next", {});
  // The busy pool takes it ahead of its worker...
  await until("the busy pool to take the next job", async () => {
    const [job] = await db.$queryRaw<{ locked: boolean }[]>`
      SELECT j.locked_at IS NOT NULL AS locked FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'probe.ahead.next'`;
    return job?.locked === true;
  });

  // ...and gives it back, so that a second process runs it while the slow job still runs.
  pools.push(await startWorkers({ concurrency: 1 }));
  await until("the next job to run", async () => (await queuedJobs("probe.ahead.next")).length === 0);
  expect(runs).toEqual(["slow", "next"]);
  expect(await queuedJobs("probe.ahead.slow")).toHaveLength(1);
});
