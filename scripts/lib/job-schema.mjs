// The job queue's own tables and functions (graphile-worker's schema `graphile_worker`), installed
// or upgraded next to our migrations: jobs are enqueued inside app transactions by calling its
// SQL function, so the schema must exist before the first request, not when a worker first starts.
import { Logger, runMigrations } from "graphile-worker";

const quiet = new Logger(() => (level, message) => {
  if (level === "error") console.error(message);
});

/** @param {string} url */
export async function installJobSchema(url) {
  await runMigrations({ connectionString: url, logger: quiet });
}
