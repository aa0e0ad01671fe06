import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import { db } from "@/lib/server/db";
import { badRequest, conflict, unauthorized } from "@/lib/errors";
import { clientIp } from "@/lib/http/server/client-ip";
import { hit } from "@/lib/services/rate-limit";
import { acceptInboundMessage, type AcceptResult } from "@/lib/services/mail/inbound/accept";
import { inboundConfig } from "@/lib/mail/inbound/config";
import { rawHeader } from "@/lib/mail/inbound/raw-headers";

/**
 * The provider webhook's trust rules: the body is signed with the deployment's
 * INBOUND_WEBHOOK_SECRET (HMAC-SHA256 of "<timestamp>.<body>", hex, in X-Ticketry-Signature;
 * the Unix time in X-Ticketry-Timestamp), the time is within five minutes of ours, and each
 * signature is accepted once (kept in PostgreSQL, so every server process knows it).
 */
export const TIMESTAMP_HEADER = "x-ticketry-timestamp";
export const SIGNATURE_HEADER = "x-ticketry-signature";
const WINDOW_SECONDS = 5 * 60;
const PER_ADDRESS = { limit: 600, windowMs: 60_000 };

export function signWebhookBody(secret: string, timestamp: number | string, raw: Buffer): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(raw).digest("hex");
}

export async function verifyWebhookCall(
  req: NextRequest,
  raw: Buffer,
  now = Date.now(),
): Promise<{ signature: string }> {
  await hit(`inbound-webhook:${clientIp(req)}`, PER_ADDRESS);
  const secret = inboundConfig.webhookSecret!;
  const timestamp = req.headers.get(TIMESTAMP_HEADER) ?? "";
  const given = (req.headers.get(SIGNATURE_HEADER) ?? "")
    .replace(/^sha256=/i, "")
    .trim()
    .toLowerCase();
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(given))
    throw unauthorized("Missing or malformed signature");
  const expected = Buffer.from(signWebhookBody(secret, timestamp, raw), "hex");
  if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) throw unauthorized("Invalid signature");
  if (Math.abs(now / 1000 - Number(timestamp)) > WINDOW_SECONDS)
    throw unauthorized("Signature timestamp is outside the allowed window");
  const { count } = await db.inboundWebhookSignature.createMany({ data: [{ signature: given }], skipDuplicates: true });
  if (count === 0) throw conflict("This request was already received");
  return { signature: given };
}

/** Recipients as the provider's copy of the message names them (they are inside the signed body). */
function recipientsOf(raw: Buffer): string[] {
  const names = ["delivered-to", "x-original-to", "to", "cc"];
  const text = names.map((name) => rawHeader(raw, name) ?? "").join(",");
  return [...text.matchAll(/[^\s<>,;:"()]+@[^\s<>,;:"()]+/g)].map((m) => m[0]).slice(0, 50);
}

export async function receiveWebhookMail(raw: Buffer): Promise<AcceptResult> {
  const recipients = recipientsOf(raw);
  if (recipients.length === 0) throw badRequest("The message names no recipient");
  const returnPath = rawHeader(raw, "return-path");
  return acceptInboundMessage({
    raw,
    source: "webhook",
    recipients,
    envelopeFrom: returnPath === null ? null : (/<([^<>]*)>/.exec(returnPath)?.[1] ?? returnPath),
  });
}
