// The part of mailauth 4.9 (no bundled types) that inbound mail uses.
declare module "mailauth" {
  export type MailauthResolver = (name: string, rrtype: string) => Promise<unknown>;
  type Status = { result?: string; comment?: string };
  export function authenticate(
    message: Buffer | string,
    options: {
      ip?: string;
      helo?: string;
      sender?: string;
      mta?: string;
      resolver?: MailauthResolver;
      disableArc?: boolean;
      disableBimi?: boolean;
    },
  ): Promise<{
    spf?: { status?: Status; domain?: string } | false;
    /** `aligned`: the signing domain when it aligns with the From address's domain, else false. */
    dkim?: { results?: { status?: Status & { aligned?: string | false }; signingDomain?: string }[] };
    /** `header.from`: the From address's domain, named only when the mail has exactly one. */
    dmarc?: { status?: Status & { header?: { from?: string } }; domain?: string; policy?: string } | false;
    headers?: string;
  }>;
  /** Signs a message (the tests sign mail as a sender's domain would). */
  export function dkimSign(
    message: Buffer | string,
    options: { signatureData: { signingDomain: string; selector: string; privateKey: string | Buffer }[] },
  ): Promise<{ signatures: string }>;
}
