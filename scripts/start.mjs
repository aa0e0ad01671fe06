// `npm start`: database (embedded when DATABASE_URL is unset), migrations, demo data on the
// embedded database's first run (elsewhere only with SEED_DEMO_DATA=true), production build, server on http://localhost:3000 (PORT; the embedded database
// listens on EMBEDDED_PG_PORT, default 54329). Ctrl+C stops everything.
//   --dev       run `next dev` instead of building
//   --no-build  serve the existing build
import "./lib/env-file.mjs";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { resolveDatabase, run, seed } from "./lib/database.mjs";
import { shouldSeedDemoData } from "./lib/demo-seeding.mjs";
import { ensurePortFree } from "./lib/ports.mjs";
import { applyMigrations } from "./lib/schema-engine.mjs";
import { serverHeapArgs, serverProcessEnv } from "./lib/server-memory.mjs";

const args = new Set(process.argv.slice(2));
const port = process.env.PORT ?? "3000";
// Read first, so a mistyped SERVER_MAX_HEAP_MB stops the start before the build.
/** @type {string[]} */
let heapArgs;
try {
  heapArgs = serverHeapArgs();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

/** The embedded setup is a local demo: give it a stable random session secret of its own. */
function localSecret() {
  const file = ".data/nextauth-secret";
  if (!existsSync(file)) {
    mkdirSync(".data", { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

/** @param {string} url */
async function isEmpty(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM "Organization"');
    return rows[0].n === 0;
  } finally {
    await client.end();
  }
}

/** @type {Awaited<ReturnType<typeof resolveDatabase>> | undefined} */
let db;
/** @type {import("node:child_process").ChildProcess | undefined} */
let server;
let stopping = false;

/** @param {number} code */
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  const running = server;
  if (running && running.exitCode === null) {
    running.kill("SIGTERM");
    await new Promise((resolve) => running.once("exit", resolve));
  }
  await db?.stop();
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

try {
  // Checked before the database starts and the build runs, so a second copy stops at once.
  await ensurePortFree(Number(port), { service: "the Ticketry server", settings: ["PORT=<port>"] });
  // The embedded demo receives mail for its support addresses on 2525; elsewhere only when asked.
  const inboundSmtpPort = process.env.INBOUND_SMTP_PORT ?? (process.env.DATABASE_URL ? "" : "2525");
  if (inboundSmtpPort)
    await ensurePortFree(Number(inboundSmtpPort), {
      service: "the mail receiver",
      settings: ["INBOUND_SMTP_PORT=<port>"],
    });
  db = await resolveDatabase();
  const applied = await applyMigrations(db.url);
  console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database is up to date.");
  const setting = process.env.SEED_DEMO_DATA;
  if (shouldSeedDemoData({ setting, embedded: db.embedded, empty: await isEmpty(db.url) })) await seed(db.url);

  /** @type {Record<string, string>} */
  const env = {
    DATABASE_URL: db.url,
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
    NEXT_TELEMETRY_DISABLED: "1",
    INBOUND_SMTP_PORT: inboundSmtpPort,
  };
  // Production refuses to start without a secret; only the embedded local demo gets one made up.
  if (!process.env.NEXTAUTH_SECRET && db.embedded) env.NEXTAUTH_SECRET = localSecret();
  // The local demo has no mail server: print emails (reset links, invitations) to the log.
  if (db.embedded && !process.env.SMTP_URL) env.MAIL_LOG = "1";
  // The embedded database is the local demo: its login page may offer the demo logins.
  if (db.embedded && !process.env.ALLOW_DEMO_LOGINS) env.ALLOW_DEMO_LOGINS = "true";
  if (args.has("--dev")) {
    server = spawn("node_modules/.bin/next", ["dev", "-p", port], {
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
  } else {
    if (!args.has("--no-build")) await run("node_modules/.bin/next", ["build"], env);
    // The heap cap is the server's alone: `next build` above runs with Node's default.
    server = spawn(process.execPath, [...heapArgs, "scripts/serve.mjs"], {
      stdio: "inherit",
      env: serverProcessEnv({ ...process.env, ...env, PORT: port }),
    });
  }
  server.on("exit", (code) => shutdown(code ?? 0));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
