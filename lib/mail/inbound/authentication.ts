import "server-only";
import dns from "node:dns";
import { authenticate, type MailauthResolver } from "mailauth";

/**
 * SPF, DKIM and DMARC of a received mail (mailauth), recorded on the message. DNS goes through
 * node:dns unless a resolver is injected: tests use a fixed in-process one (no network here),
 * and INBOUND_AUTH_DNS=off answers "no record" for everything (a machine without DNS).
 */
export type AuthResults = {
  spf: string;
  dkim: string;
  dmarc: string;
  dmarcDomain: string | null;
  /** The From address's domain when that domain vouched for the mail (see senderVerified), else null. */
  verifiedDomain: string | null;
};

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
    const dmarc = (result.dmarc && result.dmarc.status?.result) || "none";
    const alignedSignature = !!result.dkim?.results?.some((r) => r.status?.result === "pass" && r.status.aligned);
    // mailauth names the author domain only when the mail has exactly one From domain.
    const fromDomain = (result.dmarc && result.dmarc.status?.header?.from?.toLowerCase()) || null;
    return {
      spf: (result.spf && result.spf.status?.result) || "none",
      dkim: dkim.includes("pass") ? "pass" : (dkim[0] ?? "none"),
      dmarc,
      dmarcDomain: (result.dmarc && result.dmarc.domain) || null,
      verifiedDomain: vouches(dmarc, alignedSignature) ? fromDomain : null,
    };
  } catch {
    // A message mailauth cannot read proves nothing: it is treated as unauthenticated.
    return { spf: "temperror", dkim: "none", dmarc: "temperror", dmarcDomain: null, verifiedDomain: null };
  }
}

/**
 * Whether the From address's own domain vouches for a mail: DMARC passes (an SPF or DKIM pass
 * for that domain, under the policy it publishes), or, for a domain that publishes no DMARC
 * policy, a DKIM signature of that domain passes (aligned as DMARC would align it). An SPF pass
 * alone proves only the return path and a DKIM pass alone only the signer, and a forger chooses
 * both: neither says anything about the From line agents read. SPF without DMARC is not counted
 * either, since a domain without a policy has not said its SPF covers its From addresses.
 */
const vouches = (dmarc: string, alignedSignature: boolean) =>
  dmarc === "pass" || (dmarc === "none" && alignedSignature);

/** Whether this mail's From address is the one its domain vouched for (authenticateMail). */
export function senderVerified(auth: AuthResults, fromAddress: string | null): boolean {
  return !!auth.verifiedDomain && !!fromAddress && fromAddress.toLowerCase().endsWith(`@${auth.verifiedDomain}`);
}

/** Mail that fails DMARC for its sender's domain may open a ticket but never joins an existing one. */
export const failsDmarc = (auth: AuthResults) => auth.dmarc === "fail";
