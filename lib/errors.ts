/**
 * The one error type services throw, shared by server and browser. It says what went wrong
 * in domain terms (a stable `code` plus a human message); the API derives the HTTP status
 * from the code (lib/http/server/status.ts), so no service decides on a status itself.
 */
export const ERROR_CODES = [
  "bad_request",
  "validation_failed",
  "unauthorized",
  "invalid_credentials",
  "two_factor_required",
  "invalid_code",
  "invalid_passkey",
  "two_factor_enrolment_required",
  "sso_required",
  "sso_not_configured",
  "forbidden",
  "cross_site_rejected",
  "insufficient_scope",
  "not_found",
  "conflict",
  "ticket_closed",
  "stale_version",
  "idempotency_key_reused",
  "idempotency_in_progress",
  "rating_locked",
  "link_expired",
  "ticket_limit_reached",
  "seat_limit_reached",
  "support_email_limit_reached",
  "macro_limit_reached",
  "automation_limit_reached",
  "sla_policy_limit_reached",
  "plan_required",
  "tag_limit_reached",
  "different_customers",
  "payload_too_large",
  "length_required",
  "request_timeout",
  "unsupported_media_type",
  "rate_limited",
  "too_many_streams",
  "service_unavailable",
  "internal",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}

export type AppErrorExtra = {
  /** Per-field problems of a refused input (zod's issues, flattened). */
  issues?: unknown;
  /** When trying again makes sense: the caller is told to wait this long. */
  retryAfterSeconds?: number;
  /** More the caller needs to act on the error (a stale write: what changed and the ticket now). */
  details?: Record<string, unknown>;
};

/**
 * Marks every AppError. The production build may carry several copies of this module (one per
 * server chunk), and an error thrown by an object one copy made (the live hub, kept once per
 * process) reaches code holding another copy's class, where `instanceof AppError` is false. A
 * symbol from the global registry is the same in every copy, so the mark is recognised by all.
 */
const APP_ERROR = Symbol.for("ticketry.app-error");

export class AppError extends Error {
  readonly [APP_ERROR] = true;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: AppErrorExtra = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** Whether `value` is an AppError, whichever copy of this module made it: use it, never `instanceof AppError`. */
export function isAppError(value: unknown): value is AppError {
  return typeof value === "object" && value !== null && (value as { [APP_ERROR]?: unknown })[APP_ERROR] === true;
}

export const badRequest = (
  message: string,
  issues?: unknown,
  code: ErrorCode = issues === undefined ? "bad_request" : "validation_failed",
) => new AppError(code, message, issues === undefined ? {} : { issues });
export const unauthorized = (message = "Authentication required", code: ErrorCode = "unauthorized") =>
  new AppError(code, message);
export const forbidden = (message = "You do not have permission to do this", code: ErrorCode = "forbidden") =>
  new AppError(code, message);
export const notFound = (message = "Not found", code: ErrorCode = "not_found") => new AppError(code, message);
export const conflict = (message: string, code: ErrorCode = "conflict") => new AppError(code, message);
export const payloadTooLarge = (message = "Request body is too large") => new AppError("payload_too_large", message);
export const unsupportedMediaType = (message = "Content-Type must be application/json") =>
  new AppError("unsupported_media_type", message);
export const tooManyRequests = (retryAfterSeconds: number, message = "Too many requests. Please try again later.") =>
  new AppError("rate_limited", message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
export const serviceUnavailable = (message = "Service temporarily unavailable. Please try again shortly.") =>
  new AppError("service_unavailable", message, { retryAfterSeconds: 5 });
export const internalError = () => new AppError("internal", "Internal server error");
