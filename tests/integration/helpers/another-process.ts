import pg from "pg";
import { listener } from "@/lib/server/live-listener";
import { env } from "@/lib/server/env";
import { resetDatabase } from "./db";
import { until } from "./session-users";

/**
 * Another process's connection: its writes reach this one only by their notification. Registers
 * the file's first beforeAll (an empty database, this process listening until `cache` answers)
 * and its afterAll; call it at the top of a test file.
 */
export function anotherProcess(cache: { readonly isActive: boolean }): pg.Client {
  const other = new pg.Client({ connectionString: env.databaseUrl });
  beforeAll(async () => {
    await resetDatabase();
    await other.connect();
    await listener.ensure();
    await until(() => cache.isActive, "this process listens");
  });
  afterAll(() => other.end());
  return other;
}
