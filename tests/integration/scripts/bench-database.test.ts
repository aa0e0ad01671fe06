import pg from "pg";
import { databaseServerPid } from "@/bench/lib/database.mjs";
import { processTree } from "@/bench/lib/process-tree.mjs";

// The bench counts the database's CPU per request from its server's process tree, found from a
// connection: the tests' PostgreSQL runs on this machine, so the processes serving any of its
// connections, not only the one it was found from, must be in that tree.

test("finds the main process of a PostgreSQL on this machine, whose tree holds every connection", async () => {
  const pid = await databaseServerPid(process.env.DATABASE_URL!);
  expect(pid).toEqual(expect.any(Number));
  const clients = [0, 1].map(() => new pg.Client({ connectionString: process.env.DATABASE_URL }));
  try {
    const served = [];
    for (const client of clients) {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      served.push(rows[0].pid);
    }
    expect(new Set(served).size).toBe(2);
    const tree = processTree(pid!);
    for (const connection of served) expect(tree).toContain(connection);
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
});
