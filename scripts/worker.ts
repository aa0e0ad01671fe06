// `npm run worker`: only the job workers (mail, SLA warnings, clean-up), no web server, for
// deployments that run them apart. Any number may run against one database. SIGTERM lets
// running jobs finish (or releases them) before exiting.
//   --handlers=<file>  also load that module's handle()/schedule() calls (tests, benchmarks)
//   JOBS_CONCURRENCY   jobs at once in this process (default 4)
import { runWorkersInProcess } from "@/lib/jobs/in-process";

async function main() {
  const extra = process.argv.find((a) => a.startsWith("--handlers="))?.slice("--handlers=".length);
  if (extra) await import(extra.startsWith("/") ? extra : `${process.cwd()}/${extra}`);
  const workers = await runWorkersInProcess();
  console.log(JSON.stringify({ level: "info", msg: "job workers running", pid: process.pid }));
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.once(signal, () => void workers.stop().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
