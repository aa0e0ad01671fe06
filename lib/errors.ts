/**
 * The one error type of the API. Services throw it; the route wrapper turns it into
 * `{ "error": message }` with its status. Anything else becomes a 500 that says nothing.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra?: { issues?: unknown; headers?: Record<string, string> },
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, issues?: unknown) => new HttpError(400, message, { issues });
export const unauthorized = (message = "Authentication required") => new HttpError(401, message);
export const forbidden = (message = "You do not have permission to do this") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message = "Request body is too large") => new HttpError(413, message);
export const unsupportedMediaType = (message = "Content-Type must be application/json") => new HttpError(415, message);
export const tooManyRequests = (retryAfterSeconds: number, message = "Too many requests. Please try again later.") =>
  new HttpError(429, message, { headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
export const serviceUnavailable = (message = "Service temporarily unavailable. Please try again shortly.") =>
  new HttpError(503, message, { headers: { "Retry-After": "5" } });
