/**
 * What an unexpected error may put in the log. Prisma's messages (and so their stacks) quote
 * the query's arguments and the database's own message, which can hold a password hash or a
 * token hash: of those only the kind, code and the failing call are logged.
 */
export function loggable(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: typeof error };
  if (error.name.startsWith("PrismaClient")) {
    const call = error.message.match(/Invalid `([^`]+)` invocation/)?.[1];
    const { code, meta } = error as { code?: unknown; meta?: { code?: unknown } };
    return {
      name: error.name,
      code,
      sqlState: typeof meta?.code === "string" ? meta.code : error.message.match(/Code: `([0-9A-Z]{5})`/)?.[1],
      call,
    };
  }
  return { name: error.name, message: error.message, stack: error.stack };
}
