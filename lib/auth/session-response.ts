import "server-only";
import type { NextResponse } from "next/server";
import { encodeSession, sessionCookieName, sessionCookieOptions } from "./session-cookie";

/** Puts a fresh session cookie for the user (at its current session version) on the response. */
export async function setSessionCookie(response: NextResponse, user: { id: string; sessionVersion: number }) {
  response.cookies.set(
    sessionCookieName(),
    await encodeSession({ userId: user.id, sessionVersion: user.sessionVersion }),
    sessionCookieOptions(),
  );
  return response;
}

export function clearSessionCookie(response: NextResponse) {
  response.cookies.set(sessionCookieName(), "", { ...sessionCookieOptions(), maxAge: 0 });
  return response;
}
