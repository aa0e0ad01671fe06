// Which database the scripts use: DATABASE_URL when set, else the embedded Postgres whose
// data lives in .data/ (started here and stopped by the caller).
import { startEmbeddedPostgres } from "./embedded-postgres.mjs";
import { postgresSettings } from "./postgres-settings.mjs";

export const EMBEDDED_DEV = {
  dir: ".data/postgres",
  port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
  database: "ticketry",
};

export async function resolveDatabase() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  console.log(`DATABASE_URL is not set: starting the embedded PostgreSQL (data in ${EMBEDDED_DEV.dir}).`);
  const db = await startEmbeddedPostgres({
    ...EMBEDDED_DEV,
    portSettings: ["EMBEDDED_PG_PORT=<port>", "DATABASE_URL set to a PostgreSQL of your own"],
    settings: postgresSettings("product"),
  });
  return { url: db.url, embedded: true, stop: db.stop };
}

/**
 * Runs a child process to completion, inheriting output; rejects on a non-zero exit.
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
export async function run(command, args, env = {}) {
  const { spawn } = await import("node:child_process");
  await new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code, signal) =>
      code === 0 ? resolve(undefined) : reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? code})`)),
    );
    child.on("error", reject);
  });
}

/** @param {string} url */
export function seed(url) {
  return run("node_modules/.bin/tsx", ["prisma/seed.ts"], { DATABASE_URL: url });
}
