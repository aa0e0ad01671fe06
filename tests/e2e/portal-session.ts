import type { APIResponse, BrowserContext } from "@playwright/test";
import { createPortalToken } from "./db";

/**
 * The portal keeps its session in an HttpOnly cookie per organisation, sent to the API only;
 * every portal call names its portal in this header. (The end-to-end server is served over
 * http, so the cookie has no __Secure- prefix.)
 */
export const PORTAL_HEADER = "X-Portal-Org";
export const portalCookieName = (slug: string) => `ticketry-portal.${slug}`;

/** Headers of an API call as the portal page of `slug` makes it (the context sends the cookie). */
export const asPortal = (slug: string) => ({ [PORTAL_HEADER]: slug });

/** Signs `email` in to the portal of `slug` in this browser context, as a code check would. */
export async function plantPortalSession(context: BrowserContext, baseURL: string, slug: string, email: string) {
  const token = await createPortalToken(slug, email);
  await context.addCookies([
    {
      name: portalCookieName(slug),
      value: token,
      domain: new URL(baseURL).hostname,
      path: "/api",
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  return token;
}

/** The portal session token an access answer set as the cookie of `slug`'s portal. */
export function portalTokenOf(res: APIResponse, slug: string): string {
  const prefix = `${portalCookieName(slug)}=`;
  const cookie = res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value)
    .find((v) => v.startsWith(prefix));
  if (!cookie) throw new Error(`no portal cookie for ${slug}`);
  return cookie.slice(prefix.length).split(";")[0]!;
}
