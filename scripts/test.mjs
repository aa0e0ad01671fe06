// `npm test`: typecheck, lint, formatting, Jest (unit + integration on a real Postgres) and Playwright
// against a production build (server on E2E_PORT, default 3100, in the Chromium
// scripts/lib/chromium.mjs picks). The database is TEST_DATABASE_URL's server when given, else
// an embedded Postgres of its own (.test-data/, TEST_PG_PORT, else 54330 or the next free port); each run uses
// fresh databases and drops them at the end. The integration tests run in two Jest workers, each
// on its own database cloned from one migrated template (tests/integration/setup.ts picks it).
//   --only unit|integration|e2e|static   run one part
//   -- <patterns>                          only the Jest test files / Playwright specs matching them
// TEST_RESULTS_DIR (default test-results) and NEXT_DIST_DIR (default .next) let several runs
// share one checkout without overwriting each other's build or results.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import pg from "pg";
import { describeChromium, resolveChromium } from "./lib/chromium.mjs";
import { run, seed } from "./lib/database.mjs";
import { startEmbeddedPostgres } from "./lib/embedded-postgres.mjs";
import { startMailCatcher } from "./lib/mail-catcher.mjs";
import { ensurePortFree, firstFreePort } from "./lib/ports.mjs";
import { applyMigrations } from "./lib/schema-engine.mjs";

const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined;
/** @param {string} part */
const wants = (part) => !only || only === part;
const dashIndex = process.argv.indexOf("--");
const patterns = dashIndex > 0 ? process.argv.slice(dashIndex + 1) : [];
const RESULTS = process.env.TEST_RESULTS_DIR ?? "test-results";
const runId = `${Date.now().toString(36)}_${process.pid}`;
const E2E_PORT = process.env.E2E_PORT ?? "3100";
// The e2e server's mail receiver (the email channel's browser test sends mail to it).
const E2E_SMTP_PORT = process.env.E2E_SMTP_PORT ?? "2526";
const TEST_PG_SETTINGS = [
  "TEST_PG_PORT=<port>",
  "TEST_DATABASE_URL set to a PostgreSQL server the tests may create databases on",
];
// Jest workers for the integration tests, each on a database of its own: one per core of the
// 2-core machines the suite is sized for (PostgreSQL shares those cores).
const INTEGRATION_WORKERS = 2;
const counts = { passed: 0, failed: 0 };
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

/**
 * No one connects to the tests' PostgreSQL by hand, so without TEST_PG_PORT a taken 54330 is no
 * reason to stop: it may be another run, or an outgoing connection the system gave that port as
 * its local one (54330 lies in Linux's range for those). The port is chosen just before the
 * server starts, minutes after the first checks.
 */
async function testPostgresPort() {
  if (process.env.TEST_PG_PORT) return Number(process.env.TEST_PG_PORT);
  return (await firstFreePort(54330, "127.0.0.1")) ?? 54330;
}

/**
 * @param {string} serverUrl
 * @param {string} name
 */
