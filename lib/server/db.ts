import "server-only";
// The database client, imported by services only (an eslint rule says so).
//
// Prisma or SQL? Prisma models (`db.ticket.findMany`, `tx.user.update`) for reads and writes of
// rows as they are: typed, and the schema's relations kept. Raw SQL where Prisma cannot say it
// or says it slowly: aggregates and windows, partial-index scans that need literal statuses,
// JSON built by PostgreSQL, several writes in one WITH statement, the hot reads of every
// request. Raw SQL goes through `queryRows` below, whose rows have one mapping (timestamps as
// UTC Dates, bigint and numeric as numbers, json parsed), whatever the statement. The one
// exception is a statement that must run inside an interactive transaction (`tx.$queryRaw`:
// a row lock, a read the transaction's writes depend on): it runs on the transaction's own
// connection, so it casts what it reads to the same types (`count(*)::int`, `"plan"::text`).
import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "@/generated/prisma/client";
import { env } from "@/lib/server/env";
import { readTypes, toParameter } from "@/lib/server/pg-values";
import { databasePoolSize } from "@/lib/server/pool-size.mjs";

/**
 * A new connection that cannot be made in 1.5 s fails, so requests answer 503 within 2 s while the
 * database is down (DATABASE_CONNECT_TIMEOUT_MS; a machine whose database is slow to start a
 * connection under load sets it higher).
 */
const CONNECT_TIMEOUT_MS = Number(process.env.DATABASE_CONNECT_TIMEOUT_MS) || 1500;
/**
 * How long a request may wait for a free pooled connection under load (DATABASE_POOL_WAIT_MS).
 * Kept apart from the connect timeout: a burst of traffic on a healthy database queues briefly
 * instead of failing.
 */
const POOL_WAIT_TIMEOUT_MS = Number(process.env.DATABASE_POOL_WAIT_MS) || 15_000;

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

/** How many distinct statements each connection keeps prepared (DATABASE_PREPARED_STATEMENTS, 0 = none). */
const PREPARED_LIMIT = Number(process.env.DATABASE_PREPARED_STATEMENTS ?? 200);
const statementNames = new Map<string, string>();

/**
 * Statements that start with SELECT or WITH run as named (prepared) statements: PostgreSQL
 * parses and plans a statement per connection once and then reuses the plan, where an unnamed one
 * is planned on every call (planning the ticket list cost more than running it). Those are the
 * reads and the writes made of one WITH statement (a new ticket, a mail's quota). Not those
 * matching a pattern (search): a reused generic plan cannot see the pattern, and a search plan
 * depends on it. The names are a hash of the text, so one name never stands for two statements; the
 * number of texts is bounded, since every prepared statement holds memory in each connection.
 * A migration that changes a read's result columns needs the servers restarted, as any does.
 */
function statementName({ sql }: { sql: string }): string | undefined {
  const known = statementNames.get(sql);
  if (known) return known;
  if (statementNames.size >= PREPARED_LIMIT || !/^\s*(SELECT|WITH)\b/i.test(sql) || /\bI?LIKE\b/i.test(sql))
    return undefined;
  const name = `r_${createHash("sha1").update(sql).digest("hex").slice(0, 24)}`;
  statementNames.set(sql, name);
  return name;
}

/**
 * The one pool of connections, shared by Prisma and the hot statements (`queryRows`). Each
 * connection attempt gives up after 1.5 s and the pool reconnects by itself when the database is
 * back; waiting for a busy pool is allowed longer.
 */
function createPool() {
  const pool = new pg.Pool({
    connectionString: env.databaseUrl,
    max: databasePoolSize(),
    Client: FailFastClient,
    connectionTimeoutMillis: POOL_WAIT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection the database dropped (a restart) is an error event on the pool, which
  // already discards it; unheard, it would end the process.
  pool.on("error", () => {});
  return pool;
}

/** The one Prisma client, on that pool. */
function createClient(pool: pg.Pool) {
  // No name (undefined) leaves a statement unnamed: parsed and planned each time, as by default.
  const adapter = new PrismaPg(pool, {
    statementNameGenerator: (query) => statementName(query) as string,
    // $disconnect closes the pool too (the tests' teardown, scripts).
    disposeExternalPool: true,
  });
  // An interactive transaction waits for a pooled connection as long as a plain query does, and
  // may outlast a burst of row-lock waits: under load it queues instead of failing (5 s default).
  return new PrismaClient({ adapter, transactionOptions: { maxWait: POOL_WAIT_TIMEOUT_MS, timeout: 20_000 } });
}

const globalForDb = globalThis as unknown as { ticketryDb?: PrismaClient; ticketryPool?: pg.Pool };

// One pool per process, whichever copy of this module asks: the production build carries several
// (the routes' chunks, the job workers'), and each would otherwise open its own connections past
// the process's share of the database; in development a reload makes a new copy too.
const pool = globalForDb.ticketryPool ?? createPool();
export const db = globalForDb.ticketryDb ?? createClient(pool);
Object.assign(globalForDb, { ticketryDb: db, ticketryPool: pool });

/**
 * A statement on the requests made all day (the session's user, the queue and its counts, the
 * ticket pane, the team's new ticket) or of every mail sent (its quota and delivery row), sent
 * straight to the pool: Prisma's own work per query (checking, interpreting and mapping it) was
 * as much CPU as the rest of the queue counts' request, and an eighth of the app's CPU in
 * creating a ticket. Same connections, same prepared statements, same errors (a lost database
 * is still a 503). Rows come back as lib/server/pg-values.ts reads them: bigint and numeric as
 * numbers, json parsed, timestamps as UTC Dates. `prepare: false` for a statement whose text seldom repeats (several
 * tickets written together), which would take a prepared statement's place from one that does.
 */
export async function queryRows<Row>(
  query: Prisma.Sql | { text: string; values: unknown[] },
  { prepare = true }: { prepare?: boolean } = {},
): Promise<Row[]> {
  const { text, values } = query;
  const result = await pool.query<Row & pg.QueryResultRow>({
    text,
    values: values.map(toParameter),
    name: prepare ? statementName({ sql: text }) : undefined,
    types: readTypes,
  });
  return result.rows;
}
