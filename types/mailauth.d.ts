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
    dkim?: { results?: { status?: Status; signingDomain?: string }[] };
    dmarc?: { status?: Status; domain?: string; policy?: string } | false;
    headers?: string;
  }>;
}
