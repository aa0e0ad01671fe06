import "server-only";
import { createHmac, randomBytes, randomUUID } from "node:crypto";

/**
 * Standard Webhooks signing (standardwebhooks.com): a receiver checks a delivery with any of
 * the specification's libraries. The secret is "whsec_" and the base64 of 32 random bytes; the
 * HMAC key is those bytes.
 */
const SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

/** A message id, the same on every attempt of one delivery, so a receiver can drop duplicates. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll("-", "")}`;
}

function hmacKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
}

/** One "v1,<base64>" signature of "<id>.<timestamp>.<body>". */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", hmacKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/**
 * The three headers of a delivery. While a rotated secret still signs, both sign,
 * space-separated (the specification's way): a receiver holding either secret accepts it.
 */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((secret) => signature(secret, id, timestamp, body)).join(" "),
  };
}
