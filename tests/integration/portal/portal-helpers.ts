import { POST as access } from "@/app/api/portal/access/route";
import { portalCookieName } from "@/lib/auth/portal-token";
import { portalAuth } from "../helpers/portal-auth";
import { drainJobs } from "../helpers/jobs";
import { makeRequest, params, readJson } from "../helpers/request";
import type { startSmtp } from "../helpers/smtp";

type Smtp = Awaited<ReturnType<typeof startSmtp>>;
let ip = 0;

/** A fresh client address per call unless one is given, so address throttles stay out of the way. */
export const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

/** Asks the portal for a code (or trades one), then runs the queued jobs so its mail has been delivered. */
export async function askAccess(body: Record<string, unknown>, address = nextIp()) {
  return readJson(await accessResponse(body, address));
}

/** The same, keeping the whole response (its cookie). */
export async function accessResponse(body: Record<string, unknown>, address = nextIp()) {
  const res = await access(
    makeRequest("/api/portal/access", { method: "POST", body, headers: { "x-forwarded-for": address } }),
    params(),
  );
  await drainJobs();
  return res;
}

/** The portal session token a response set as the cookie of the portal `slug`, if any. */
export function sessionCookieOf(res: Response, slug: string): string | undefined {
  const prefix = `${portalCookieName(slug)}=`;
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(prefix));
  return cookie?.slice(prefix.length).split(";")[0];
}

/** The code of the newest access-code mail to `email` (delivered by askAccess). */
export function codeFor(smtp: Smtp, email: string): string {
  const mail = smtp.messages.filter((m) => m.to.includes(email) && /portal code/.test(m.text)).at(-1);
  const code = mail?.text.match(/portal is:\s*(\d{8})\b/)?.[1];
  if (!code) throw new Error(`No access code mailed to ${email}`);
  return code;
}

/** Email gate end to end: ask for a code, read it from the mail, trade it for a session token. */
export async function signIn(smtp: Smtp, org: { slug: string }, email: string): Promise<string> {
  const asked = await askAccess({ org: org.slug, email });
  if (asked.status !== 200) throw new Error(`code request failed: ${JSON.stringify(asked)}`);
  const granted = await accessResponse({ org: org.slug, email, code: codeFor(smtp, email) });
  const token = sessionCookieOf(granted, org.slug);
  if (granted.status !== 200 || !token) throw new Error(`code check failed: ${granted.status} ${await granted.text()}`);
  return token;
}

export { portalAuth };

/** Messages to `email` once every detached notification has been handed to the SMTP server. */
export async function mailsTo(smtp: Smtp, email: string) {
  await drainJobs();
  return smtp.messages.filter((m) => m.to.includes(email));
}
