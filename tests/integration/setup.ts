// Integration tests need the database the test runner created (scripts/test.mjs).
if (!process.env.DATABASE_URL) {
  throw new Error("DATABASE_URL is not set: run integration tests through `npm test` or `npm run test:integration`.");
}

// Route handlers are called as if behind one trusted reverse proxy that wrote the caller's
// address into X-Forwarded-For (lib/http/server/client-ip.ts), so tests can act as several clients.
process.env.TRUST_PROXY_HOPS ??= "1";

// Real database work with argon2 hashing on 2 busy cores: a stalled test still fails, just not
// at Jest's 5 s. Set here because Jest ignores `testTimeout` inside a project's configuration.
jest.setTimeout(30_000);

// Close the shared Prisma pool after each file so Jest can exit promptly.
afterAll(async () => {
  // Mail sent after an answer may still be running; it uses the pool too.
  const { afterResponseSettled } = await import("@/lib/server/after-response");
  await afterResponseSettled();
  const { db } = await import("@/lib/server/db");
  await db.$disconnect();
});
