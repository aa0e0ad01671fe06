import "server-only";
import { Prisma } from "@/generated/prisma/client";

/** The Prisma client or an interactive transaction's `tx`: both can run SQL. */
export type JobExecutor = {
  $executeRaw: (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => Prisma.PrismaPromise<number>;
};

export type EnqueueOptions = {
  /** Attempts before the job is dead (default 25, several days of backoff). */
  maxAttempts?: number;
  /** Not before this moment. */
  runAt?: Date;
  /** A second job with the same key replaces a waiting one instead of adding another. */
  key?: string;
  /** Jobs of one named queue run one at a time, in the order they were added. */
  queue?: string;
};

/**
 * Adds a job through the same connection as the caller's change: passed a transaction's `tx`,
 * the job exists exactly when the transaction commits (no job for a rolled-back change, and a
 * committed one survives a crash right after the commit).
 */
export async function enqueue(executor: JobExecutor, kind: string, payload: object, opts: EnqueueOptions = {}) {
  await executor.$executeRaw`SELECT FROM ${addJob(kind, Prisma.sql`${JSON.stringify(payload)}`, opts)}`;
}

/**
 * The call that adds a job, for a statement that adds it along with the change it belongs to
 * (`payload` evaluates to the job's JSON text there). A job without a key goes through our own
 * insert (ticketry_add_job, see its migration), a fifth of the database's work of the queue's
 * add_job; a keyed job needs add_job, which replaces a waiting job of the same key, and so does
 * a job of a named queue.
 */
export function addJob(kind: string, payload: Prisma.Sql, opts: EnqueueOptions = {}): Prisma.Sql {
  const runAt = Prisma.sql`${opts.runAt ?? null}::timestamptz`;
  const maxAttempts = Prisma.sql`${opts.maxAttempts ?? null}::int`;
  if (opts.key === undefined && opts.queue === undefined)
    return Prisma.sql`ticketry_add_job(${kind}, (${payload})::json, ${runAt}, ${maxAttempts})`;
  return Prisma.sql`graphile_worker.add_job(
    ${kind}, (${payload})::json, run_at => ${runAt}, max_attempts => ${maxAttempts}, job_key => ${opts.key ?? null}::text,
    queue_name => ${opts.queue ?? null}::text)`;
}
