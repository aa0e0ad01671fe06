import "server-only";
import { randomUUID } from "node:crypto";
import { connect, type Socket } from "node:net";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/server/env";

export type MailMessage = {
  to: string;
  /** Copied in (a ticket's CCs on a public reply); each counts against the email quota like `to`. */
  cc?: string[];
  /** Files sent with the mail, by their storage keys: the bytes are read when it is sent. */
  attachments?: { filename: string; contentType: string; storageKey: string }[];
  subject: string;
  text: string;
  html?: string;
  /** Shown as the sender's name (a support address's display name); the address stays MAIL_FROM's. */
  fromName?: string;
  /** Where the customer's answer goes: the support address with the ticket's signed token. */
  replyTo?: string;
  /** Fixed by the caller for mail in a ticket's thread (`<...>`); otherwise the delivery's own. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  /**
   * RFC 3834: mail answering a person's mail is "auto-replied", every other mail we send
   * "auto-generated" (the default), so other systems never auto-answer it and loop with us.
   */
  autoSubmitted?: "auto-replied" | "auto-generated";
};

/** A file's bytes as sent (read from storage by the mail's job). */
export type MailFile = { filename: string; contentType: string; content: Buffer };

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;

/**
 * SMTP_URL with its connections kept open between messages, unless it says otherwise
 * (`pool=false`): a connection per message spends most of a send on the handshake (the server's
 * greeting alone may be held back 100 ms to catch clients that talk too early), which held the
 * queue to about 26 mails a second after an outage; reused connections sent three times as many.
 */
function pooled(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has("pool")) parsed.searchParams.set("pool", "true");
  return parsed.toString();
}

/** What nodemailer asks of a socket hook: where to connect and how long to try. */
type SocketRequest = {
  host?: string;
  port?: number;
  secure?: boolean;
  localAddress?: string;
  connectionTimeout?: number;
};
type SocketReady = (error: Error | null, socket?: { connection: Socket }) => void;

/**
 * Opens SMTP's TCP connection without Nagle's delay, then hands it to nodemailer, which speaks
 * SMTP on it and starts TLS where the address says so (smtps://, STARTTLS). SMTP is a
 * conversation of small writes, and nodemailer leaves the delay on, so each message waited for
 * the server's delayed acknowledgement: 44 ms a mail on a reused connection against 1.6 ms
 * without it (one mail after another to an smtp-server on the same machine), which held one
 * connection to about 22 mails a second. Same defaults as nodemailer: localhost, port 465 for
 * smtps://, else 587.
 */
