import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/lib/env";

/**
 * The one Prisma client. Connection attempts give up after 2 s so that requests fail fast
 * (503) while the database is down, and the pool reconnects by itself when it is back.
 */
function createClient() {
  const adapter = new PrismaPg({
    connectionString: env.databaseUrl,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({ adapter });
}

const globalForDb = globalThis as unknown as { ticketryDb?: PrismaClient };

export const db = globalForDb.ticketryDb ?? createClient();
if (!env.isProduction) globalForDb.ticketryDb = db;
