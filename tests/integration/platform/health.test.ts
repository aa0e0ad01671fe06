import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { GET as health } from "@/app/api/platform/health/route";
import packageJson from "@/package.json";
import { pingDatabase } from "@/lib/services/health";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { makeRequest, params, readJson } from "../helpers/request";
import { itRefusesAllButPlatformAdmins } from "../helpers/platform-admin-only";

// The real ping, replaceable per test to show how an unanswered ping is reported.
jest.mock("@/lib/services/health", () => {
  const actual = jest.requireActual("@/lib/services/health");
  return { ...actual, pingDatabase: jest.fn(actual.pingDatabase) };
});

type User = { id: string; sessionVersion: number };
async function get(user: User | null) {
  const headers = user ? { cookie: await sessionCookie(user) } : undefined;
  return readJson(await health(makeRequest("/api/platform/health", { headers }), params()));
}

const migrationsDir = path.join(process.cwd(), "prisma/migrations");
const migrations = readdirSync(migrationsDir)
  .filter((name) => statSync(path.join(migrationsDir, name)).isDirectory())
  .sort();

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

describe("GET /api/platform/health", () => {
  it("reports the database round trip, the migration level, the version and uptime", async () => {
    const { status, body } = await get(world.users.platform_admin);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "ok",
      database: { reachable: true },
      migrations: { applied: migrations.length, latest: migrations[migrations.length - 1] },
      app: { name: "Ticketry", version: packageJson.version, node: process.version, environment: process.env.NODE_ENV },
    });
    const db = body.database as { latencyMs: number };
    expect(db.latencyMs).toBeGreaterThanOrEqual(0);
    expect(db.latencyMs).toBeLessThan(2000);
    const app = body.app as { uptimeSeconds: number; startedAt: string; memoryMb: number };
    expect(app.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Math.abs(Date.now() - app.uptimeSeconds * 1000 - new Date(app.startedAt).getTime())).toBeLessThan(5000);
    expect(app.memoryMb).toBeGreaterThan(0);
    expect(new Date((body.migrations as { latestAppliedAt: string }).latestAppliedAt).getTime()).toBeLessThanOrEqual(
      Date.now(),
    );
  });

  it("reports a database that does not answer the ping as unreachable", async () => {
    jest.mocked(pingDatabase).mockRejectedValueOnce(new Error("Database did not answer in time"));
    const { status, body } = await get(world.users.platform_admin);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "degraded", database: { reachable: false, latencyMs: null } });
  });

  itRefusesAllButPlatformAdmins(get, () => world.users);
});
