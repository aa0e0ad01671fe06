import "server-only";
import { decode, encode } from "next-auth/jwt";
import { env } from "@/lib/server/env";

/**
 * The session is a next-auth v4 JWT (encrypted, HttpOnly cookie) carrying only the user id, the
 * user's sessionVersion and the id of its session record (UserSession: one per sign-in, whatever
 * the way in); everything else is read from the database, or a cache it keeps true, per request.
 */
export const SESSION_MAX_AGE_S = 7 * 24 * 60 * 60;

export function sessionCookieName(): string {
  return env.secureCookies ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

export type SessionClaims = { userId: string; sessionVersion: number; sessionId: string };

export function encodeSession(claims: SessionClaims): Promise<string> {
  return encode({
    token: { sub: claims.userId, sv: claims.sessionVersion, sid: claims.sessionId },
    secret: env.sessionSecret,
    maxAge: SESSION_MAX_AGE_S,
  });
}

/**
 * Decoded cookies by their exact text, until the token expires. Decoding derives the key and
 * decrypts on every call (a tenth of an API request's CPU); the claims of a given token never
 * change, and revocation is still checked against the database on every request.
 */
const decoded = new Map<string, { claims: SessionClaims; expiresAt: number }>();
const DECODED_MAX_ENTRIES = 10_000;

export async function decodeSession(token: string | undefined): Promise<SessionClaims | null> {
  if (!token || token.length > 4096) return null;
  const cached = decoded.get(token);
  if (cached && cached.expiresAt > Date.now()) return cached.claims;
  try {
    const payload = await decode({ token, secret: env.sessionSecret });
    if (!payload || typeof payload.sub !== "string" || typeof payload.sv !== "number") return null;
    // A cookie issued before sessions had records names none: it ends, and its user signs in again.
    if (typeof payload.sid !== "string") return null;
    const claims = { userId: payload.sub, sessionVersion: payload.sv, sessionId: payload.sid };
    if (typeof payload.exp === "number") {
      if (decoded.size >= DECODED_MAX_ENTRIES) decoded.delete(decoded.keys().next().value!);
      decoded.set(token, { claims, expiresAt: payload.exp * 1000 });
    }
    return claims;
  } catch {
    return null;
  }
}

export function sessionCookieOptions() {
  return { httpOnly: true, sameSite: "lax" as const, secure: env.secureCookies, path: "/", maxAge: SESSION_MAX_AGE_S };
}
