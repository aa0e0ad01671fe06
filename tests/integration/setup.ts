import type { PrismaClient } from "@/generated/prisma/client";
import type { FileCleanup } from "./environment";

// Integration tests need the database the test runner created (scripts/test.mjs): one per Jest
// worker, cloned from one migrated template, so files running side by side never see each
// other's rows, job queue or notifications. Picked here, before a test file loads the client.
function pickWorkerDatabase() {
  const urls = process.env.TEST_WORKER_DATABASE_URLS?.split(",");
  const worker = Number(process.env.JEST_WORKER_ID ?? "1");
  if (!urls) {
    if (worker > 1)
      throw new Error("One DATABASE_URL serves one Jest worker: run with --runInBand, or through scripts/test.mjs.");
    return;
  }
  if (!urls[worker - 1])
    throw new Error(`No database for Jest worker ${worker}: scripts/test.mjs made ${urls.length}.`);
  process.env.DATABASE_URL = urls[worker - 1];
}
pickWorkerDatabase();
if (!process.env.DATABASE_URL) {
  throw new Error("DATABASE_URL is not set: run integration tests through `npm test` or `npm run test:integration`.");
}

// Route handlers are called as if behind one trusted reverse proxy that wrote the caller's
// address into X-Forwarded-For (lib/http/server/client-ip.ts), so tests can act as several clients.
process.env.TRUST_PROXY_HOPS ??= "1";

// Two workers, their servers and argon2 on 2 cores: PostgreSQL may take longer than the
// product's 1.5 s to start a connection, which failed a file's first statement. The outage
// tests put the product's figure back.
process.env.DATABASE_CONNECT_TIMEOUT_MS ??= "10000";
// Likewise a burst of 50 requests on one process's pool may queue past the product's 15 s there.
process.env.DATABASE_POOL_WAIT_MS ??= "60000";

// Real database work with argon2 hashing on 2 busy cores: a stalled test still fails, just not
// at Jest's 5 s. Set here because Jest ignores `testTimeout` inside a project's configuration.
jest.setTimeout(30_000);

// Close the shared Prisma pool after each file so Jest can exit promptly: called by
// tests/integration/environment.ts after the file's own afterAll hooks, which may still use it.
// Jest loads no module by then: the database client and the listener are found where their
// modules keep them, on the file's global (neither is there when the file never used it).
(globalThis as FileCleanup).closeIntegrationFile = async () => {
  const { ticketryDb: db, ticketryLiveListener: listener } = globalThis as {
    ticketryDb?: PrismaClient;
    ticketryLiveListener?: { stop(): Promise<void> };
  };
  if (db) {
    // Each file starts with an empty job queue: no mail of this file reaches the next one's SMTP
    // server (as helpers/jobs.ts's clearJobs; a file that stopped the database has nothing to clear).
    await db.$executeRaw`DELETE FROM graphile_worker._private_jobs`.catch(() => {});
    await db.$disconnect();
  }
  // A file that opened a live event stream also opened this process's LISTEN connection.
  await listener?.stop();
};
