import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { closeMailTransport } from "@/lib/mail/transport";
import { drainJobs } from "./jobs";

/** A delivered mail: `from` is the envelope's return path (MAIL FROM), "" for the null one. */
export type CapturedMail = { from: string; to: string[]; raw: string; text: string };

/**
 * A real SMTP server in the test process. SMTP_URL points the app's nodemailer at it, so
 * mail takes the production path and the test reads what was delivered.
 */
export async function startSmtp() {
  const messages: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  // While held, delivered messages are recorded but not acknowledged (a slow mail server).
  let held: (() => void)[] | null = null;
  // While above zero, each message is refused with a temporary error (a mail server that is down).
  let refusals = 0;
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onMailFrom(_address, _session, callback) {
      if (refusals <= 0) return callback();
      refusals--;
      callback(Object.assign(new Error("Service unavailable, try again later"), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        // Undo quoted-printable soft line breaks and escapes so links read whole.
        const text = raw
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        messages.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw, text });
        waiters.splice(0).forEach((wake) => wake());
        if (held) held.push(() => callback());
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}/?ignoreTLS=true`;

  return {
    messages,
    /**
     * Resolves with the first message to `address`: runs the queued jobs first (mail is sent by
     * the job queue), then waits for the message if a send is still under way.
     */
    async mailTo(address: string): Promise<CapturedMail> {
      if (!messages.some((m) => m.to.includes(address))) await drainJobs();
      for (;;) {
        const found = messages.find((m) => m.to.includes(address));
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    clear: () => messages.splice(0),
    /** How many connections senders have opened so far. */
    connections: () => connections,
    /** Refuse the next `count` messages (a temporary SMTP failure each). */
    refuse: (count: number) => void (refusals = count),
    /** Stop acknowledging messages until release(): a sender waiting for the server hangs. */
    hold: () => void (held ??= []),
    release: () => {
      const acks = held ?? [];
      held = null;
      acks.forEach((ack) => ack());
    },
    stop: () => {
      closeMailTransport();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The first URL in a message that contains `path`. */
export function linkIn(mail: CapturedMail, path: string): URL {
  const match = mail.text.match(new RegExp(`https?://\\S*${path}\\S*`));
  if (!match) throw new Error(`No ${path} link in: ${mail.text}`);
  return new URL(match[0]);
}
