import { isErrorCode, type ErrorCode } from "@/lib/errors";

/**
 * A refused API call. Its message is the numeric status, a colon and a space, then the
 * response body text (or the status text when the body is empty); `error` is the server's
 * own text and `code` its stable code, or null when the answer did not come from our API
 * (a proxy's 502, say).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | null,
    readonly error: string,
    message: string,
    /** The rest of the error body (a stale write's `changed` and `current`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Reads `{ error, code }` from an error body; a body that is not ours is its own text. */
function parseErrorBody(text: string): { error: string; code: ErrorCode | null; details?: Record<string, unknown> } {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; code?: unknown } | null;
    if (typeof parsed?.error === "string" && parsed.error)
      return { error: parsed.error, code: isErrorCode(parsed.code) ? parsed.code : null, details: parsed };
  } catch {
    // Not JSON: the body text itself is the message.
  }
  return { error: text, code: null };
}

/** Browser-side request helpers: every call sends cookie credentials; a non-ok answer throws an ApiError. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  const { error, code, details } = parseErrorBody(text);
  throw new ApiError(res.status, code, error, `${res.status}: ${text}`, details);
}

/** `headers`: what a caller adds to every call of its own (the portal names itself). */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { ...headers, "Content-Type": "application/json" } : headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfNotOk(res);
  return res;
}

/** The server's text of a failed request, for toasts; else the error's own message, else the given text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.error || fallback;
  if (error instanceof Error) return error.message || fallback;
  return fallback;
}
