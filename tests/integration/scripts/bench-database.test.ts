import pg from "pg";
import { databaseServerPid } from "@/bench/lib/database.mjs";
import { processTree } from "@/bench/lib/process-tree.mjs";

// The bench counts the database's CPU per request from its server's process tree, found from a
// connection: the tests' PostgreSQL runs on this machine, so the process serving a connection
// must be one of that tree's.

test("finds the main process of a PostgreSQL on this machine, whose tree holds every connection", async () => {
  const pid = await databaseServerPid(process.env.DATABASE_URL!);
  expect(pid).toEqual(expect.any(Number));
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    expect(processTree(pid!)).toContain(rows[0].pid);
  } finally {
    await client.end();
  }
});
