import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/lib/server/env";

/** A new connection that cannot be made in 1.5 s fails, so requests answer 503 within 2 s while the database is down. */
const CONNECT_TIMEOUT_MS = 1500;
/**
 * How long a request may wait for a free pooled connection under load. Kept apart from the
 * connect timeout: a burst of traffic on a healthy database queues briefly instead of failing.
 */
const POOL_WAIT_TIMEOUT_MS = 15_000;

/**
 * A connection with the fast connect timeout. The pool stops listening for a connection's
 * errors while a query or transaction holds it, so a database shutdown at that moment would be
 * an uncaught exception: the error is noted here instead, the running query fails (503) and
 * the pool drops the broken connection when it is released.
 */
class FailFastClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    this.on("error", () => {});
  }
}

/**
 * The one Prisma client. Each connection attempt gives up after 1.5 s and the pool reconnects
 * by itself when the database is back; waiting for a busy pool is allowed longer.
 */
function createClient() {
  const adapter = new PrismaPg({
    connectionString: env.databaseUrl,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    Client: FailFastClient,
    connectionTimeoutMillis: POOL_WAIT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  // An interactive transaction waits for a pooled connection as long as a plain query does, and
  // may outlast a burst of row-lock waits: under load it queues instead of failing (5 s default).
  return new PrismaClient({ adapter, transactionOptions: { maxWait: POOL_WAIT_TIMEOUT_MS, timeout: 20_000 } });
}

const globalForDb = globalThis as unknown as { ticketryDb?: PrismaClient };

export const db = globalForDb.ticketryDb ?? createClient();
if (!env.isProduction) globalForDb.ticketryDb = db;
