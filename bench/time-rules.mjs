// `npm run bench:time-rules`: one sweep of the time rules (the three examples) over an
// Enterprise organisation of BENCH_TICKETS tickets (50,000), then the next sweep five minutes
// later, when every candidate has fired and nothing changed (but the one ticket of every five
// minutes that crossed a rule's hours since). Both must end well within the 5-minute period the
// job queue runs them at.
// The benchmark PostgreSQL: embedded unless DATABASE_URL (see bench/lib/database.mjs).
import { spawn } from "node:child_process";
import { benchDatabase, databaseSettings } from "./lib/database.mjs";
import { BENCH_SESSION_SECRET } from "./lib/server.mjs";
import { applyMigrations } from "../scripts/lib/schema-engine.mjs";

const PERIOD_SECONDS = 300;

const db = await benchDatabase();
try {
  await applyMigrations(db.url);
  const settings = await databaseSettings(db.url);
  const output = await new Promise((resolve, reject) => {
    let out = "";
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "bench/lib/time-rules-run.ts"],
      {
        env: { ...process.env, DATABASE_URL: db.url, NODE_ENV: "production", NEXTAUTH_SECRET: BENCH_SESSION_SECRET },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("exit", (code) =>
      code === 0 ? resolve(out.trim().split("\n").at(-1)) : reject(new Error(`exit ${code}`)),
    );
  });
  const { tickets, open, first, next } = JSON.parse(String(output));
  console.log(`\nTime rules' sweep, PostgreSQL ${settings.server_version}: ${tickets} tickets, ${open} of them open`);
  console.log(
    `  first sweep: ${first.fired} tickets changed in ${first.seconds} s (${Math.round(first.fired / first.seconds)} tickets/s)`,
  );
  console.log(`  next sweep, five minutes later: ${next.fired} changed in ${next.seconds} s`);
  const share = (/** @type {number} */ s) =>
    `${Math.round((s / PERIOD_SECONDS) * 10_000) / 100} % of the ${PERIOD_SECONDS / 60}-minute period`;
  console.log(`  against the period: first ${share(first.seconds)}, next ${share(next.seconds)}`);
  if (first.seconds > PERIOD_SECONDS || next.seconds > PERIOD_SECONDS) process.exitCode = 1;
} finally {
  await db.stop();
}
