// Runs the production build for a benchmark: database (embedded unless DATABASE_URL), migrations,
// optional build, the production server (scripts/serve.mjs) on `port`; returns the base URL and a stop function.
import { spawn } from "node:child_process";
import { openSync, readFileSync, writeFileSync } from "node:fs";
import { resolveDatabase, run } from "../../scripts/lib/database.mjs";
import { applyMigrations } from "../../scripts/lib/schema-engine.mjs";
import { serverHeapArgs, serverProcessEnv } from "../../scripts/lib/server-memory.mjs";

/**
 * @param {string} url
 * @param {number} [timeoutMs]
 */
async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** The session secret the bench's servers and processes sign with (production refuses to start without one). */
export const BENCH_SESSION_SECRET = "benchmark-secret-0123456789abcdefghij";

/**
 * `nodeArgs`: extra Node flags of the server (e.g. --cpu-prof); cluster workers inherit them.
 * @param {{ port: number, build?: boolean, env?: Record<string, string>, logFile?: string, nodeArgs?: string[] }} options
 */
export async function startProductionServer({ port, build = true, env: extra = {}, logFile, nodeArgs = [] }) {
  const db = extra.DATABASE_URL ? { url: extra.DATABASE_URL, stop: async () => {} } : await resolveDatabase();
  await applyMigrations(db.url);
  const env = {
    DATABASE_URL: db.url,
    NEXTAUTH_SECRET: BENCH_SESSION_SECRET,
    APP_URL: `http://localhost:${port}`,
    NEXT_TELEMETRY_DISABLED: "1",
    ...extra,
  };
  // `next build` adds a custom distDir (NEXT_DIST_DIR) to tsconfig.json's include: keep the file as committed.
  const tsconfig = readFileSync("tsconfig.json", "utf8");
  try {
    if (build) await run("node_modules/.bin/next", ["build"], env);
  } finally {
    writeFileSync("tsconfig.json", tsconfig);
  }
  // The server's log (e.g. one line per mail it could not send) goes to logFile when given.
  const stderr = logFile ? openSync(logFile, "a") : "inherit";
  // The heap cap `npm start` gives the server (SERVER_MAX_HEAP_MB), so the bench measures that.
  const server = spawn(
    process.execPath,
    [...serverHeapArgs({ ...process.env, ...extra }), ...nodeArgs, "scripts/serve.mjs"],
    {
      stdio: ["ignore", "ignore", stderr],
      env: serverProcessEnv({ ...process.env, ...env, PORT: String(port) }),
    },
  );
  const base = `http://localhost:${port}`;
  await waitFor(`${base}/api/health`);
  return {
    base,
    server,
    databaseUrl: db.url,
    stop: async () => {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
      await db.stop();
    },
  };
}
