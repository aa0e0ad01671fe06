import "server-only";
import { env } from "@/lib/server/env";
import { seal, unseal } from "@/lib/server/secret-box";

/**
 * What a single sign-on must find again when the provider sends the browser back: the
 * organisation, the `state` and `nonce` sent, and the PKCE verifier. It travels in a short-lived
 * cookie of that browser only, sealed (so it is neither read nor forged), and is spent by the
 * callback: a sign-in started in one browser cannot be finished in another.
 */
export const SSO_FLOW_COOKIE = "ticketry.sso-flow";
export const SSO_FLOW_TTL_S = 10 * 60;
const CONTEXT = "sso-flow";
const PATH = "/api/sso/callback";

export type SsoFlow = { organizationId: string; state: string; nonce: string; verifier: string; expiresAt: number };

export function sealFlow(flow: SsoFlow): string {
  return seal(JSON.stringify(flow), CONTEXT);
}

/** The flow in the cookie, or null when there is none, it was changed or it is over. */
export function openFlow(cookie: string | undefined, now = Date.now()): SsoFlow | null {
  if (!cookie || cookie.length > 2048) return null;
  try {
    const flow = JSON.parse(unseal(cookie, CONTEXT)) as SsoFlow;
    return typeof flow.expiresAt === "number" && flow.expiresAt > now ? flow : null;
  } catch {
    return null;
  }
}

/** The cookie's attributes: sent back on the provider's top-level redirect (lax), to the callback only. */
export function flowCookieOptions(maxAge = SSO_FLOW_TTL_S) {
  return { httpOnly: true, sameSite: "lax" as const, secure: env.secureCookies, path: PATH, maxAge };
}
