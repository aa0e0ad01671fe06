// Migrations through Prisma's own schema engine compiled to WebAssembly
// (@prisma/schema-engine-wasm): the CLI's native engine is a download this environment
// cannot make. applyMigrations records `_prisma_migrations` exactly as
// `prisma migrate deploy` does, so the official CLI accepts the same folder.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPg } from "@prisma/adapter-pg";
import { installJobSchema } from "./job-schema.mjs";
import pg from "pg";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
export const SCHEMA_PATH = path.join(ROOT, "prisma/schema.prisma");
export const MIGRATIONS_DIR = path.join(ROOT, "prisma/migrations");
const LOCKFILE = "migration_lock.toml";
const NO_FILTER = { externalTables: [], externalEnums: [] };

/** @typedef {typeof import("@prisma/schema-engine-wasm/schema_engine_bg")} EngineModule */
/** @typedef {import("@prisma/schema-engine-wasm/schema_engine_bg").SchemaEngine} SchemaEngine */
/** @typedef {import("@prisma/driver-adapter-utils").SqlDriverAdapter} SqlDriverAdapter */
/** @typedef {import("@prisma/driver-adapter-utils").SqlResultSet} SqlResultSet */

/** @type {EngineModule | undefined} */
let wasmModule;
/** @returns {Promise<EngineModule>} */
async function loadEngine() {
  if (wasmModule) return wasmModule;
  // Engine panics only show their message when this registry exists.
  const panics = /** @type {{ PRISMA_WASM_PANIC_REGISTRY?: { set_message: (m: string) => void } }} */ (globalThis);
  panics.PRISMA_WASM_PANIC_REGISTRY ??= { set_message: (m) => console.error(`schema engine panic: ${m}`) };
  const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  /** @type {EngineModule} */
  const bg = await import(pathToFileURL(bgPath).href);
  const bytes = readFileSync(bgPath.replace(/\.js$/, ".wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg });
  bg.__wbg_set_wasm(instance.exports);
  /** @type {{ __wbindgen_start?: () => void }} */ (instance.exports).__wbindgen_start?.();
  wasmModule = bg;
  return bg;
}

// Introspection reads catalog columns of Postgres's internal one-byte "char" type
// (constraint kinds, relation kinds), which adapter-pg cannot map. The pg client reads them
// as text and tags their names; the adapter wrapper then reports them as Character, the
// type the engine expects, and removes the tag.
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const CHAR_TAG = "\u0000char";
const CHARACTER_COLUMN = 6; // ColumnTypeEnum.Character of @prisma/driver-adapter-utils

/**
 * @template {import("pg").QueryResult | import("pg").QueryResult[]} R one result, or one per statement
 * @param {R} result
 */
function tagCharColumns(result) {
  for (const r of Array.isArray(result) ? result : [result]) {
    for (const field of r?.fields ?? []) {
      if (field.dataTypeID !== PG_CHAR_OID) continue;
      field.dataTypeID = PG_TEXT_OID;
      field.name += CHAR_TAG;
    }
  }
  return result;
}

class CharTaggingClient extends pg.Client {
  /**
   * Every form of pg's query() passes through unchanged (pg-pool calls it with a callback, the
   * adapter without one), so the arguments stay as given rather than matched to one overload.
   * @param {unknown[]} args
   */
  query(...args) {
    const callback = args[args.length - 1];
    if (typeof callback === "function") {
      args[args.length - 1] = (/** @type {Error | null} */ err, /** @type {import("pg").QueryResult} */ result) =>
        callback(err, err ? result : tagCharColumns(result));
      return Reflect.apply(super.query, this, args);
    }
    return Reflect.apply(super.query, this, args).then(tagCharColumns);
  }
}

/** @param {SqlResultSet} result */
function untagCharColumns(result) {
  result.columnNames = result.columnNames.map((name, i) => {
    if (!name.endsWith(CHAR_TAG)) return name;
    result.columnTypes[i] = CHARACTER_COLUMN;
    return name.slice(0, -CHAR_TAG.length);
  });
  return result;
}

/**
 * @template {import("@prisma/driver-adapter-utils").SqlQueryable & Partial<Pick<SqlDriverAdapter, "startTransaction">>} Q
 * @param {Q} queryable
 * @returns {Q}
 */
function withCharColumns(queryable) {
  const queryRaw = queryable.queryRaw.bind(queryable);
  queryable.queryRaw = async (query) => untagCharColumns(await queryRaw(query));
  if (queryable.startTransaction) {
    const startTransaction = queryable.startTransaction.bind(queryable);
    queryable.startTransaction = async (...args) => withCharColumns(await startTransaction(...args));
  }
  return queryable;
}

/**
 * @param {string} url
 * @returns {import("@prisma/driver-adapter-utils").SqlMigrationAwareDriverAdapterFactory & { close: () => Promise<void[]> }}
 */
function adapterFactory(url) {
  const base = new PrismaPg(connectionFields(url));
  /** @type {SqlDriverAdapter[]} */
  const connected = [];
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => {
      const adapter = await base.connect();
      connected.push(adapter);
      return withCharColumns(adapter);
    },
    connectToShadowDb: async () => withCharColumns(await base.connectToShadowDb()),
    /** The engine leaves its connection open when freed: closed here, so the database can be cloned or dropped. */
    close: () => Promise.all(connected.splice(0).map((adapter) => adapter.dispose())),
  };
}

/**
 * adapter-pg wants separate fields: with one connection string its shadow database is the real one.
 * @param {string} url
 */
function connectionFields(url) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.slice(1),
    Client: CharTaggingClient,
  };
}

