// The measuring half of `npm run bench:inbound`, run under tsx with the server's module conditions
// (bench/inbound.mjs starts it with DATABASE_URL, SMTP_URL and SINK_PORT set). Prints one JSON line.
import "@/lib/jobs/handlers";
import nodemailer from "nodemailer";
import { startWorkers } from "@/lib/jobs/runner";
import { startSmtpReceiver } from "@/lib/mail/inbound/smtp-receiver";
import { db } from "@/lib/server/db";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_SMTP_CONNECTIONS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
// Customers of one organisation may open 300 tickets an hour between them (the abuse rules):
// the mail is spread over enough organisations that none of it is refused.
const PER_ORGANIZATION = 250;

function message(batch: string, i: number, to: string) {
  return {
    from: { name: `Customer ${i}`, address: `customer-${batch}-${i}@bench-senders.test` },
    to,
    subject: `My order ${i} has not arrived`,
    text: `Hello,\n\nI ordered item ${i} last week and it has not arrived yet. Could you check?\n\nThanks`,
    messageId: `<bench-${batch}-${Date.now()}-${i}@bench-senders.test>`,
  };
}

/** Sends `MESSAGES` messages over `CONNECTIONS` pooled SMTP connections; resolves when all were answered 250. */
async function sendAll(port: number, batch: string, recipient: (i: number) => string) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: CONNECTIONS,
    maxMessages: Infinity,
  });
  const started = performance.now();
  await Promise.all(Array.from({ length: MESSAGES }, (_, i) => transport.sendMail(message(batch, i, recipient(i)))));
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return seconds;
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Organisations with a verified support address each, enough that no customer throttle refuses a batch. */
async function organizations(tag: string) {
  const ids: string[] = [];
  const addresses: string[] = [];
  for (let o = 0; o < Math.ceil(MESSAGES / PER_ORGANIZATION); o++) {
    const org = await db.organization.create({
      data: { name: `Bench Mail ${o}`, slug: `bench-mail-${tag}-${o}`, plan: "enterprise", onboardingCompleted: true },
    });
    const email = `support-${o}-${tag}@bench-mail.test`;
    await db.supportEmail.create({
      data: { organizationId: org.id, email, displayName: "Bench", verifiedAt: new Date() },
    });
    ids.push(org.id);
    addresses.push(email);
  }
  return { ids, recipient: (i: number) => addresses[i % addresses.length]! };
}

const finished = (ids: string[]) =>
  db.inboundMessage.count({ where: { organizationId: { in: ids }, status: { not: "received" } } });
async function untilFinished(ids: string[]) {
  while ((await finished(ids)) < MESSAGES) await new Promise((resolve) => setTimeout(resolve, 20));
}
const ticketsOf = (ids: string[]) =>
  db.inboundMessage.count({ where: { organizationId: { in: ids }, status: "processed", ticketId: { not: null } } });
const rate = (count: number, seconds: number) => ({
  count,
  seconds: round(seconds),
  perSecond: round(count / seconds, 1),
});

async function main() {
  await db.$executeRaw`DELETE FROM graphile_worker._private_jobs`;
  const tag = String(Date.now());
  const receiver = await startSmtpReceiver({
    port: 0,
    host: "127.0.0.1",
    messagesPerMinute: 1e9,
    connectionsPerAddress: 1000,
  });

  // The raw limit: the same client and messages against an SMTP server that only reads them.
  const staged = await organizations(`${tag}-a`);
  const rawSeconds = await sendAll(Number(process.env.SINK_PORT), "raw", staged.recipient);

  // The receiver alone (no workers): stored and queued before each 250.
  const acceptSeconds = await sendAll(receiver.port, "a", staged.recipient);
  // Then the workers alone drain what was queued.
  let started = performance.now();
  const workers = await startWorkers({ concurrency: CONCURRENCY });
  await untilFinished(staged.ids);
  const drainSeconds = (performance.now() - started) / 1000;
  const drained = await ticketsOf(staged.ids);

  // Both at once, as a server runs them: from the first message sent to the last ticket stored.
  const live = await organizations(`${tag}-b`);
  started = performance.now();
  const liveAcceptSeconds = await sendAll(receiver.port, "b", live.recipient);
  await untilFinished(live.ids);
  const endToEndSeconds = (performance.now() - started) / 1000;
  await workers.stop();
  await receiver.close();
  const failed = await db.inboundMessage.count({
    where: { organizationId: { in: [...staged.ids, ...live.ids] }, status: { in: ["failed", "ignored"] } },
  });
  console.log(
    JSON.stringify({
      messages: MESSAGES,
      connections: CONNECTIONS,
      concurrency: CONCURRENCY,
      organizations: staged.ids.length,
      raw: rate(MESSAGES, rawSeconds),
      acceptedAlone: rate(MESSAGES, acceptSeconds),
      ingestedAlone: rate(drained, drainSeconds),
      acceptedWhileIngesting: rate(MESSAGES, liveAcceptSeconds),
      endToEnd: rate(await ticketsOf(live.ids), endToEndSeconds),
      failed,
    }),
  );
  await db.$disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
