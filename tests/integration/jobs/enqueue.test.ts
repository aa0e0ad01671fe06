import { randomUUID } from "node:crypto";
import pg from "pg";
import { enqueue, handle } from "@/lib/jobs";
import { db } from "../helpers/db";
import { clearJobs, drainJobs, queuedJobs } from "../helpers/jobs";

// Each run names its kinds anew: the queue keeps the kinds it has seen, and the first job of a
// kind takes another path than the rest.
const kind = (name: string) => `probe.enqueue.${name}.${randomUUID().slice(0, 8)}`;

/** The payloads a kind's handler ran, in order. */
function recorder(name: string) {
  const ran: unknown[] = [];
  const registered = kind(name);
  handle(registered, async (payload) => void ran.push(payload));
  return { kind: registered, ran };
}

/** A recorder whose kind the queue already knows, after one job (`{ n: 0 }`) has run. */
async function knownRecorder(name: string) {
  const probe = recorder(name);
  await enqueue(db, probe.kind, { n: 0 });
  await drainJobs();
  return probe;
}

/** A connection listening for the queue's nudges, as its workers do. */
async function listenForNudges() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const nudges: unknown[] = [];
  const waiters: (() => void)[] = [];
  client.on("notification", (message) => {
    nudges.push(JSON.parse(message.payload ?? "null"));
    waiters.splice(0).forEach((wake) => wake());
  });
  await client.query('LISTEN "jobs:insert"');
  return {
    nudges,
    /** Resolves once `count` nudges have arrived. */
    until: async (count: number) => {
      while (nudges.length < count) await new Promise<void>((wake) => waiters.push(wake));
    },
    close: () => client.end(),
  };
}

beforeEach(clearJobs);

describe("adding a job", () => {
  it("adds a kind's first job and every later one, each run once with its payload", async () => {
    const probe = recorder("first");
    await enqueue(db, probe.kind, { n: 1 });
    await enqueue(db, probe.kind, { n: 2 }, { maxAttempts: 3 });
    const jobs = await queuedJobs(probe.kind);
    expect(jobs.map(({ payload, attempts, max_attempts }) => ({ payload, attempts, max_attempts }))).toEqual([
      { payload: { n: 1 }, attempts: 0, max_attempts: 25 },
      { payload: { n: 2 }, attempts: 0, max_attempts: 3 },
    ]);
    await drainJobs();
    expect(probe.ran).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await queuedJobs(probe.kind)).toEqual([]);
  });

  it("runs a job given a later moment only from then on", async () => {
    const probe = await knownRecorder("later");
    const later = new Date(Date.now() + 24 * 3600_000);
    await enqueue(db, probe.kind, { n: 1 }, { runAt: later });
    const [job] = await queuedJobs(probe.kind);
    expect(job!.run_at.getTime()).toBe(later.getTime());
    await drainJobs();
    expect(probe.ran).toEqual([{ n: 0 }]);
  });

  it("adds nothing when the transaction that added the job rolls back", async () => {
    const probe = await knownRecorder("rolled-back");
    await expect(
      db.$transaction(async (tx) => {
        await enqueue(tx, probe.kind, { n: 1 });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await queuedJobs(probe.kind)).toEqual([]);
  });

  it("wakes the workers once for each job a transaction adds, when it commits", async () => {
    const probe = await knownRecorder("nudge");
    const listener = await listenForNudges();
    try {
      await db.$transaction(async (tx) => {
        await enqueue(tx, probe.kind, { n: 1 });
        await enqueue(tx, probe.kind, { n: 2 });
      });
      await listener.until(2);
      expect(listener.nudges).toEqual([
        { r: expect.any(Number), count: 1 },
        { r: expect.any(Number), count: 1 },
      ]);
    } finally {
      await listener.close();
    }
  });

  it("replaces a waiting job of the same key instead of adding another", async () => {
    const probe = recorder("keyed");
    await enqueue(db, probe.kind, { n: 1 }, { key: `${probe.kind}:one` });
    await enqueue(db, probe.kind, { n: 2 }, { key: `${probe.kind}:one` });
    expect((await queuedJobs(probe.kind)).map((job) => job.payload)).toEqual([{ n: 2 }]);
    await drainJobs();
    expect(probe.ran).toEqual([{ n: 2 }]);
  });
});
