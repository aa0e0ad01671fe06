import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { CustomFetchOptions } from "openid-client";
import { isPrivateAddress } from "@/lib/server/private-address";

/**
 * An organisation's admin types the issuer URL, and the server then fetches from it (discovery,
 * keys, the token exchange): without a rule, an admin could make the server probe its own network
 * (SSRF), as with webhooks and mail servers. Only https to public addresses, checked on save
 * (the URL) and before every request (each address the name has); no redirect is followed.
 * SSO_ALLOW_PRIVATE_HOSTS=true allows http and private addresses (the tests, the local demo
 * provider of `npm run sso:provider`).
 */
export const PROVIDER_TIMEOUT_MS = 5000;

export const ISSUER_NOT_HTTPS = "The issuer URL must start with https://";
export const ISSUER_PRIVATE_HOST = "This issuer is on a private or local network, which Ticketry does not connect to";

export function ssoPrivateHostsAllowed(): boolean {
  return process.env.SSO_ALLOW_PRIVATE_HOSTS === "true";
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** What is wrong with an issuer URL as typed (scheme, credentials, a literal private host); null when nothing is. */
export function issuerUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter the issuer URL, starting with https://";
  }
  if (url.username || url.password || url.search || url.hash)
    return "Enter the issuer URL without credentials, query or fragment";
  const allowed = ssoPrivateHostsAllowed();
  if (url.protocol !== "https:" && !(allowed && url.protocol === "http:")) return ISSUER_NOT_HTTPS;
  const host = hostOf(url);
  if (!allowed && (isIP(host) ? isPrivateAddress(host) : host === "localhost" || host.endsWith(".localhost")))
    return ISSUER_PRIVATE_HOST;
  return null;
}

/** Thrown when a request to the provider is refused before it is sent (the rule above). */
export class ProviderRefused extends Error {}

/** The fetch every request to a provider goes through: the URL's rule, every address of its name public, no redirect, a deadline. */
export async function providerFetch(raw: string, options: CustomFetchOptions): Promise<Response> {
  const problem = issuerUrlProblem(new URL(raw).origin);
  if (problem) throw new ProviderRefused(problem);
  const host = hostOf(new URL(raw));
  if (!ssoPrivateHostsAllowed() && !isIP(host)) {
    const addresses = await lookup(host, { all: true, verbatim: true }).catch(() => []);
    if (addresses.length === 0) throw new ProviderRefused(`The host ${host} could not be found`);
    if (addresses.some(({ address }) => isPrivateAddress(address))) throw new ProviderRefused(ISSUER_PRIVATE_HOST);
  }
  return fetch(raw, {
    ...(options as RequestInit),
    redirect: "manual",
    signal: options.signal ?? AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
}
