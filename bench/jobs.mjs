// `npm run bench:jobs`: the job queue's throughput on this machine (jobs/s for a no-op handler
// and for mail to a local SMTP server, plain and to customers) and what queueing a mail adds to
// creating a ticket.
// Configures everything in code: the benchmark PostgreSQL (embedded unless DATABASE_URL, see
// bench/lib/database.mjs), its migrations and queue schema, and an SMTP server in this process.
//   BENCH_JOBS (2000)  BENCH_CONCURRENCY (8 jobs at once in one worker process)  BENCH_TICKETS (200)
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { cpus } from "node:os";
import { benchDatabase, databaseSettings } from "./lib/database.mjs";
import { BENCH_SESSION_SECRET } from "./lib/server.mjs";
import { applyMigrations } from "../scripts/lib/schema-engine.mjs";

const { SMTPServer } = /** @type {typeof import("smtp-server")} */ (createRequire(import.meta.url)("smtp-server"));

let accepted = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      accepted++;
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", () => resolve(undefined)));
const { port: smtpPort } = /** @type {import("node:net").AddressInfo} */ (smtp.server.address());
const smtpUrl = `smtp://127.0.0.1:${smtpPort}/?ignoreTLS=true&pool=true&maxConnections=8`;

const db = await benchDatabase();
try {
  await applyMigrations(db.url);
  const settings = await databaseSettings(db.url);
  const output = await new Promise((resolve, reject) => {
    let out = "";
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "bench/lib/jobs-run.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        SMTP_URL: smtpUrl,
        NODE_ENV: "production",
        MAIL_LOG: "0",
        NEXTAUTH_SECRET: BENCH_SESSION_SECRET,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("exit", (code) =>
      code === 0 ? resolve(out.trim().split("\n").at(-1)) : reject(new Error(`exit ${code}`)),
    );
  });
  const result = JSON.parse(output);
  console.log(
    `\nJob queue on ${cpus().length} CPUs, PostgreSQL ${settings.server_version}, one worker process running ${result.concurrency} jobs at once`,
  );
  console.log(
    `  no-op handler: ${result.noop.jobs} jobs in ${result.noop.seconds} s = ${result.noop.jobsPerSecond} jobs/s`,
  );
  console.log(
    `  mail to a local SMTP server: ${result.mail.jobs} jobs in ${result.mail.seconds} s = ${result.mail.jobsPerSecond} jobs/s`,
  );
  console.log(
    `  mail to customers (each counted against the organisation's quota): ${result.customerMail.jobs} jobs in ${result.customerMail.seconds} s = ${result.customerMail.jobsPerSecond} jobs/s (SMTP accepted ${accepted} of the ${result.mail.jobs + result.customerMail.jobs})`,
  );
  const t = result.createTicket;
  console.log(
    `  creating a ticket (${t.tickets} each, interleaved): with its mail queued p50 ${t.withMailMs.p50} ms, p95 ${t.withMailMs.p95} ms; without mail p50 ${t.withoutMailMs.p50} ms, p95 ${t.withoutMailMs.p95} ms`,
  );
  if (accepted < result.mail.jobs + result.customerMail.jobs) process.exitCode = 1;
} finally {
  await db.stop();
  smtp.close();
}
