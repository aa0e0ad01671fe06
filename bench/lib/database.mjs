// The benchmark database: DATABASE_URL when set, else an embedded PostgreSQL of its own
// (.data/bench, port 54339) with settings sized from the machine (scripts/lib/postgres-settings.mjs),
// never the demo database that `npm start` uses. A DATABASE_URL's server keeps its own settings:
// the report prints them either way.
import { readFileSync } from "node:fs";
import pg from "pg";
import { statFields } from "./process-tree.mjs";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres.mjs";
import { currentSettings, postgresSettings } from "../../scripts/lib/postgres-settings.mjs";

export async function benchDatabase() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  console.log("DATABASE_URL is not set: using the embedded benchmark PostgreSQL (data in .data/bench).");
  const db = await startEmbeddedPostgres({
    dir: ".data/bench",
    port: Number(process.env.BENCH_PG_PORT ?? 54339),
    database: "ticketry_bench",
    settings: postgresSettings("bench"),
  });
  return { url: db.url, stop: db.stop };
}

/**
 * What the benchmark database runs with, for the report: a figure means little without it.
 * @param {string} url
 */
export async function databaseSettings(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("SHOW server_version");
    return { server_version: rows[0].server_version, ...(await currentSettings(client)) };
  } finally {
    await client.end();
  }
}

/**
 * The main process of the PostgreSQL server behind `url` when it runs on this machine (its
 * connections, autovacuum and WAL writer are its children), else null: a managed database, or
 * off Linux. Found from the process serving one connection, whose parent it is.
 * @param {string} url
 */
export async function databaseServerPid(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT pg_backend_pid() AS pid");
    const postmaster = Number(statFields(rows[0].pid)[1]);
    // The same number may belong to an unrelated process here when the database runs elsewhere.
    return readFileSync(`/proc/${postmaster}/cmdline`, "utf8").split("\0")[0].endsWith("postgres") ? postmaster : null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}
