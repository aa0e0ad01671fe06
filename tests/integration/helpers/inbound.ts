import { readFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { simpleParser } from "mailparser";
import { setAuthResolver } from "@/lib/mail/inbound/authentication";
import { startSmtpReceiver } from "@/lib/mail/inbound/smtp-receiver";

const FIXTURES = path.join(process.cwd(), "tests/fixtures/mail");

/** A fixture message with its {{PLACEHOLDERS}} filled in (ids and addresses known only at run time). */
export function fixture(name: string, values: Record<string, string> = {}): Buffer {
  const text = readFileSync(path.join(FIXTURES, name), "utf8").replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`fixture ${name} needs ${key}`);
    return values[key]!;
  });
  return Buffer.from(text, "utf8");
}

/**
 * DNS as the tests' world has it, in-process (no network): strict.test publishes SPF "-all" and
 * DMARC p=reject, so its mail sent from here fails DMARC; every other domain has no records.
 */
const RECORDS: Record<string, string[][]> = {
  "strict.test:TXT": [["v=spf1 ip4:192.0.2.1 -all"]],
  "_dmarc.strict.test:TXT": [["v=DMARC1; p=reject"]],
};
export function useFixedDns() {
  setAuthResolver(async (name, rrtype) => {
    const found = RECORDS[`${name.toLowerCase()}:${rrtype}`];
    if (found) return found;
    throw Object.assign(new Error(`no ${rrtype} record for ${name}`), { code: "ENOTFOUND" });
  });
}

/** The real receiver on a free port, and a real SMTP client that sends raw messages to it. */
export async function startReceiver(options: { maxMessageBytes?: number } = {}) {
  const receiver = await startSmtpReceiver({ port: 0, host: "127.0.0.1", messagesPerMinute: 10_000, ...options });
  const client = nodemailer.createTransport({ host: "127.0.0.1", port: receiver.port, secure: false, ignoreTLS: true });
  return {
    port: receiver.port,
    /** Resolves with the server's answer; rejects with its SMTP error (responseCode) when refused. */
    send: (raw: Buffer, envelope: { from: string; to: string[] }) => client.sendMail({ envelope, raw }),
    close: async () => {
      client.close();
      await receiver.close();
    },
  };
}

/** A captured outgoing mail's thread headers. */
export async function threadOf(raw: string) {
  const parsed = await simpleParser(raw);
  const header = (name: string) => {
    const value = parsed.headers.get(name);
    return typeof value === "string" ? value : value === undefined ? null : JSON.stringify(value);
  };
  const replyTo = parsed.replyTo?.value[0]?.address ?? null;
  return {
    messageId: parsed.messageId ?? null,
    inReplyTo: parsed.inReplyTo ?? null,
    references: ([] as string[]).concat(parsed.references ?? []),
    replyTo,
    subject: parsed.subject ?? "",
    autoSubmitted: header("auto-submitted"),
    from: parsed.from?.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
    text: parsed.text ?? "",
  };
}
