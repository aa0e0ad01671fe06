import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { env } from "@/lib/server/env";
import { CHALLENGE_TTL_MS } from "@/lib/services/users/passkey-challenges";

/**
 * The passkey challenge's cookie: a random token naming the challenge this browser was given
 * (stored server-side by its hash). Only the API reads it, and never from another site.
 */
const NAME = "ticketry.passkey-challenge";

export function setChallengeCookie(response: NextResponse, token: string) {
  response.cookies.set(NAME, token, {
    httpOnly: true,
    sameSite: "strict",
    secure: env.secureCookies,
    path: "/api",
    maxAge: CHALLENGE_TTL_MS / 1000,
  });
  return response;
}

export function challengeToken(req: NextRequest): string | null {
  const value = req.cookies.get(NAME)?.value;
  return value && value.length <= 128 ? value : null;
}

/** A challenge is used once: the answer's response forgets it in the browser too. */
export function clearChallengeCookie(response: NextResponse) {
  response.cookies.set(NAME, "", {
    httpOnly: true,
    sameSite: "strict",
    secure: env.secureCookies,
    path: "/api",
    maxAge: 0,
  });
  return response;
}
