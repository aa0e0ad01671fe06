import { portalCookieName } from "@/lib/auth/portal-token";

/** How the portal page calls: it names its portal, and the browser sends that portal's session cookie. */
export const portalAuth = (slug: string, token: string) => ({
  "x-portal-org": slug,
  cookie: `${portalCookieName(slug)}=${token}`,
});