/**
 * @template T
 * @param {string} url
 * @param {(engine: SchemaEngine, schema: string) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function withEngine(url, fn) {
  const { SchemaEngine } = await loadEngine();
  const factory = adapterFactory(url);
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  const schema = readFileSync(SCHEMA_PATH, "utf8");
  const engine = await SchemaEngine.new(
    { datamodels: [[SCHEMA_PATH, schema]] },
    (/** @type {string} */ log) => process.env.DEBUG_SCHEMA_ENGINE && console.error(log),
    adapter,
  );
  try {
    return await fn(engine, schema);
  } finally {
    engine.free();
    await factory.close();
  }
}

/** @returns {import("@prisma/schema-engine-wasm/schema_engine_bg").MigrationList} */
function migrationsList() {
  const dirs = existsSync(MIGRATIONS_DIR)
    ? readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(MIGRATIONS_DIR, LOCKFILE);
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: LOCKFILE, content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => {
      const file = path.join(MIGRATIONS_DIR, name, "migration.sql");
      return {
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: existsSync(file)
            ? { tag: "ok", value: readFileSync(file, "utf8") }
            : { tag: "error", value: "missing" },
        },
      };
    }),
  };
}

/**
 * Applies every pending migration, then installs or upgrades the job queue's schema; returns
 * the names of our migrations applied (empty when up to date).
 * @param {string} url
 */
export async function applyMigrations(url) {
  const applied = await withEngine(url, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList: migrationsList(), filters: NO_FILTER });
    return out.appliedMigrationNames;
  });
  await installJobSchema(url);
  return applied;
}

/**
 * SQL that brings a migrated database to the schema; empty string when nothing changed.
 * @param {string} url
 */
export async function diffAgainstSchema(url) {
  return withEngine(url, async (engine, schema) => {
    await engine.applyMigrations({ migrationsList: migrationsList(), filters: NO_FILTER });
    const result = await engine.diff({
      // "schemaDatasource" is the database behind the adapter: the freshly migrated one.
      from: { tag: "schemaDatasource", files: [{ path: SCHEMA_PATH, content: schema }], configDir: ROOT },
      to: { tag: "schemaDatamodel", files: [{ path: SCHEMA_PATH, content: schema }] },
      script: true,
      exitCode: null,
      filters: NO_FILTER,
    });
    return (result.stdout ?? "").trim();
  });
}

/**
 * @param {string} name
 * @param {string} sql
 */
export function writeMigration(name, sql) {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
  const dir = path.join(MIGRATIONS_DIR, `${stamp}_${slug}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "migration.sql"), `${sql}\n`);
  const lock = path.join(MIGRATIONS_DIR, LOCKFILE);
  if (!existsSync(lock)) {
    writeFileSync(
      lock,
      '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
    );
  }
  return dir;
}

/**
 * Drops everything in the public schema (used by db:reset and the test harness).
 * @param {string} url
 */
export async function dropAll(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;");
  } finally {
    await client.end();
  }
}