function connectWithoutDelay(options: SocketRequest, ready: SocketReady) {
  const port = Number(options.port) || (options.secure ? 465 : 587);
  const socket = connect({
    host: options.host ?? "localhost",
    port,
    localAddress: options.localAddress,
    noDelay: true,
  });
  socket.setTimeout(options.connectionTimeout ?? 120_000);
  const fail = (error: Error) => {
    socket.destroy();
    ready(error);
  };
  const onTimeout = () => fail(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" }));
  socket.once("error", fail);
  socket.once("timeout", onTimeout);
  socket.once("connect", () => {
    socket.off("error", fail).off("timeout", onTimeout).setTimeout(0).setKeepAlive(true);
    ready(null, { connection: socket });
  });
}

function getTransporter(): Transporter | null {
  const url = env.smtpUrl;
  if (!url) return null;
  if (!transporter || transporterUrl !== url) {
    closeMailTransport();
    transporter = nodemailer.createTransport(pooled(url));
    // nodemailer's socket hook, set where its constructor would put the option (a URL cannot carry it).
    Object.assign(transporter.transporter, { getSocket: connectWithoutDelay });
    transporterUrl = url;
  }
  return transporter;
}

/** Closes the open SMTP connections (a mail server stopping waits for its clients to leave). */
export function closeMailTransport(): void {
  transporter?.close();
  transporter = undefined;
  transporterUrl = undefined;
}

/** Control characters (line breaks included) and Unicode line separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;

/**
 * A second line of defence behind the input schemas: a subject is one line (a line break there
 * would add a header or forge the printed log), a recipient with a control character is refused,
 * and a body keeps its line breaks and tabs but no other control character.
 */
export function cleanMessage(message: MailMessage): MailMessage | null {
  const hasControl = (value: string | undefined) => value !== undefined && new RegExp(CONTROL.source, "u").test(value);
  // Addresses and Message-IDs are refused whole: a mended one would name a different place.
  const headerValues = [
    message.to,
    ...(message.cc ?? []),
    message.replyTo,
    message.messageId,
    message.inReplyTo,
    ...(message.references ?? []),
  ];
  if (headerValues.some(hasControl)) return null;
  return {
    ...message,
    subject: message.subject.replace(CONTROL, " "),
    ...(message.fromName !== undefined ? { fromName: message.fromName.replace(CONTROL, " ") } : {}),
    text: message.text.replace(/[^\P{Cc}\n\t]|[\u2028\u2029]/gu, ""),
  };
}

function printed(message: MailMessage) {
  if (!env.isProduction || process.env.MAIL_LOG === "1") {
    console.log(
      `\n--- email to ${message.to} ---\nSubject: ${message.subject}\n\n${message.text}\n--- end of email ---\n`,
    );
  } else {
    console.warn(
      JSON.stringify({ level: "warn", msg: "SMTP_URL is not set; email not sent", subject: message.subject }),
    );
  }
}

/**
 * Hands one message to SMTP_URL (without it, development prints it to the server log so links
 * can be followed) under the given Message-ID, so a retried send is recognisably the same mail.
 * `returnPath` is the envelope sender bounces go to (MAIL_FROM's address when not given).
 * "refused" means it can never be sent (a control character in the recipient); an SMTP
 * failure throws, for the queue to retry.
 */
export async function transmit(
  unchecked: MailMessage,
  messageId: string,
  returnPath?: string,
  files: MailFile[] = [],
): Promise<"sent" | "refused"> {
  const message = cleanMessage(unchecked);
  if (!message) {
    console.warn(JSON.stringify({ level: "warn", msg: "email refused: control characters in the recipient" }));
    return "refused";
  }
  const transport = getTransporter();
  if (!transport) printed(message);
  else
    await transport.sendMail({
      ...nodemailerMessage(message, messageId),
      ...(files.length ? { attachments: files } : {}),
      ...(returnPath ? { envelope: { from: returnPath, to: [message.to, ...(message.cc ?? [])] } } : {}),
    });
  return "sent";
}

/** The address part of MAIL_FROM ("Name <a@b>" or "a@b"). */
export function mailFromAddress(): string {
  const from = env.mailFrom;
  return /<([^<>]+)>/.exec(from)?.[1] ?? from.trim();
}

function nodemailerMessage(message: MailMessage, messageId: string) {
  const {
    fromName,
    autoSubmitted,
    references,
    inReplyTo,
    replyTo,
    messageId: _fixed,
    attachments: _stored,
    cc,
    ...content
  } = message;
  return {
    ...content,
    from: fromName ? { name: fromName, address: mailFromAddress() } : env.mailFrom,
    messageId,
    ...(replyTo ? { replyTo } : {}),
    ...(cc?.length ? { cc } : {}),
    ...(inReplyTo ? { inReplyTo } : {}),
    ...(references?.length ? { references } : {}),
    headers: { "Auto-Submitted": autoSubmitted ?? "auto-generated" },
  };
}

/** One attempt that never throws (true when SMTP accepted or the log printed the message). */
export async function sendMail(message: MailMessage): Promise<boolean> {
  try {
    return (await transmit(message, `<${randomUUID()}@${mailDomain()}>`)) === "sent";
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "error",
        msg: "email delivery failed",
        subject: message.subject,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    return false;
  }
}

/** The host our Message-IDs name (APP_URL's). */
export function mailDomain(): string {
  return new URL(env.appUrl).hostname || "ticketry.local";
}
