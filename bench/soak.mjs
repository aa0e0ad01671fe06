// `npm run bench:soak`: a production build under mixed traffic (reads, ticket creation,
// replies, status/priority changes across several organisations) from 50 concurrent clients
// for 60 s, on a PostgreSQL of its own; then every acknowledged write is checked in the database.
//   --no-build            serve the existing build (NEXT_DIST_DIR, default .next)
//   --duration=<seconds>  default 60;  --clients=<n> default 50;  --port=<n> default 3410
import { runTraffic, summarize } from "./lib/traffic.mjs";
import { arg, lostAndHalfWritten, mailProblems, saveReport, withTrafficStack } from "./lib/traffic-run.mjs";

const durationMs = Number(arg("duration", 60)) * 1000;
const clients = Number(arg("clients", 50));
const port = Number(arg("port", 3410));
const pgPort = Number(arg("pg-port", 54420));

await withTrafficStack({ port, pgPort }, async ({ server, tenants, verify, checkMail }) => {
  console.log(`soak: ${clients} clients, ${durationMs / 1000} s, ${tenants.length} organisations, ${server.base}`);
  const { samples, acked, elapsedMs } = await runTraffic({ base: server.base, tenants, clients, durationMs });
  const summary = summarize(samples);
  const verification = await verify(acked);
  const mail = await checkMail(acked);
  const report = {
    run: "soak",
    clients,
    seconds: Math.round(elapsedMs / 1000),
    ...summary,
    requestsPerSecond: Math.round(summary.requests / (elapsedMs / 1000)),
    verification,
    mail,
  };
  saveReport(report);
  const { lost, half } = lostAndHalfWritten(verification);
  if (
    summary.serverErrors > 0 ||
    lost > 0 ||
    half > 0 ||
    verification.duplicateTicketNumbers > 0 ||
    verification.historyNotMatchingStatus > 0 ||
    mailProblems(mail) > 0
  ) {
    console.error(
      "soak: FAILED (5xx, lost or half-written writes, duplicate numbers, inconsistent history, or a ticket's mail missing, duplicated or dead)",
    );
    process.exitCode = 1;
  }
});
