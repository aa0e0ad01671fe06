import "server-only";
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { CustomFetchOptions } from "openid-client";
import { isPrivateAddress } from "@/lib/server/private-address";

/**
 * An organisation's admin types the issuer URL, and the server then fetches from it (discovery,
 * keys, the token exchange): without a rule, an admin could make the server probe its own network
 * (SSRF), as with webhooks and mail servers. Only https to public addresses, checked on save
 * (the URL) and before every request (each address the name has, and the request made to the
 * address checked); no redirect is followed.
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

/** The most of a provider's answer read (a discovery document, its keys, a token answer are a few kB). */
const MAX_ANSWER_BYTES = 1 << 20;

type Target = { address: string; family: 4 | 6 };

/**
 * Where the request may go: every address of the name, each checked public (unless private
 * hosts are allowed). The connection tries them in turn, as a browser does, and no other.
 */
async function targetsOf(host: string): Promise<Target[]> {
  const literal = isIP(host);
  if (literal) return [{ address: host, family: literal as 4 | 6 }];
  const addresses = (await lookup(host, { all: true, verbatim: true }).catch(() => [])) as Target[];
  if (addresses.length === 0) throw new ProviderRefused(`The host ${host} could not be found`);
  if (!ssoPrivateHostsAllowed() && addresses.some(({ address }) => isPrivateAddress(address)))
    throw new ProviderRefused(ISSUER_PRIVATE_HOST);
  return addresses;
}

/** A request body as bytes (what openid-client sends: form fields, JSON text, bytes). */
function bodyBytes(body: CustomFetchOptions["body"]): Buffer | undefined {
  if (body === null || body === undefined) return undefined;
  if (typeof body === "string" || body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof ArrayBuffer || body instanceof Uint8Array) return Buffer.from(body as Uint8Array);
  throw new ProviderRefused("A streamed request body is not sent to a provider");
}

/**
 * The fetch every request to a provider goes through: the URL's rule, every address of its name
 * public, and the connection made to the address that was checked, whatever the name resolves
 * to a moment later (no second lookup a changed DNS answer could slip through; TLS still checks
 * the name); no redirect followed, a deadline, at most 1 MB of the answer read.
 */
export async function providerFetch(raw: string, options: CustomFetchOptions): Promise<Response> {
  const url = new URL(raw);
  const problem = issuerUrlProblem(url.origin);
  if (problem) throw new ProviderRefused(problem);
  const targets = await targetsOf(hostOf(url));
  const body = bodyBytes(options.body);
  const signal = options.signal ?? AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
  return new Promise<Response>((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: options.method,
        headers: { ...options.headers, ...(body ? { "content-length": String(body.length) } : {}) },
        lookup: (_host, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all) callback(null, targets as never, targets[0]!.family);
          else callback(null, targets[0]!.address, targets[0]!.family);
        },
        agent: false,
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
          else response.destroy(new ProviderRefused("The provider's answer is too large"));
        });
        response.on("error", reject);
        response.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            for (const one of [value ?? []].flat()) headers.append(name, one);
          const status = response.statusCode ?? 502;
          // A 204 or 304 carries no body, and a Response refuses one for them.
          const empty = status === 204 || status === 205 || status === 304;
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers }));
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
