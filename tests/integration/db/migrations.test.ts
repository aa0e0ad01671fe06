import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Client } from "pg";

const exec = promisify(execFile);
const serverUrl = process.env.TEST_SERVER_URL ?? process.env.DATABASE_URL!;

function databaseUrl(name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql: string) {
  const client = new Client({ connectionString: databaseUrl("postgres") });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// The schema engine is WebAssembly and diffs a whole schema: on a busy two-core machine one run
// takes tens of seconds, so each test waits as long as the tool itself may run.
const TOOL_TIMEOUT_MS = 90_000;
jest.setTimeout(TOOL_TIMEOUT_MS);

function runDb(args: string[], url: string) {
  return exec("node", ["scripts/db.mjs", ...args], {
    env: { ...process.env, DATABASE_URL: url },
    timeout: TOOL_TIMEOUT_MS,
  });
}

describe("database tooling (scripts/db.mjs on the wasm schema engine)", () => {
  const name = `ticketry_migrate_${process.pid}`;
  const url = databaseUrl(name);

  beforeAll(() => admin(`CREATE DATABASE "${name}"`));
  afterAll(() => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

  it("applies every migration to an empty database and records them like prisma migrate deploy", async () => {
    const { stdout } = await runDb(["migrate"], url);
    expect(stdout).toMatch(/Applied \d+ migration\(s\): \d{14}_init/);

    const client = new Client({ connectionString: url });
    await client.connect();
    const migrations = await client.query(
      `SELECT migration_name, finished_at, rolled_back_at, applied_steps_count, checksum FROM _prisma_migrations`,
    );
    const tables = await client.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
    await client.end();

    expect(migrations.rows.length).toBeGreaterThan(0);
    for (const row of migrations.rows) {
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(tables.rows.map((r) => r.tablename)).toEqual(
      expect.arrayContaining([
        "Organization",
        "User",
        "Ticket",
        "Reply",
        "SupportEmail",
        "TeamInvite",
        "PasswordResetToken",
        "MailingListEntry",
        "PortalAccessCode",
        "PortalSession",
        "AuditEvent",
      ]),
    );
  });

  it("does nothing when run again", async () => {
    const { stdout } = await runDb(["migrate"], url);
    expect(stdout).toContain("Database is up to date.");
  });

  it("finds no difference between prisma/schema.prisma and the committed migrations", async () => {
    const { stdout } = await runDb(["new", "probe"], url);
    expect(stdout).toContain("The schema matches the migrations; nothing to write.");
  });
});
