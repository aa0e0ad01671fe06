import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/server/env";

export type MailMessage = { to: string; subject: string; text: string; html?: string };

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;

function getTransporter(): Transporter | null {
  const url = env.smtpUrl;
  if (!url) return null;
  if (!transporter || transporterUrl !== url) {
    transporter = nodemailer.createTransport(url);
    transporterUrl = url;
  }
  return transporter;
}

/** Control characters (line breaks included) and Unicode line separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;

/**
 * A second line of defence behind the input schemas: a subject is one line (a line break there
 * would add a header or forge the printed log), a recipient with a control character is refused,
 * and a body keeps its line breaks and tabs but no other control character.
 */
export function cleanMessage(message: MailMessage): MailMessage | null {
  if (new RegExp(CONTROL.source, "u").test(message.to)) return null;
  return {
    ...message,
    subject: message.subject.replace(CONTROL, " "),
    text: message.text.replace(/[^\P{Cc}\n\t]|[\u2028\u2029]/gu, ""),
  };
}

/**
 * Sends through SMTP_URL; without it (development) the message is printed to the server
 * log so links can be followed. Never throws: a mail failure must not fail the request
 * that caused it, it is logged instead.
 */
export async function sendMail(unchecked: MailMessage): Promise<boolean> {
  const message = cleanMessage(unchecked);
  if (!message) {
    console.warn(JSON.stringify({ level: "warn", msg: "email refused: control characters in the recipient" }));
    return false;
  }
  const transport = getTransporter();
  if (!transport) {
    if (!env.isProduction || process.env.MAIL_LOG === "1") {
      console.log(
        `\n--- email to ${message.to} ---\nSubject: ${message.subject}\n\n${message.text}\n--- end of email ---\n`,
      );
    } else {
      console.warn(
        JSON.stringify({ level: "warn", msg: "SMTP_URL is not set; email not sent", subject: message.subject }),
      );
    }
    return true;
  }
  try {
    await transport.sendMail({ from: env.mailFrom, ...message });
    return true;
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
