// Job kinds the multi-process queue test loads into its worker processes (--handlers=...).
// Each run writes a row, so the test can count how often every job ran and in which process.
import { handle, schedule } from "@/lib/jobs";
import { db } from "@/lib/server/db";

const record = (job: string, note: string) =>
  db.$executeRaw`INSERT INTO job_probe (job, note, pid) VALUES (${job}, ${note}, ${process.pid})`;

handle<{ n: number }>("probe.record", async ({ n }) => void (await record(`record-${n}`, "done")));

/** The first attempt hangs until its process is killed; the retry completes. */
handle("probe.hang", async (_payload, run) => {
  if (run.attempt === 1) {
    await record("hang", "started");
    await new Promise(() => {});
  }
  await record("hang", "done");
});

handle<{ _cron?: { ts: string } }>(
  "probe.tick",
  async (payload) => void (await record("tick", payload._cron?.ts ?? "")),
);
schedule("* * * * *", "probe.tick");
