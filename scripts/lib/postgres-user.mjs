// Postgres refuses to run as root, so as root its programs run as the OS user "postgres"
// (created when missing). That user must be able to reach the programs and the data folder;
// in a checkout inside a private folder (a 0700 home, a `mktemp -d` directory) it cannot, so
// whatever it cannot reach is kept in a root-owned folder under the system's temp folder.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const OS_USER = "postgres";

/** @param {string} name */
function ids(name) {
  const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
  return { uid, gid };
}

function ensureOsUser() {
  try {
    return ids(OS_USER);
  } catch {
    spawnSync("groupadd", ["--system", OS_USER], { stdio: "ignore" });
    const made = spawnSync("useradd", ["--system", "--no-create-home", "-g", OS_USER, OS_USER], { encoding: "utf8" });
    if (made.status !== 0)
      throw new Error(
        `PostgreSQL cannot run as root and the OS user "${OS_USER}" could not be created: ${made.stderr || made.error?.message}`,
      );
    return ids(OS_USER);
  }
}

/**
 * The nearest folder of `target` (itself or a parent) that exists.
 * @param {string} target
 */
function nearestExisting(target) {
  let current = target;
  while (!existsSync(current)) current = path.dirname(current);
  return current;
}

/**
 * Whether `owner` can enter (or run) `target`: every folder above it must let that user through.
 * @param {{ uid: number, gid: number }} owner
 * @param {string} target
 */
export function canReach(owner, target) {
  return spawnSync("test", ["-x", target], { uid: owner.uid, gid: owner.gid, stdio: "ignore" }).status === 0;
}

/** A folder only root may write to, under the temp folder, for what the OS user could not reach. */
function sharedPlace() {
  const base = path.join(os.tmpdir(), "ticketry-postgres");
  mkdirSync(base, { recursive: true, mode: 0o755 });
  const stat = lstatSync(base);
  // Programs that another user could swap would later run as "postgres": refuse such a folder.
  if (!stat.isDirectory() || stat.uid !== 0 || stat.mode & 0o022) {
    throw new Error(`${base} must be a folder owned by root and writable only by root; remove it and run again.`);
  }
  return base;
}

/**
 * A copy of the Postgres programs (bin/, lib/, share/) the OS user can run; one per version.
 * @param {string} native
 * @param {string} base
 */
function reachableCopy(native, base) {
  const version = JSON.parse(readFileSync(path.join(native, "..", "package.json"), "utf8")).version;
  const target = path.join(base, `postgres-${version}`);
  if (existsSync(path.join(target, "bin", "postgres"))) return target;
  const partial = `${target}.${process.pid}.partial`;
  // Relative library links (libpq.so -> libpq.so.5.18) must stay relative to the copy.
  cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
  try {
    renameSync(partial, target);
  } catch (error) {
    // Another run finished its copy first: use that one.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(path.join(target, "bin", "postgres"))) throw error;
  }
  return target;
}

/**
 * Where to run Postgres from: `{ bin, dataDir, owner }`, `owner` being the spawn options
 * (uid/gid) when running as root.
 * @param {string} native
 * @param {string} dataDir
 * @returns {Promise<{ bin: string, dataDir: string, owner: { uid?: number, gid?: number } }>}
 */
export async function placeForPostgresUser(native, dataDir) {
  if (process.getuid?.() !== 0) return { bin: path.join(native, "bin"), dataDir, owner: {} };
  const owner = ensureOsUser();
  const programsReachable = canReach(owner, path.join(native, "bin", "postgres"));
  const dataReachable = canReach(owner, nearestExisting(dataDir));
  if (programsReachable && dataReachable) return { bin: path.join(native, "bin"), dataDir, owner };

  const base = sharedPlace();
  const bin = programsReachable ? path.join(native, "bin") : path.join(reachableCopy(native, base), "bin");
  const hash = createHash("sha256").update(dataDir).digest("hex").slice(0, 12);
  const placedData = dataReachable ? dataDir : path.join(base, `data-${path.basename(dataDir)}-${hash}`);
  const moved = [programsReachable ? "" : "programs", dataReachable ? "" : "data folder"].filter(Boolean).join(" and ");
  const blocked = programsReachable ? nearestExisting(dataDir) : native;
  console.log(
    `PostgreSQL runs as the OS user "${OS_USER}" (it refuses to run as root), who cannot enter ${blocked}: its ${moved} ${moved.includes("and") ? "are" : "is"} kept in ${base} instead.`,
  );
  return { bin, dataDir: placedData, owner };
}
