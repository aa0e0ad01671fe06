import { NextResponse } from "next/server";
import { HttpError } from "@/lib/errors";

/** JSON response with `Cache-Control: no-store`: API answers are per user and never cached. */
export function json(data: unknown, init?: { status?: number; headers?: Record<string, string> }) {
  return NextResponse.json(data, {
    status: init?.status ?? 200,
    headers: { "Cache-Control": "no-store", ...init?.headers },
  });
}

export function errorResponse(error: HttpError) {
  const body: { error: string; issues?: unknown } = { error: error.message };
  if (error.extra?.issues !== undefined) body.issues = error.extra.issues;
  return json(body, { status: error.status, headers: error.extra?.headers });
}
