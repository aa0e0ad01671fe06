import { hash, verify } from "@node-rs/argon2";
import { ARGON2_CONCURRENCY, ARGON2_MAX_WAITING, hashPassword, verifyPassword } from "@/lib/auth/password";

// argon2 is replaced by jobs that finish only when the test says so, and that count how many
// run at the same time: the bound must hold however many callers arrive together.
jest.mock("@node-rs/argon2", () => ({ hash: jest.fn(), verify: jest.fn() }));

let running = 0;
let peak = 0;
const pending: (() => void)[] = [];
function controlledJob<T>(value: T) {
  return () => {
    running++;
    peak = Math.max(peak, running);
    return new Promise<T>((resolve) =>
      pending.push(() => {
        running--;
        resolve(value);
      }),
    );
  };
}
/** Lets promise callbacks run until `done` holds: microtask turns only, no clock. */
async function settle(done: () => boolean) {
  for (let turn = 0; turn < 1000 && !done(); turn++) await Promise.resolve();
  expect(done()).toBe(true);
}

beforeEach(() => {
  running = 0;
  peak = 0;
  pending.length = 0;
  jest.mocked(hash).mockImplementation(controlledJob("$argon2id$hash"));
  jest.mocked(verify).mockImplementation(controlledJob(true));
});

it("runs at most ARGON2_CONCURRENCY hashes and verifications at once, and finishes every one", async () => {
  const jobs = Array.from({ length: 40 }, (_, i) => (i % 2 ? hashPassword(`p${i}`) : verifyPassword("$h", `p${i}`)));
  let finished = 0;
  for (const job of jobs) void job.then(() => finished++);
  await settle(() => running === ARGON2_CONCURRENCY);
  let released = 0;
  while (pending.length > 0) {
    pending.shift()!();
    released++;
    // The released job finishes and the next queued one (if any) takes its slot.
    await settle(() => finished === released && running === Math.min(ARGON2_CONCURRENCY, 40 - released));
    expect(running).toBeLessThanOrEqual(ARGON2_CONCURRENCY);
  }
  await Promise.all(jobs);
  expect(finished).toBe(40);
  expect(peak).toBe(ARGON2_CONCURRENCY);
  expect(ARGON2_CONCURRENCY).toBeLessThan(4);
});

it("frees the slot when a job fails", async () => {
  jest.mocked(verify).mockRejectedValue(new Error("malformed hash"));
  const results = await Promise.all(Array.from({ length: 10 }, () => verifyPassword("not-a-hash", "x")));
  expect(results).toEqual(Array(10).fill(false));
  jest.mocked(hash).mockResolvedValue("$argon2id$ok");
  await expect(hashPassword("x")).resolves.toBe("$argon2id$ok");
});

it("turns a password request away with 429 once ARGON2_MAX_WAITING wait, and serves the queue it kept", async () => {
  const kept = Array.from({ length: ARGON2_CONCURRENCY + ARGON2_MAX_WAITING }, (_, i) => hashPassword(`p${i}`));
  await settle(() => running === ARGON2_CONCURRENCY);
  await expect(verifyPassword("$h", "one too many")).rejects.toMatchObject({ code: "rate_limited" });
  let finished = 0;
  for (const job of kept) void job.then(() => finished++);
  for (let released = 1; released <= kept.length; released++) {
    pending.shift()!();
    await settle(() => finished === released && (pending.length > 0 || released === kept.length));
  }
  await expect(Promise.all(kept)).resolves.toHaveLength(ARGON2_CONCURRENCY + ARGON2_MAX_WAITING);
});
