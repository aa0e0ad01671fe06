import "server-only";
import { createHash } from "node:crypto";
import { AppError, badRequest } from "@/lib/errors";
import { db } from "@/lib/server/db";
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_RULE } from "@/lib/schemas/api-v1/idempotency";

/**
 * `Idempotency-Key` on the public API's POSTs: a program that did not hear the answer (a timeout,
 * a dropped connection) sends the same call again with the same key, and gets the first answer
 * instead of a second ticket. A key belongs to the token that sent it and lives a day.
 *
 * The key is claimed in its own short write before the work, so of two calls sent at once with
 * one key exactly one does the work; the other is told to try again (409 with Retry-After). The
 * answer is kept once the work is done, 4xx included (the same request would be refused the same
 * way); a 5xx frees the key, as the work did not happen and a retry should do it.
 */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;

/**
 * A claim whose request never settled it (its process stopped mid-request) is given up after
 * this long, longer than any request may run, so the key does not stay "in progress" for a day.
 */
const ABANDONED_AFTER_MS = 5 * 60_000;

/** How long a call that found its key in progress is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 1;

/** The header's key: 1 to 255 printable ASCII characters (400 otherwise); null when not sent. */
export function idempotencyKeyOf(headers: Headers): string | null {
  const key = headers.get("idempotency-key");
  if (key === null) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw badRequest(IDEMPOTENCY_KEY_RULE);
  return key;
}

/** What a key stands for: the call (method and path) and its body as the route read it. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");
}

export type IdempotencyKey = { tokenId: string; key: string };
export type IdempotencyClaim = { kind: "claimed" } | { kind: "answered"; status: number; body: string };

/**
 * Claims the token's key for this request, or finds the first answer to it. 422
 * `idempotency_key_reused` when the key was sent with another request within the day; 409
 * `idempotency_in_progress` while the first request with it runs.
 */
export async function claimIdempotencyKey(
  { tokenId, key }: IdempotencyKey,
  fingerprint: string,
  now = new Date(),
): Promise<IdempotencyClaim> {
  const expired = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const abandoned = new Date(now.getTime() - ABANDONED_AFTER_MS);
  // A key past its day, or a claim given up, is taken over as if new.
  const claimed = await db.$queryRaw<unknown[]>`
    INSERT INTO "ApiIdempotencyKey" AS k ("tokenId", "key", "fingerprint", "createdAt")
    VALUES (${tokenId}, ${key}, ${fingerprint}, ${now})
    ON CONFLICT ("tokenId", "key") DO UPDATE
      SET "fingerprint" = EXCLUDED."fingerprint", "createdAt" = EXCLUDED."createdAt", "status" = NULL, "body" = NULL
      WHERE k."createdAt" < ${expired} OR (k."status" IS NULL AND k."createdAt" < ${abandoned})
    RETURNING 1`;
  if (claimed.length > 0) return { kind: "claimed" };
  const first = await db.apiIdempotencyKey.findUnique({
    where: { tokenId_key: { tokenId, key } },
    select: { fingerprint: true, status: true, body: true },
  });
  // Freed (its request failed) between the two statements: the caller may claim it again.
  if (!first) return claimIdempotencyKey({ tokenId, key }, fingerprint, now);
  if (first.fingerprint !== fingerprint)
    throw new AppError(
      "idempotency_key_reused",
      "This Idempotency-Key was already sent with another request: use a new key for a new request",
    );
  if (first.status === null || first.body === null)
    throw new AppError("idempotency_in_progress", "A request with this Idempotency-Key is still running", {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
  return { kind: "answered", status: first.status, body: first.body };
}

/** Keeps the answer to the key's request; a 5xx frees the key instead, so a retry does the work. */
export async function settleIdempotencyKey({ tokenId, key }: IdempotencyKey, status: number, body: string) {
  if (status >= 500) await db.apiIdempotencyKey.deleteMany({ where: { tokenId, key, status: null } });
  else await db.apiIdempotencyKey.updateMany({ where: { tokenId, key, status: null }, data: { status, body } });
}
