import { NextResponse } from "next/server";
import type { AppError, ErrorCode } from "@/lib/errors";
import { STATUS_OF } from "@/lib/http/server/status";

/** JSON response with `Cache-Control: no-store`: API answers are per user and never cached. */
export function json(data: unknown, init?: { status?: number; headers?: Record<string, string> }) {
  return NextResponse.json(data, {
    status: init?.status ?? 200,
    headers: { "Cache-Control": "no-store", ...init?.headers },
  });
}

/** The one error shape: `{ error, code }` (plus `issues` for refused input), status from the code. */
export function errorResponse(error: AppError) {
  const body: { error: string; code: ErrorCode; issues?: unknown } = {
    ...error.extra.details,
    error: error.message,
    code: error.code,
  };
  if (error.extra.issues !== undefined) body.issues = error.extra.issues;
  const { retryAfterSeconds } = error.extra;
  return json(body, {
    status: STATUS_OF[error.code],
    headers: retryAfterSeconds !== undefined ? { "Retry-After": String(retryAfterSeconds) } : undefined,
  });
}
