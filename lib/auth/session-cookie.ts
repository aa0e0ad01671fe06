import "server-only";
import { decode, encode } from "next-auth/jwt";
import { env } from "@/lib/env";

/**
 * The session is a next-auth v4 JWT (encrypted, HttpOnly cookie) carrying only the user id
 * and the user's sessionVersion; everything else is read from the database per request.
 */
export const SESSION_MAX_AGE_S = 7 * 24 * 60 * 60;

export function sessionCookieName(): string {
  return env.secureCookies ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

export type SessionClaims = { userId: string; sessionVersion: number };

export function encodeSession(claims: SessionClaims): Promise<string> {
  return encode({ token: { sub: claims.userId, sv: claims.sessionVersion }, secret: env.sessionSecret, maxAge: SESSION_MAX_AGE_S });
}

export async function decodeSession(token: string | undefined): Promise<SessionClaims | null> {
  if (!token || token.length > 4096) return null;
  try {
    const payload = await decode({ token, secret: env.sessionSecret });
    if (!payload || typeof payload.sub !== "string" || typeof payload.sv !== "number") return null;
    return { userId: payload.sub, sessionVersion: payload.sv };
  } catch {
    return null;
  }
}

export function sessionCookieOptions() {
  return { httpOnly: true, sameSite: "lax" as const, secure: env.secureCookies, path: "/", maxAge: SESSION_MAX_AGE_S };
}
