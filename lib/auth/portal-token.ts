import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { PORTAL_ORG_HEADER } from "@/lib/schemas/portal";
import { env } from "@/lib/server/env";

/** A portal caller: one customer email in one organisation, proven by an emailed code. */
export type PortalCustomer = { sessionId: string; organizationId: string; email: string; expiresAt: Date };

/** Portal sessions last a day; Logout revokes them earlier. */
export const PORTAL_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The portal session lives in an HttpOnly cookie, one per organisation (a customer may use two
 * teams' portals in one browser), sent only to the API: the portal's own routes and the paths
 * it shares with the workspace (replies, files, live updates). Lax, so a link from a mail (a
 * top-level navigation) arrives signed in; the page's own calls then carry it.
 */
const COOKIE_PATH = "/api";
const SLUG = /^[a-z0-9-]{1,60}$/;

export function portalCookieName(slug: string): string {
  return `${env.secureCookies ? "__Secure-" : ""}ticketry-portal.${slug}`;
}

/**
 * A portal call names its organisation in a header (the cookie of that portal is the one that
 * counts); null for every other call. The header also tells the paths the workspace and the
 * portal share which of the two is calling, and a page on another site cannot send it.
 */
export function portalCredentials(req: NextRequest): { slug: string; token: string | null } | null {
  const named = req.headers.get(PORTAL_ORG_HEADER);
  if (named === null) return null;
  const slug = named.trim().toLowerCase();
  if (!SLUG.test(slug)) return { slug: "", token: null };
  const token = req.cookies.get(portalCookieName(slug))?.value ?? null;
  return { slug, token: token && token.length <= 200 ? token : null };
}

/** Hands the browser the session of `slug`'s portal until the session row expires. */
export function setPortalCookie(res: NextResponse, slug: string, token: string, expiresAt: Date, now = new Date()) {
  res.cookies.set(portalCookieName(slug), token, {
    httpOnly: true,
    sameSite: "lax",
    secure: env.secureCookies,
    path: COOKIE_PATH,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
  return res;
}

/** Logout: the browser forgets the cookie (the session row is revoked separately). */
export function clearPortalCookie(res: NextResponse, slug: string) {
  res.cookies.set(portalCookieName(slug), "", {
    httpOnly: true,
    sameSite: "lax",
    secure: env.secureCookies,
    path: COOKIE_PATH,
    maxAge: 0,
  });
  return res;
}

/** The `Authorization: Bearer <token>` value, or null (the links mailed for a rating use it). */
export function bearerToken(req: NextRequest): string | null {
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(req.headers.get("authorization") ?? "");
  return match ? match[1]! : null;
}
