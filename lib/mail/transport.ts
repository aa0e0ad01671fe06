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

/**
 * Sends through SMTP_URL; without it (development) the message is printed to the server
 * log so links can be followed. Never throws: a mail failure must not fail the request
 * that caused it, it is logged instead.
 */
export async function sendMail(message: MailMessage): Promise<boolean> {
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
