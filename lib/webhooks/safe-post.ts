import "server-only";
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isPrivateAddress } from "@/lib/server/private-address";
import { semaphore } from "@/lib/server/semaphore";

/**
 * Sending to a URL a tenant typed is how a server gets made to probe its own network (SSRF):
 * only https, the name resolved here and every address it has checked, the connection made to
 * the address that was checked (no second lookup a changed DNS answer could slip through), no
 * redirect followed, a short deadline and a small read of the answer. WEBHOOK_ALLOW_PRIVATE_HOSTS
 * =true allows http and private addresses (the tests, a local demo), as IMAP_ALLOW_PRIVATE_HOSTS
 * does for mail servers.
 */
export const WEBHOOK_TIMEOUT_MS = 5000;
export const RESPONSE_EXCERPT_BYTES = 1024;

export const URL_INVALID = "Enter a full URL starting with https://";
export const URL_NOT_HTTPS = "Webhook URLs must start with https://";
export const URL_PRIVATE_HOST = "This URL is on a private or local network, which Ticketry does not send to";

export function webhookPrivateHostsAllowed(): boolean {
  return process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS === "true";
}

/** What is wrong with the URL itself (scheme, a literal private address), without looking the name up; null when nothing is. */
export function webhookUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return URL_INVALID;
  }
  if (url.username || url.password) return URL_INVALID;
  const allowed = webhookPrivateHostsAllowed();
  if (url.protocol !== "https:" && !(allowed && url.protocol === "http:"))
    return url.protocol === "http:" ? URL_NOT_HTTPS : URL_INVALID;
  const host = hostOf(url);
  if (!allowed && (isIP(host) ? isPrivateAddress(host) : host === "localhost" || host.endsWith(".localhost")))
    return URL_PRIVATE_HOST;
  return null;
}

/** The host as an address when it is one ([::1] -> ::1). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

type Resolved = { address: string; family: 4 | 6 } | { error: string };

/**
 * A name lookup holds one of the few threads the process shares with password hashing and file
 * reads for as long as the name's DNS takes to answer (seconds, for a server that never does).
 * One at a time, so a tenant whose webhook names a slow DNS holds one of those threads, never
 * all of them.
 */
const lookupSlot = semaphore(1);

/** The address to connect to, once every address the name has is known not to be private. */
export async function resolveWebhookHost(url: URL): Promise<Resolved> {
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await lookupSlot(() => lookup(host, { all: true, verbatim: true }));
  } catch {
    return { error: `The host ${host} could not be found` };
  }
  if (addresses.length === 0) return { error: `The host ${host} could not be found` };
  if (!webhookPrivateHostsAllowed() && addresses.some(({ address }) => isPrivateAddress(address)))
    return { error: URL_PRIVATE_HOST };
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

export type PostOutcome = {
  /** A 2xx answer. */
  ok: boolean;
  status: number | null;
  /** The start of the answer's body (at most RESPONSE_EXCERPT_BYTES), "" when none was read. */
  body: string;
  durationMs: number;
  /** Why it failed, in words an admin reads in the delivery log; null on success. */
  error: string | null;
};

/** Text PostgreSQL stores: no NUL characters. */
const storable = (text: string) => text.replaceAll("\u0000", "");

/**
 * POSTs `body` to `rawUrl`. Never throws: every failure (a refused URL, no answer in time, a
 * redirect, a 5xx) is an outcome the caller records.
 */
export async function safePost(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs?: number } = {},
): Promise<PostOutcome> {
  const started = performance.now();
  const outcome = (rest: Omit<PostOutcome, "durationMs">): PostOutcome => ({
    ...rest,
    durationMs: Math.round(performance.now() - started),
  });
  const problem = webhookUrlProblem(rawUrl);
  if (problem) return outcome({ ok: false, status: null, body: "", error: problem });
  const url = new URL(rawUrl);
  const resolved = await resolveWebhookHost(url);
  if ("error" in resolved) return outcome({ ok: false, status: null, body: "", error: resolved.error });
  const answer = await send(url, resolved, body, headers, opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  if ("error" in answer) return outcome({ ok: false, status: null, body: "", error: answer.error });
  const { status, excerpt, location } = answer;
  const ok = status >= 200 && status < 300;
  let error: string | null = null;
  if (status >= 300 && status < 400)
    error = `Redirected${location ? ` to ${location}` : ""}; redirects are not followed`;
  else if (!ok) error = `The endpoint answered ${status}`;
  return outcome({ ok, status, body: storable(excerpt), error: error && storable(error) });
}

type Answer = { status: number; excerpt: string; location: string | undefined } | { error: string };

function send(
  url: URL,
  target: { address: string; family: 4 | 6 },
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Answer> {
  return new Promise((resolve) => {
    const signal = AbortSignal.timeout(timeoutMs);
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "Ticketry-Webhooks/1",
        },
        // The checked address, whatever the name resolves to now; TLS still checks the name.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all) callback(null, [target] as never, target.family);
          else callback(null, target.address, target.family);
        },
        agent: false,
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          response.destroy();
          resolve({
            status: response.statusCode ?? 0,
            excerpt: new TextDecoder().decode(Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES)),
            location: response.headers.location,
          });
        };
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_EXCERPT_BYTES) finish();
        });
        response.on("end", finish);
        response.on("error", finish);
      },
    );
    request.on("error", (error) =>
      resolve({
        error: signal.aborted
          ? `No answer within ${timeoutMs / 1000} seconds`
          : `Could not connect: ${(error as NodeJS.ErrnoException).code ?? error.message}`,
      }),
    );
    request.end(body);
  });
}
