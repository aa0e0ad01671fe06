import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { queryRows } from "@/lib/server/db";

/** Round-trips to the database; resolves with the latency or rejects when it does not answer. */
export async function pingDatabase(timeoutMs = 2000): Promise<{ latencyMs: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Database did not answer in time")), timeoutMs);
  });
  try {
    await Promise.race([queryRows(Prisma.sql`SELECT 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
  return { latencyMs: Math.round((performance.now() - started) * 10) / 10 };
}
