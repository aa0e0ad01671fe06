import "server-only";
import { db } from "@/lib/server/db";

const DAY = 24 * 60 * 60_000;

/**
 * Deletes what has outlived its purpose: one-time tokens and portal sessions a day after they
 * expired (kept that long so "expired" can still be told from "unknown"), invitations a week
 * after, throttle counters whose window has ended, the delivery records of mail sent more
 * than 30 days ago, inbound webhook signatures a day old (their five-minute window closed
 * long before: a replay of one is refused by its timestamp by then), and the public API's
 * Idempotency-Keys past their day.
 */
export async function cleanUpExpired(now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY);
  const counts = await db.$transaction([
    db.passwordResetToken.deleteMany({ where: { expiresAt: { lt: dayAgo } } }),
    db.emailChangeToken.deleteMany({ where: { expiresAt: { lt: dayAgo } } }),
    db.portalAccessCode.deleteMany({ where: { expiresAt: { lt: dayAgo } } }),
    db.portalSession.deleteMany({ where: { expiresAt: { lt: dayAgo } } }),
    db.teamInvite.deleteMany({ where: { acceptedAt: null, expiresAt: { lt: new Date(now.getTime() - 7 * DAY) } } }),
    db.rateLimitBucket.deleteMany({ where: { resetAt: { lt: now } } }),
    db.mailDelivery.deleteMany({ where: { status: "sent", sentAt: { lt: new Date(now.getTime() - 30 * DAY) } } }),
    db.inboundWebhookSignature.deleteMany({ where: { createdAt: { lt: dayAgo } } }),
    db.apiIdempotencyKey.deleteMany({ where: { createdAt: { lt: dayAgo } } }),
  ]);
  return counts.reduce((sum, c) => sum + c.count, 0);
}
