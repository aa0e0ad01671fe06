import { signWebhookBody } from "@/lib/services/mail/inbound/webhook";
import { db } from "./db";

/** The deployment's webhook secret in these tests (the route is a 404 without one). */
export const WEBHOOK_SECRET = "inbound-webhook-test-secret-0123456789abcdef";
process.env.INBOUND_WEBHOOK_SECRET ??= WEBHOOK_SECRET;

export function signedHeaders(rawBody: string | Buffer, timestamp = Math.floor(Date.now() / 1000)) {
  const raw = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody;
  return {
    "content-type": "message/rfc822",
    "x-ticketry-timestamp": String(timestamp),
    "x-ticketry-signature": signWebhookBody(WEBHOOK_SECRET, timestamp, raw),
  };
}

/** A signed webhook call carrying a small mail to this support address (verified first: only proven addresses receive). */
export async function signedInboundMail(address: { id: string; email: string }, unique: string) {
  // updateMany: a world whose address an earlier call removed still builds its (refused) request.
  await db.supportEmail.updateMany({ where: { id: address.id }, data: { verifiedAt: new Date() } });
  const rawBody = [
    `From: Webhook Customer <customer-${unique}@example.test>`,
    `To: ${address.email}`,
    `Subject: Sent through the provider ${unique}`,
    `Message-ID: <webhook-${unique}@example.test>`,
    "",
    "Hello from the provider.",
    "",
  ].join("\r\n");
  return { rawBody, headers: signedHeaders(rawBody) };
}
