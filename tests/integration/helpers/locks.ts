import { db } from "./db";

/** Resolves once a statement of the test's database (not another worker's) is waiting for a row lock whose text contains `sql`. */
export async function untilWaitingOnLock(sql: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ waiting }] = await db.$queryRaw<[{ waiting: number }]>`
      SELECT count(*)::int AS "waiting" FROM pg_stat_activity
      WHERE "datname" = current_database() AND "wait_event_type" = 'Lock' AND "query" LIKE ${`%${sql}%`}`;
    if (waiting > 0) return;
    if (Date.now() > deadline) throw new Error(`no statement with ${sql} waited for a lock`);
  }
}

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

/**
 * Runs `hold` in a transaction that stays open until the returned release is called, and then
 * `beforeCommit` in the same transaction.
 */
export async function holding(hold: (tx: Tx) => Promise<unknown>, beforeCommit?: (tx: Tx) => Promise<unknown>) {
  let held!: () => void;
  let release!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const done = db.$transaction(
    async (tx) => {
      await hold(tx);
      held();
      await released;
      await beforeCommit?.(tx);
    },
    { timeout: 20_000 },
  );
  await isHeld;
  return async () => {
    release();
    await done;
  };
}
