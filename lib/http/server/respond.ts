import { NextResponse } from "next/server";
import type { AppError, ErrorCode } from "@/lib/errors";
import type { JsonText } from "@/lib/schemas/json";
import { BODY_TEXT } from "@/lib/http/server/body-text.mjs";
import { STATUS_OF } from "@/lib/http/server/status";

type Init = { status?: number; headers?: Record<string, string> };

/** JSON response with `Cache-Control: no-store`: API answers are per user and never cached. */
export function json(data: unknown, init?: Init) {
  return jsonFromText(JSON.stringify(data) as JsonText<unknown>, init);
}

/** The same for an answer already written as JSON text (see JsonText). */
export function jsonFromText(text: JsonText<unknown>, init?: Init) {
  const response = new NextResponse(text, {
    status: init?.status ?? 200,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...init?.headers },
  });
  // The production server writes this text as it is (lib/http/server/api-router.mjs).
  Object.defineProperty(response, BODY_TEXT, { value: text });
  return response;
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
