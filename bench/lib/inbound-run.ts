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

function message(i: number, to: string) {
  return {
    from: { name: `Customer ${i}`, address: `customer-${i}@bench-senders.test` },
    to,
    subject: `My order ${i} has not arrived`,
    text: `Hello,\n\nI ordered item ${i} last week and it has not arrived yet. Could you check?\n\nThanks`,
    messageId: `<bench-${Date.now()}-${i}@bench-senders.test>`,
  };
}

/** Sends `count` messages over `CONNECTIONS` pooled SMTP connections; resolves when all were answered 250. */
async function sendAll(port: number, count: number, recipient: (i: number) => string) {
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
  await Promise.all(Array.from({ length: count }, (_, i) => transport.sendMail(message(i, recipient(i)))));
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return seconds;
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

async function main() {
  await db.$executeRaw`DELETE FROM graphile_worker._private_jobs`;
  const tag = Date.now();
  const addresses: string[] = [];
  for (let o = 0; o < Math.ceil(MESSAGES / PER_ORGANIZATION); o++) {
    const org = await db.organization.create({
      data: { name: `Bench Mail ${o}`, slug: `bench-mail-${tag}-${o}`, plan: "enterprise", onboardingCompleted: true },
    });
    const email = `support-${o}-${tag}@bench-mail.test`;
    await db.supportEmail.create({
      data: { organizationId: org.id, email, displayName: "Bench", verifiedAt: new Date() },
    });
    addresses.push(email);
  }
  const recipient = (i: number) => addresses[i % addresses.length]!;

  // The raw limit: the same client and messages against an SMTP server that only reads them.
  const rawSeconds = await sendAll(Number(process.env.SINK_PORT), MESSAGES, recipient);

  const receiver = await startSmtpReceiver({
    port: 0,
    host: "127.0.0.1",
    messagesPerMinute: 1e9,
    connectionsPerAddress: 1000,
  });
  const workers = await startWorkers({ concurrency: CONCURRENCY });
  const started = performance.now();
  const acceptSeconds = await sendAll(receiver.port, MESSAGES, recipient);
  for (;;) {
    const done = await db.inboundMessage.count({ where: { status: { not: "received" } } });
    if (done >= MESSAGES) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ticketSeconds = (performance.now() - started) / 1000;
  await workers.stop();
  await receiver.close();
  const tickets = await db.inboundMessage.count({ where: { status: "processed", ticketId: { not: null } } });
  const failed = await db.inboundMessage.count({ where: { status: { in: ["failed", "ignored"] } } });
  console.log(
    JSON.stringify({
      messages: MESSAGES,
      connections: CONNECTIONS,
      concurrency: CONCURRENCY,
      organizations: addresses.length,
      raw: { seconds: round(rawSeconds), perSecond: round(MESSAGES / rawSeconds, 0) },
      accepted: { seconds: round(acceptSeconds), perSecond: round(MESSAGES / acceptSeconds, 0) },
      tickets: { count: tickets, failed, seconds: round(ticketSeconds), perSecond: round(tickets / ticketSeconds, 1) },
    }),
  );
  await db.$disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
