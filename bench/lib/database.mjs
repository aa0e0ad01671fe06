// The benchmark database: DATABASE_URL when set, else an embedded PostgreSQL of its own
// (.data/bench, port 54339) with settings sized from the machine (scripts/lib/postgres-settings.mjs),
// never the demo database that `npm start` uses. A DATABASE_URL's server keeps its own settings:
// the report prints them either way.
import pg from "pg";
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

/** What the benchmark database runs with, for the report: a figure means little without it. */
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
