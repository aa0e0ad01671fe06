/**
 * A live sign-in as the session check keeps it (UserSession): times in milliseconds. Only live
 * sessions are kept; an ended one is never cached, so its cookie is refused on every process as
 * soon as the end is heard.
 */
export type SessionRecord = {
  id: string;
  userId: string;
  sessionVersion: number;
  twoFactorPending: boolean;
  lastSeenAt: number;
  expiresAt: number;
};
