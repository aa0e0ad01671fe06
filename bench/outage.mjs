// `npm run bench:outage`: the soak's traffic while PostgreSQL is stopped for 10 s and started
// again. During the outage requests must fail fast (503 with { error } within 2 s, no hang);
// the server recovers by itself; no acknowledged write is lost and nothing is half-written.
//   --no-build  --clients=<n> (50)  --port=<n> (3411)  --before=<s> (15)  --outage=<s> (10)  --after=<s> (20)
import { percentile, runTraffic, summarize } from "./lib/traffic.mjs";
import { arg, lostAndHalfWritten, mailProblems, saveReport, withTrafficStack } from "./lib/traffic-run.mjs";

const clients = Number(arg("clients", 50));
const port = Number(arg("port", 3411));
const pgPort = Number(arg("pg-port", 54421));
const beforeMs = Number(arg("before", 15)) * 1000;
const outageMs = Number(arg("outage", 10)) * 1000;
const afterMs = Number(arg("after", 20)) * 1000;

await withTrafficStack({ port, pgPort }, async ({ postgres, server, tenants, verify, checkMail }) => {
  console.log(
    `outage: ${clients} clients; PostgreSQL stops at ${beforeMs / 1000} s for ${outageMs / 1000} s; ${server.base}`,
  );

  const marks = {};
  const traffic = runTraffic({ base: server.base, tenants, clients, durationMs: beforeMs + outageMs + afterMs });
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, beforeMs));
  marks.stopAt = Date.now() - t0;
  await postgres.pg.stop();
  marks.stoppedAt = Date.now() - t0;
  await new Promise((r) => setTimeout(r, outageMs - (marks.stoppedAt - marks.stopAt)));
  marks.startAt = Date.now() - t0;
  await postgres.pg.start();
  marks.startedAt = Date.now() - t0;
  const { samples, acked, elapsedMs } = await traffic;

  // Requests that began while the database was down (allowing for the stop itself).
  const during = samples.filter((s) => s.at >= marks.stoppedAt && s.at + s.ms <= marks.startAt);
  const failed = during.filter((s) => s.status !== 200 && s.status !== 201);
  const writeKinds = new Set(["create", "reply", "update"]);
  const firstWriteOk = samples
    .filter((s) => s.at >= marks.startedAt && writeKinds.has(s.kind) && s.status < 300)
    .sort((a, b) => a.at + a.ms - (b.at + b.ms))[0];
  const lastFailure = samples
    .filter((s) => s.at >= marks.startedAt && s.status >= 500)
    .sort((a, b) => b.at + b.ms - (a.at + a.ms))[0];
  const health = await fetch(`${server.base}/api/health`).then((r) => r.status);
  const verification = await verify(acked);
  const mail = await checkMail(acked);
  const report = {
    run: "outage",
    clients,
    seconds: Math.round(elapsedMs / 1000),
    marks,
    overall: {
      ...summarize(samples),
      serverErrorsOtherThan503: samples.filter((s) => s.status >= 500 && s.status !== 503).length,
    },
    duringOutage: {
      requests: during.length,
      byStatus: Object.fromEntries(
        [...new Set(during.map((s) => s.status))].map((st) => [st, during.filter((s) => s.status === st).length]),
      ),
      notAnswered503: failed.filter((s) => s.status !== 503).length,
      withoutErrorBody: failed.filter((s) => !s.bodyOk).length,
      p50Ms: Math.round(
        percentile(
          failed.map((s) => s.ms),
          50,
        ),
      ),
      p99Ms: Math.round(
        percentile(
          failed.map((s) => s.ms),
          99,
        ),
      ),
      maxMs: Math.round(Math.max(0, ...failed.map((s) => s.ms))),
      slowerThan2s: failed.filter((s) => s.ms > 2000).length,
      slowest: failed
        .sort((x, y) => y.ms - x.ms)
        .slice(0, 5)
        .map((s) => ({
          kind: s.kind,
          status: s.status,
          ms: Math.round(s.ms),
          startedAfterStopMs: Math.round(s.at - marks.stoppedAt),
        })),
    },
    recovery: {
      firstSuccessfulWriteAfterStartMs: firstWriteOk
        ? Math.round(firstWriteOk.at + firstWriteOk.ms - marks.startedAt)
        : null,
      lastServerErrorAfterStartMs: lastFailure ? Math.round(lastFailure.at + lastFailure.ms - marks.startedAt) : null,
      healthAfterRun: health,
      restartedServer: false,
    },
    verification,
    mail,
  };
  const otherServerErrors = report.overall.serverErrorsOtherThan503;
  saveReport(report);
  const { lost, half } = lostAndHalfWritten(verification);
  if (
    otherServerErrors > 0 ||
    report.duringOutage.slowerThan2s > 0 ||
    report.duringOutage.notAnswered503 > 0 ||
    report.duringOutage.withoutErrorBody > 0 ||
    lost > 0 ||
    half > 0 ||
    health !== 200 ||
    !firstWriteOk ||
    mailProblems(mail) > 0
  ) {
    console.error(
      "outage: FAILED (a 5xx other than 503, slow or non-503 failures during the outage, lost or half-written writes, no recovery, or a ticket's mail missing, duplicated or dead)",
    );
    process.exitCode = 1;
  }
});
