// Database tooling on Prisma's wasm schema engine:
//   npm run db:migrate        apply pending migrations
//   npm run db:new -- <name>  write a migration for the changes in prisma/schema.prisma
//   npm run db:reset          drop everything, migrate, seed demo data
//   npm run db:seed           seed demo data (idempotent)
import "./lib/env-file.mjs";
import pg from "pg";
import { resolveDatabase, seed } from "./lib/database.mjs";
import { applyMigrations, diffAgainstSchema, dropAll, writeMigration } from "./lib/schema-engine.mjs";

const EMPTY = /^(-- This is an empty migration\.)?$/;

/** @param {string} url */
async function migrate(url) {
  const applied = await applyMigrations(url);
  console.log(
    applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "Database is up to date.",
  );
}

/**
 * Diffs a scratch database migrated from the folder against the schema: no shadow database.
 * @param {string} url
 * @param {string | undefined} name
 */
async function newMigration(url, name) {
  if (!name) throw new Error("Usage: npm run db:new -- <name>");
  const scratchName = `ticketry_scratch_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${scratchName}"`);
  try {
    const scratch = new URL(url);
    scratch.pathname = `/${scratchName}`;
    const sql = await diffAgainstSchema(scratch.toString());
    if (EMPTY.test(sql)) return console.log("The schema matches the migrations; nothing to write.");
    console.log(`Wrote ${writeMigration(name, sql)}`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`);
    await admin.end();
  }
}

const [command, name] = process.argv.slice(2);
const db = await resolveDatabase();
try {
  if (command === "migrate") await migrate(db.url);
  else if (command === "new") await newMigration(db.url, name);
  else if (command === "reset") {
    await dropAll(db.url);
    await migrate(db.url);
    await seed(db.url);
  } else if (command === "seed") await seed(db.url);
  else throw new Error(`Unknown command "${command}": use migrate, new <name>, reset or seed.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.stop();
}
process.exit(process.exitCode ?? 0); // the engine's idle pool would otherwise keep Node alive for 10 s
