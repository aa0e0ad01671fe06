import "server-only";
import { db } from "@/lib/server/db";
import { purgeUnusedImages } from "@/lib/services/kb/images";

const DAY = 24 * 60 * 60_000;

/**
 * Deletes what has outlived its purpose: one-time tokens and portal sessions a day after they
 * expired (kept that long so "expired" can still be told from "unknown"), invitations a week
 * after, throttle counters whose window has ended, passkey challenges past their minutes, the delivery records of mail sent more
 * than 30 days ago, inbound webhook signatures a day old (their five-minute window closed
 * long before: a replay of one is refused by its timestamp by then), the public API's
 * Idempotency-Keys past their day, and the help center's visitor records past the figures that
 * use them: helpful votes and searches after 31 days (the knowledge base shows 30), suggested
 * articles opened after 90, and article images no article names a day after their upload.
 */
export async function cleanUpExpired(now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY);
  // Votes and searches are kept per UTC day: whole days older than 31 go.
  const day31 = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 31 * DAY);
  const counts = await db.$transaction([
    db.passwordResetToken.deleteMany({ where: { expiresAt: { lt: dayAgo } } }),
    db.emailChangeToken.deleteMany({ where: { expiresAt: { lt: dayAgo } } }),
    db.portalAccessCode.deleteMany({ where: { expiresAt: { lt: dayAgo } } }),
    db.portalSession.deleteMany({ where: { expiresAt: { lt: dayAgo } } }),
    db.teamInvite.deleteMany({ where: { acceptedAt: null, expiresAt: { lt: new Date(now.getTime() - 7 * DAY) } } }),
    db.passkeyChallenge.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.rateLimitBucket.deleteMany({ where: { resetAt: { lt: now } } }),
    db.mailDelivery.deleteMany({ where: { status: "sent", sentAt: { lt: new Date(now.getTime() - 30 * DAY) } } }),
    db.inboundWebhookSignature.deleteMany({ where: { createdAt: { lt: dayAgo } } }),
    db.apiIdempotencyKey.deleteMany({ where: { createdAt: { lt: dayAgo } } }),
    db.kbArticleVote.deleteMany({ where: { day: { lt: day31 } } }),
    db.kbSearchTerm.deleteMany({ where: { day: { lt: day31 } } }),
    db.kbSuggestionOpen.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - 90 * DAY) } } }),
  ]);
  const images = await purgeUnusedImages(now);
  return counts.reduce((sum, c) => sum + c.count, 0) + images;
}
