import "server-only";
import dns from "node:dns";
import { authenticate, type MailauthResolver } from "mailauth";

/**
 * SPF, DKIM and DMARC of a received mail (mailauth), recorded on the message. DNS goes through
 * node:dns unless a resolver is injected: tests use a fixed in-process one (no network here),
 * and INBOUND_AUTH_DNS=off answers "no record" for everything (a machine without DNS).
 */
export type AuthResults = { spf: string; dkim: string; dmarc: string; dmarcDomain: string | null };

let injected: MailauthResolver | null = null;

export function setAuthResolver(resolver: MailauthResolver | null) {
  injected = resolver;
}

const noRecords: MailauthResolver = async () => {
  throw Object.assign(new Error("no record"), { code: "ENOTFOUND" });
};

function resolver(): MailauthResolver {
  if (injected) return injected;
  if (process.env.INBOUND_AUTH_DNS === "off") return noRecords;
  return (name, rrtype) => dns.promises.resolve(name, rrtype);
}

export async function authenticateMail(
  raw: Buffer,
  envelope: { from?: string | null; remoteAddress?: string | null; heloName?: string | null },
): Promise<AuthResults> {
  try {
    const result = await authenticate(raw, {
      ...(envelope.remoteAddress ? { ip: envelope.remoteAddress.replace(/^::ffff:/, "") } : {}),
      ...(envelope.heloName ? { helo: envelope.heloName } : {}),
      ...(envelope.from ? { sender: envelope.from } : {}),
      resolver: resolver(),
      disableArc: true,
      disableBimi: true,
    });
    const dkim = result.dkim?.results?.map((r) => r.status?.result ?? "none") ?? [];
    return {
      spf: (result.spf && result.spf.status?.result) || "none",
      dkim: dkim.includes("pass") ? "pass" : (dkim[0] ?? "none"),
      dmarc: (result.dmarc && result.dmarc.status?.result) || "none",
      dmarcDomain: (result.dmarc && result.dmarc.domain) || null,
    };
  } catch {
    // A message mailauth cannot read proves nothing: it is treated as unauthenticated.
    return { spf: "temperror", dkim: "none", dmarc: "temperror", dmarcDomain: null };
  }
}

/** Mail that fails DMARC for its sender's domain may open a ticket but never joins an existing one. */
export const failsDmarc = (auth: AuthResults) => auth.dmarc === "fail";
