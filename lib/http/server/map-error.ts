import { conflict, isAppError, notFound, serviceUnavailable, type AppError } from "@/lib/errors";

const UNREACHABLE_DB_CODES = new Set([
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
/** PostgreSQL SQLSTATEs of a database that is going away or not back yet: connection exceptions (08), shutdown and start-up (57P01-57P04), too many connections. */
const UNREACHABLE_SQLSTATE = /^(08\d{3}|57P0[1-4]|53300)$/;
const UNREACHABLE_DB_MESSAGE =
  /ECONNREFUSED|ECONNRESET|EPIPE|Connection terminated|timeout exceeded when trying to connect|timeout expired|is not queryable|the database system is (starting up|shutting down|not yet accepting connections|in recovery mode)|Can't reach database server|terminating connection/i;

/** Every code along the error and its causes: own `code`, Prisma's `meta.code` and a SQLSTATE quoted in a Prisma message. */
function codesOf(error: unknown, seen = new Set<unknown>()): string[] {
  if (typeof error !== "object" || error === null || seen.has(error)) return [];
  seen.add(error);
  const codes: string[] = [];
  const { code, meta, cause, message } = error as {
    code?: unknown;
    meta?: { code?: unknown };
    cause?: unknown;
    message?: unknown;
  };
  if (typeof code === "string") codes.push(code);
  if (typeof meta?.code === "string") codes.push(meta.code);
  if (typeof message === "string") codes.push(...[...message.matchAll(/Code: `([0-9A-Z]{5})`/g)].map((m) => m[1]!));
  return [...codes, ...codesOf(cause, seen)];
}

function codeOf(error: unknown): string | undefined {
  return codesOf(error)[0];
}

/**
 * Transient contention: a transaction that could not start or finish in time (P2028), a write
 * conflict or deadlock (P2034, 40001, 40P01). Nothing was written; the client may retry.
 */
const BUSY_CODES = /^(P2028|P2034|40001|40P01)$/;

function messagesOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return `${error.message} ${error.cause ? messagesOf(error.cause) : ""}`;
}

/** True when the error means the database cannot be reached right now (outage, restart). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return (
    codesOf(error).some((c) => UNREACHABLE_DB_CODES.has(c) || UNREACHABLE_SQLSTATE.test(c)) ||
    UNREACHABLE_DB_MESSAGE.test(messagesOf(error))
  );
}

/**
 * Known failures become AppErrors; anything else is returned as null and answered as an
 * opaque 500 by the wrapper.
 */
export function toAppError(error: unknown): AppError | null {
  if (isAppError(error)) return error;
  const code = codeOf(error);
  if (code === "P2025") return notFound();
  if (code === "P2002") return conflict("This record already exists");
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  if (codesOf(error).some((c) => BUSY_CODES.test(c)))
    return serviceUnavailable("The service is busy. Please try again.");
  return null;
}