function withDatabase(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * @param {string} serverUrl
 * @param {string} sql
 */
async function adminQuery(serverUrl, sql) {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * @param {string} serverUrl
 * @param {string} name
 */
async function freshDatabase(serverUrl, name) {
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const url = withDatabase(serverUrl, name);
  await applyMigrations(url);
  return url;
}

/** @typedef {{ numPassedTests: number, numFailedTests: number }} JestReport */
/** @typedef {{ stats: { expected: number, unexpected: number, flaky: number } }} PlaywrightReport */

/**
 * Adds the passed and failed tests of a report the run wrote to the counts.
 * @template R the report's JSON
 * @param {string} file
 * @param {(report: R) => { passed: number, failed: number }} read
 */
function tally(file, read) {
  if (!existsSync(file)) return;
  const { passed, failed } = read(JSON.parse(readFileSync(file, "utf8")));
  counts.passed += passed;
  counts.failed += failed;
}

/** @type {{ url: string, stop: () => Promise<void> } | undefined} */
let server;
/** @type {Awaited<ReturnType<typeof startMailCatcher>> | undefined} */
let mail;
/** @type {string[]} */
const databases = [];
/** The tests' PostgreSQL, which the integration and end-to-end tests start first. */
const serverUrl = () => {
  if (!server) throw new Error("the tests' PostgreSQL has not started");
  return server.url;
};
/** @param {string} name */
const step = (name) => console.log(`\n=== ${name} ===`);

try {
  // A taken port or a missing browser fails the run now, not after minutes of other checks.
  const embedded = (wants("integration") || wants("e2e")) && !process.env.TEST_DATABASE_URL;
  if (embedded && process.env.TEST_PG_PORT)
    await ensurePortFree(Number(process.env.TEST_PG_PORT), {
      host: "127.0.0.1",
      service: "the tests' embedded PostgreSQL",
      settings: TEST_PG_SETTINGS,
    });
  let chromium;
  if (wants("e2e")) {
    await ensurePortFree(Number(E2E_PORT), { service: "the end-to-end tests' server", settings: ["E2E_PORT=<port>"] });
    await ensurePortFree(Number(E2E_SMTP_PORT), {
      service: "the end-to-end tests' mail receiver",
      settings: ["E2E_SMTP_PORT=<port>"],
    });
    chromium = await resolveChromium();
    console.log(describeChromium(chromium));
  }
  if (wants("static")) {
    step("typecheck");
    await run("node_modules/.bin/tsc", ["--noEmit"]);
    step("lint");
    await run("node_modules/.bin/eslint", [".", "--max-warnings=0"]);
    step("format (Prettier; `npm run format` fixes)");
    await run("node_modules/.bin/prettier", ["--check", "--log-level=warn", "."]);
  }
  if (wants("unit")) {
    step("unit tests");
    await run("node_modules/.bin/jest", [
      "--selectProjects",
      "unit",
      "--json",
      `--outputFile=${RESULTS}/jest-unit.json`,
      ...patterns,
    ]);
  }
  if (wants("integration") || wants("e2e")) {
    server = process.env.TEST_DATABASE_URL
      ? { url: process.env.TEST_DATABASE_URL, stop: async () => {} }
      : await startEmbeddedPostgres({
          dir: ".test-data/postgres",
          port: await testPostgresPort(),
          database: "postgres",
          portSettings: TEST_PG_SETTINGS,
        });
  }
  if (wants("integration")) {
    step(`integration tests (PostgreSQL, ${INTEGRATION_WORKERS} workers)`);
    const template = `ticketry_test_${runId}`;
    databases.push(template);
    await freshDatabase(serverUrl(), template);
    /** @type {string[]} */
    const workerUrls = [];
    for (let worker = 1; worker <= INTEGRATION_WORKERS; worker++) {
      const name = `${template}_w${worker}`;
      databases.push(name);
      await adminQuery(serverUrl(), `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      workerUrls.push(withDatabase(serverUrl(), name));
    }
    await run(
      "node_modules/.bin/jest",
      [
        "--selectProjects",
        "integration",
        `--maxWorkers=${INTEGRATION_WORKERS}`,
        "--json",
        `--outputFile=${RESULTS}/jest-integration.json`,
        ...patterns,
      ],
      {
        // tests/integration/setup.ts gives Jest worker n the nth of these as its DATABASE_URL.
        TEST_WORKER_DATABASE_URLS: workerUrls.join(","),
        TEST_SERVER_URL: serverUrl(),
      },
    );
  }
  if (wants("e2e")) {
    step("end-to-end tests (Chromium, production build)");
    const name = `ticketry_e2e_${runId}`;
    databases.push(name);
    const url = await freshDatabase(serverUrl(), name);
    await seed(url);
    mail = await startMailCatcher(`${RESULTS}/mail`);
    const env = {
      SMTP_URL: mail.url,
      E2E_MAIL_DIR: `${RESULTS}/mail`,
      TEST_RESULTS_DIR: RESULTS,
      DATABASE_URL: url,
      NEXTAUTH_SECRET: "e2e-secret-not-for-production-0123456789",
      // The specs of the demo itself sign in with the seeded demo accounts, as a deliberate demo
      // would; every other spec seeds an organisation of its own (tests/e2e/team.ts).
      ALLOW_DEMO_LOGINS: "true",
      APP_URL: `http://localhost:${E2E_PORT}`,
      E2E_PORT,
      // The end-to-end server runs one process (E2E_WEB_CONCURRENCY to change it), so per-process
      // limits stay as the specs expect; tests/e2e/server-cluster.spec.ts starts one with two.
      WEB_CONCURRENCY: process.env.E2E_WEB_CONCURRENCY ?? "1",
      INBOUND_SMTP_PORT: E2E_SMTP_PORT,
      INBOUND_SMTP_HOST: "127.0.0.1",
      // No DNS here: SPF/DKIM/DMARC lookups answer "no record" at once.
      INBOUND_AUTH_DNS: "off",
      E2E_CHROMIUM: JSON.stringify(chromium),
      NEXT_TELEMETRY_DISABLED: "1",
    };
    // `next build` adds a custom distDir to tsconfig.json's include; keep the file as committed.
    const tsconfig = readFileSync("tsconfig.json", "utf8");
    try {
      await run("node_modules/.bin/next", ["build"], env);
    } finally {
      writeFileSync("tsconfig.json", tsconfig);
    }
    await run("node_modules/.bin/playwright", ["test", ...patterns], env);
  }
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  tally(`${RESULTS}/jest-unit.json`, (/** @type {JestReport} */ r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
  }));
  tally(`${RESULTS}/jest-integration.json`, (/** @type {JestReport} */ r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
  }));
  tally(`${RESULTS}/playwright.json`, (/** @type {PlaywrightReport} */ r) => ({
    passed: r.stats.expected,
    failed: r.stats.unexpected + r.stats.flaky,
  }));
  for (const name of databases)
    await adminQuery(serverUrl(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
  await server?.stop();
  await mail?.stop();
  if (counts.failed && !process.exitCode) process.exitCode = 1;
  console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
  process.exit(process.exitCode ?? 0);
}
