import { sqlStateOf } from "@/lib/server/db-errors";

/**
 * What an unexpected error may put in the log. Prisma's messages (and so their stacks) quote
 * the query's arguments and the database's own message, which can hold a password hash or a
 * token hash: of those only the kind, code and the failing call are logged.
 */
export function loggable(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: typeof error };
  if (error.name.startsWith("PrismaClient")) {
    const call = error.message.match(/Invalid `([^`]+)` invocation/)?.[1];
    return { name: error.name, code: (error as { code?: unknown }).code, sqlState: sqlStateOf(error), call };
  }
  return { name: error.name, message: error.message, stack: error.stack };
}
