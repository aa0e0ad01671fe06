import { HttpError, conflict, notFound, serviceUnavailable } from "./errors";

const UNREACHABLE_DB_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE", "57P01", "57P02", "57P03", "53300"]);
const UNREACHABLE_DB_MESSAGE =
  /ECONNREFUSED|ECONNRESET|Connection terminated|timeout exceeded when trying to connect|timeout expired|is not queryable|the database system is (starting up|shutting down)|Can't reach database server|terminating connection/i;

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const own = (error as { code?: unknown }).code;
  if (typeof own === "string") return own;
  const cause = (error as { cause?: unknown }).cause;
  return cause && cause !== error ? codeOf(cause) : undefined;
}

function messagesOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return `${error.message} ${error.cause ? messagesOf(error.cause) : ""}`;
}

/** True when the error means the database cannot be reached right now (outage, restart). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  return (code !== undefined && UNREACHABLE_DB_CODES.has(code)) || UNREACHABLE_DB_MESSAGE.test(messagesOf(error));
}

/**
 * Known failures become HttpErrors; anything else is returned as null and answered as an
 * opaque 500 by the wrapper.
 */
export function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  const code = codeOf(error);
  if (code === "P2025") return notFound();
  if (code === "P2002") return conflict("This record already exists");
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  return null;
}
