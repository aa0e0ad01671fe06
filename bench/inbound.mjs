// `npm run bench:inbound`: how fast mail becomes tickets on this machine. Real SMTP clients
// (nodemailer, pooled connections) send to the built-in receiver, which stores each message
// before answering 250; the job queue's workers (in the same process, as in `npm start`) turn
// them into tickets and queue each "ticket received" mail. Reports messages/s accepted, tickets/s
// stored end to end, and the raw limit: the same client and messages against an SMTP server
// that only reads them, in the same run. Configures everything in code: its own embedded
// PostgreSQL (.data/bench, BENCH_PG_PORT, default 54339, unless DATABASE_URL), migrations and
// queue schema, and SMTP servers in this process.
//   BENCH_MESSAGES (1000)  BENCH_SMTP_CONNECTIONS (8)  BENCH_CONCURRENCY (8 jobs at once)
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { cpus } from "node:os";
import { benchDatabase, databaseSettings } from "./lib/database.mjs";
import { applyMigrations } from "../scripts/lib/schema-engine.mjs";

const { SMTPServer } = /** @type {typeof import("smtp-server")} */ (createRequire(import.meta.url)("smtp-server"));

/** An SMTP server that reads and drops every message: outgoing mail's sink, and the raw limit. */
async function sink() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => callback());
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.server.address());
  return { port, close: () => server.close() };
}

const outgoing = await sink();
const raw = await sink();
const db = await benchDatabase();
try {
  await applyMigrations(db.url);
  const settings = await databaseSettings(db.url);
  const output = await new Promise((resolve, reject) => {
    let out = "";
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "bench/lib/inbound-run.ts"],
      {
        env: {
          ...process.env,
          DATABASE_URL: db.url,
          SMTP_URL: `smtp://127.0.0.1:${outgoing.port}/?ignoreTLS=true&pool=true&maxConnections=8`,
          SINK_PORT: String(raw.port),
          NODE_ENV: "production",
          NEXTAUTH_SECRET: "bench-secret-not-for-production-0123456789",
          MAIL_LOG: "0",
          // No network here: SPF/DKIM/DMARC lookups answer "no record" at once (the cost of parsing stays).
          INBOUND_AUTH_DNS: process.env.INBOUND_AUTH_DNS ?? "off",
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("exit", (code) =>
      code === 0 ? resolve(out.trim().split("\n").at(-1)) : reject(new Error(`exit ${code}`)),
    );
  });
  const r = JSON.parse(output);
  /** @type {(label: string, x: { perSecond: number, count: number, seconds: number }) => void} */
  const line = (label, x) => console.log(`  ${label}: ${x.perSecond}/s (${x.count} in ${x.seconds} s)`);
  console.log(
    `\nMail in on ${cpus().length} CPUs, PostgreSQL ${settings.server_version}; batches of ${r.messages} messages over ${r.connections} SMTP connections to ${r.organizations} organisations; one process receiving and running ${r.concurrency} jobs at once`,
  );
  line("raw limit: the same client against an SMTP server that only reads, messages", r.raw);
  line("receiver alone: stored with its ingestion job before each 250, messages", r.acceptedAlone);
  line("workers alone: parsed, authenticated, threaded, ticket + SLA + received mail queued, tickets", r.ingestedAlone);
  line("receiver while the workers ingest, messages", r.acceptedWhileIngesting);
  line("end to end, first message sent to last ticket stored, tickets", r.endToEnd);
  if (r.failed > 0 || r.endToEnd.count < r.messages) {
    console.log(`  ${r.failed} messages refused or ignored`);
    process.exitCode = 1;
  }
} finally {
  await db.stop();
  outgoing.close();
  raw.close();
}
