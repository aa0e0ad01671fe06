// `npm run bench:sla-warnings`: the minute's SLA warning job (lib/services/tickets/sla-warnings.ts)
// on a database seeded by `npm run bench:seed` (DATABASE_URL; at a million tickets:
// `npm run bench:seed -- --orgs 1000 --tickets 1000000`). It first warns of what came due since
// the seed, as the job would have, then measures a quiet minute (nothing due) and a busy one
// (BENCH_COMING_DUE open tickets, 500 unless set, turning at risk at once: each is one
// transaction with its warning and mails). Both must end well within the minute the job queue
// runs it at. It sends real warnings into the database's mail queue, as the job does.
import { spawn } from "node:child_process";
import { databaseSettings } from "./lib/database.mjs";
import { BENCH_SESSION_SECRET } from "./lib/server.mjs";

const PERIOD_SECONDS = 60;

if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL to a database seeded by `npm run bench:seed`.");
const settings = await databaseSettings(process.env.DATABASE_URL);
const output = await new Promise((resolve, reject) => {
  let out = "";
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "bench/lib/sla-warnings-run.ts"],
    {
      env: { ...process.env, NODE_ENV: "production", NEXTAUTH_SECRET: BENCH_SESSION_SECRET },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  child.stdout.on("data", (chunk) => (out += chunk));
  child.on("exit", (code) => (code === 0 ? resolve(out.trim().split("\n").at(-1)) : reject(new Error(`exit ${code}`))));
});
const { tickets, watched, comingDue, catchUp, idle, busy } = JSON.parse(String(output));
const share = (/** @type {number} */ s) => `${Math.round((s / PERIOD_SECONDS) * 10_000) / 100} % of the minute`;
console.log(`\nSLA warnings' job, PostgreSQL ${settings.server_version}: ${tickets} tickets, ${watched} watched`);
console.log(
  `  caught up with what came due since the seed: ${catchUp.mailed} warnings in ${catchUp.runs} runs, ${catchUp.seconds} s`,
);
console.log(`  a quiet minute (nothing due): ${idle.seconds} s (${share(idle.seconds)})`);
console.log(
  `  a busy minute (${comingDue} tickets turning at risk): ${busy.mailed} warnings in ${busy.seconds} s (${share(busy.seconds)})`,
);
if (idle.seconds > PERIOD_SECONDS || busy.seconds > PERIOD_SECONDS) process.exitCode = 1;
