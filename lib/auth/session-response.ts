import "server-only";
import type { NextResponse } from "next/server";
import { encodeSession, sessionCookieName, sessionCookieOptions } from "./session-cookie";

/** Puts a fresh cookie of the session (for the user at its current session version) on the response. */
export async function setSessionCookie(
  response: NextResponse,
  user: { id: string; sessionVersion: number },
  sessionId: string,
) {
  response.cookies.set(
    sessionCookieName(),
    await encodeSession({ userId: user.id, sessionVersion: user.sessionVersion, sessionId }),
    sessionCookieOptions(),
  );
  return response;
}

export function clearSessionCookie(response: NextResponse) {
  response.cookies.set(sessionCookieName(), "", { ...sessionCookieOptions(), maxAge: 0 });
  return response;
}
