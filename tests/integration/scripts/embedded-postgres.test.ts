import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "@/scripts/lib/embedded-postgres.mjs";

// The embedded PostgreSQL of `npm start` and `npm test`: a second copy finds the port or the
// data folder taken and says so instead of dying with `undefined`; a first copy works in a
// private temp folder, also as root (it then runs as the OS user "postgres").

async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let occupier: Server;
let takenPort: number;
const folder = mkdtempSync(path.join(os.tmpdir(), "ticketry-embedded-"));
// As root the data may live outside `folder` (see scripts/lib/postgres-user.mjs).
const dataDirs: string[] = [];
beforeAll(async () => {
  occupier = createServer();
  await new Promise<void>((resolve) => occupier.listen(0, "127.0.0.1", resolve));
  takenPort = (occupier.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => occupier.close(() => resolve()));
  for (const dir of [folder, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
});

test("a taken port stops it before it starts anything, naming the port and the variable to set", async () => {
  const dir = path.join(folder, "never-created");
  await expect(
    startEmbeddedPostgres({ dir, port: takenPort, database: "x", portSettings: ["TEST_PG_PORT=<port>"] }),
  ).rejects.toThrow(
    new RegExp(
      `^Port ${takenPort} is already in use, so the embedded PostgreSQL cannot listen on it\\.\\nIt is held by process ${process.pid} [\\s\\S]*run with TEST_PG_PORT=\\d+ `,
    ),
  );
});

test("it starts in a private folder, answers queries, and a second copy on the same data folder is refused with the reason", async () => {
  const dir = path.join(folder, "data");
  const first = await startEmbeddedPostgres({ dir, port: await freePort(), database: "embedded_check" });
  dataDirs.push(first.dataDir);
  try {
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    const { rows } = await client.query("SELECT current_database() AS name");
    await client.end();
    expect(rows[0].name).toBe("embedded_check");

    await expect(startEmbeddedPostgres({ dir, port: await freePort(), database: "embedded_check" })).rejects.toThrow(
      /^The embedded PostgreSQL's data folder .* is already in use by PostgreSQL process \d+ \(port \d+\),\nprobably another copy of Ticketry that is still running from this folder\./,
    );
  } finally {
    await first.stop();
  }
  // Stopped, the same folder starts again (its pid file is gone or stale).
  const again = await startEmbeddedPostgres({ dir, port: await freePort(), database: "embedded_check" });
  await again.stop();
}, 60_000);
