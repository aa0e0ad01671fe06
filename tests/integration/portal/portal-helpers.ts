import { POST as access } from "@/app/api/portal/access/route";
import { drainJobs } from "../helpers/jobs";
import { makeRequest, params, readJson } from "../helpers/request";
import type { startSmtp } from "../helpers/smtp";

type Smtp = Awaited<ReturnType<typeof startSmtp>>;
let ip = 0;

/** A fresh client address per call unless one is given, so address throttles stay out of the way. */
export const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

/** Asks the portal for a code (or trades one), then runs the queued jobs so its mail has been delivered. */
export async function askAccess(body: Record<string, unknown>, address = nextIp()) {
  const answer = await readJson(
    await access(
      makeRequest("/api/portal/access", { method: "POST", body, headers: { "x-forwarded-for": address } }),
      params(),
    ),
  );
  await drainJobs();
  return answer;
}

/** The code of the newest access-code mail to `email` (delivered by askAccess). */
export function codeFor(smtp: Smtp, email: string): string {
  const mail = smtp.messages.filter((m) => m.to.includes(email) && /portal code/.test(m.text)).at(-1);
  const code = mail?.text.match(/portal is:\s*(\d{8})\b/)?.[1];
  if (!code) throw new Error(`No access code mailed to ${email}`);
  return code;
}

/** Email gate end to end: ask for a code, read it from the mail, trade it for a token. */
export async function signIn(smtp: Smtp, org: { slug: string }, email: string): Promise<string> {
  const asked = await askAccess({ org: org.slug, email });
  if (asked.status !== 200) throw new Error(`code request failed: ${JSON.stringify(asked)}`);
  const granted = await askAccess({ org: org.slug, email, code: codeFor(smtp, email) });
  if (granted.status !== 200) throw new Error(`code check failed: ${JSON.stringify(granted)}`);
  return granted.body.accessToken as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Messages to `email` once every detached notification has been handed to the SMTP server. */
export async function mailsTo(smtp: Smtp, email: string) {
  await drainJobs();
  return smtp.messages.filter((m) => m.to.includes(email));
}
