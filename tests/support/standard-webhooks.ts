import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A receiver's check written from the Standard Webhooks specification alone, not from
 * Ticketry's signer: the HMAC key is the base64 after "whsec_"; "webhook-signature" holds
 * space-separated "v1,<base64 HMAC-SHA256 of id.timestamp.body>" entries, any of which may
 * match; the timestamp must be within five minutes of now.
 */
export function standardWebhookValid(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now = Date.now(),
): boolean {
  const [id, timestamp, signatures] = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) =>
    String(headers[name] ?? ""),
  );
  if (!id || !timestamp || !signatures) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(" ").some((entry) => {
    const [version, mac] = entry.split(",");
    const given = Buffer.from(mac ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
