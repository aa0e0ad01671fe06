// The measuring half of `npm run bench:jobs`, run under tsx with the server's module conditions
// (bench/jobs.mjs starts it with DATABASE_URL and SMTP_URL set). Prints one JSON line of results.
import "@/lib/jobs/handlers";
import { enqueue, handle } from "@/lib/jobs";
import { startWorkers } from "@/lib/jobs/runner";
import { enqueueMail } from "@/lib/services/mail/outbox";
import { createTicket } from "@/lib/services/tickets/create";
import { createTicketSchema } from "@/lib/schemas/tickets";
import { SESSION_USER_SELECT } from "@/lib/services/users/session-users";
import { db } from "@/lib/server/db";

handle("bench.noop", async () => {});

const JOBS = Number(process.env.BENCH_JOBS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 200);

async function left(kind: string) {
  const [row] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs j
    JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ${kind}`;
  return row!.n;
}

/** Queues `JOBS` jobs in one transaction, then times workers draining them. */
async function throughput(kind: string, add: (tx: Parameters<typeof enqueue>[0], i: number) => Promise<void>) {
  await db.$transaction(
    async (tx) => {
      for (let i = 0; i < JOBS; i++) await add(tx, i);
    },
    { timeout: 120_000 },
  );
  const started = performance.now();
  const workers = await startWorkers({ concurrency: CONCURRENCY });
  while ((await left(kind)) > 0) await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - started) / 1000;
  await workers.stop();
  return { jobs: JOBS, seconds: Math.round(seconds * 100) / 100, jobsPerSecond: Math.round(JOBS / seconds) };
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;

/**
 * The cost a ticket's mail adds to creating it: the same service call with a customer address
 * (its "ticket received" mail is queued in the transaction) and without one (no mail), interleaved
 * so both see the same machine load.
 */
async function ticketLatency(org: { id: string }) {
  const user = await db.user.create({
    data: {
      organizationId: org.id,
      role: "agent",
      email: `bench-agent-${Date.now()}@example.test`,
      fullName: "Bench Agent",
      username: "bench-agent",
      passwordHash: "x",
    },
    select: SESSION_USER_SELECT,
  });
  const actor = { kind: "staff" as const, user };
  const times = { withMail: [] as number[], withoutMail: [] as number[] };
  for (let i = 0; i < TICKETS; i++) {
    for (const mail of i % 2 ? [true, false] : [false, true]) {
      const input = createTicketSchema.parse({
        subject: `Bench ${i}`,
        description: "Measuring",
        ...(mail ? { customerEmail: `customer${i}@example.test` } : {}),
      });
      const started = performance.now();
      await createTicket(actor, input);
      (mail ? times.withMail : times.withoutMail).push(performance.now() - started);
    }
  }
  const summary = (xs: number[]) => ({
    p50: Math.round(quantile(xs, 0.5) * 100) / 100,
    p95: Math.round(quantile(xs, 0.95) * 100) / 100,
  });
  return { tickets: TICKETS, withMailMs: summary(times.withMail), withoutMailMs: summary(times.withoutMail) };
}

async function main() {
  await db.$executeRaw`DELETE FROM graphile_worker._private_jobs`;
  const noop = await throughput("bench.noop", (tx, i) => enqueue(tx, "bench.noop", { i }));
  const mail = await throughput("mail.send", (tx, i) =>
    enqueueMail(tx, { to: `bench${i}@example.test`, subject: `Bench ${i}`, text: "Hello from the benchmark" }),
  );
  // A customer's mail (a ticket received, a reply) also takes one from its organisation's quota:
  // a new enterprise organisation, whose hourly quota holds every one of them.
  const org = await db.organization.create({
    data: { name: "Bench Jobs", slug: `bench-jobs-${Date.now()}`, plan: "enterprise", onboardingCompleted: true },
  });
  const customerMail = await throughput("mail.send", (tx, i) =>
    enqueueMail(
      tx,
      { to: `customer${i}@example.test`, subject: `Bench ${i}`, text: "Hello from the benchmark" },
      { organizationId: org.id, customer: { what: "benchmark" } },
    ),
  );
  const latency = await ticketLatency(org);
  await db.$executeRaw`DELETE FROM graphile_worker._private_jobs`;
  console.log(JSON.stringify({ concurrency: CONCURRENCY, noop, mail, customerMail, createTicket: latency }));
  await db.$disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
