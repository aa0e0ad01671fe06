// The benchmark database: DATABASE_URL when set, else an embedded PostgreSQL of its own
// (.data/bench, port 54339), never the demo database that `npm start` uses.
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres.mjs";

export async function benchDatabase() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  console.log("DATABASE_URL is not set: using the embedded benchmark PostgreSQL (data in .data/bench).");
  const db = await startEmbeddedPostgres({
    dir: ".data/bench",
    port: Number(process.env.BENCH_PG_PORT ?? 54339),
    database: "ticketry_bench",
  });
  return { url: db.url, stop: db.stop };
}
