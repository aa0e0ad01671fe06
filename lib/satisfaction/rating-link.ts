/**
 * The rules of a "How did we do?" link, shared by the mail, the rating page and the service.
 * A link is a random token (32 bytes, base64url) of one resolution of one ticket; the
 * database keeps only its SHA-256 hash.
 */
import type { SatisfactionScore } from "@/lib/schemas/satisfaction";

export const RATING_LINK_NOT_FOUND = "This rating link is not valid. Please use the link from your email.";
export const RATING_LINK_EXPIRED = "This rating link has expired.";
export const RATING_LOCKED =
  "This rating can no longer be changed: a rating can be changed for 7 days after it is given.";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A customer may still rate a resolved ticket this long after its mail was sent. */
export const RATING_LINK_TTL_MS = 30 * DAY_MS;

/** After the first rating the customer may change it (score or comment) for this long. */
export const RATING_CHANGE_WINDOW_MS = 7 * DAY_MS;

/** What newToken() makes: 32 bytes in base64url, 43 characters without padding. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Whether a string could be one of our tokens at all (anything else is not looked up). */
export function looksLikeRatingToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** The page a mail's Good or Bad link opens; APP_URL, never the request's Host, builds it. */
export function ratingLinkUrl(appUrl: string, token: string, score: SatisfactionScore): string {
  return `${appUrl}/rate/${encodeURIComponent(token)}?score=${score}`;
}

export function ratingLinkExpiresAt(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + RATING_LINK_TTL_MS);
}

/** Until when a rating first given at `ratedAt` may be changed. */
export function ratingChangeableUntil(ratedAt: Date): Date {
  return new Date(ratedAt.getTime() + RATING_CHANGE_WINDOW_MS);
}

/**
 * What a link allows now: "open" (rate, or change a rating still in its window), "locked"
 * (rated more than 7 days ago: shown, not changed), "expired" (the link's 30 days are over).
 * An expired link still shows a rating the customer gave, read-only.
 */
export function ratingLinkState(
  link: { expiresAt: Date },
  rating: { ratedAt: Date } | null,
  now: Date,
): "open" | "locked" | "expired" {
  if (rating && now.getTime() > ratingChangeableUntil(rating.ratedAt).getTime()) return "locked";
  if (now.getTime() >= link.expiresAt.getTime()) return "expired";
  return "open";
}

/** The score a link's `?score=` asks for, when it names one. */
export function scoreFromQuery(value: unknown): SatisfactionScore | null {
  return value === "good" || value === "bad" ? value : null;
}

export const SCORE_LABELS: Record<SatisfactionScore, string> = { good: "Good", bad: "Bad" };

/** "% good of rated", rounded; null when nothing was rated (no figure rather than 0%). */
export function percentGood(good: number, rated: number): number | null {
  return rated > 0 ? Math.round((good / rated) * 100) : null;
}
