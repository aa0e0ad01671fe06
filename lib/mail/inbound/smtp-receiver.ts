import "server-only";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { isAppError } from "@/lib/errors";
import { PRODUCT_NAME } from "@/lib/site/product";
import { acceptInboundMessage, isDeliverableAddress } from "@/lib/services/mail/inbound/accept";
import { inboundConfig } from "./config";

/**
 * The built-in SMTP receiver: mail for the organisations' verified support addresses (and their
 * reply addresses) is taken here, stored, and only then answered 250. Unknown recipients are
 * refused at RCPT (550), oversize mail at DATA (552, SIZE is advertised). No AUTH: anyone may
 * send mail to a support address, as to any mailbox. STARTTLS only when a key and certificate
 * are configured. Each client address gets a few connections at once and a message budget per
 * minute, so one sender cannot occupy the receiver.
 */
export type ReceiverOptions = {
  port: number;
  host?: string;
  maxMessageBytes?: number;
  /** Connections one client address may hold at once. */
  connectionsPerAddress?: number;
  /** Messages one client address may send per minute. */
  messagesPerMinute?: number;
};

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

function tlsOptions() {
  const key = process.env.INBOUND_SMTP_TLS_KEY;
  const cert = process.env.INBOUND_SMTP_TLS_CERT;
  if (!key || !cert) return { disabledCommands: ["AUTH", "STARTTLS"] };
  return { disabledCommands: ["AUTH"], key: readFileSync(key), cert: readFileSync(cert) };
}

const clientAddress = (session: SMTPServerSession) => session.remoteAddress.replace(/^::ffff:/, "");

/** A fixed one-minute window per client address, in this process (one receiver binds per machine). */
function messageBudget(limit: number) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return (address: string): boolean => {
    const now = Date.now();
    const current = windows.get(address);
    if (!current || current.resetAt <= now) {
      if (windows.size > 10_000) for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
      windows.set(address, { count: 1, resetAt: now + 60_000 });
      return true;
    }
    current.count += 1;
    return current.count <= limit;
  };
}

/** Reads the message into memory up to the limit; past it, the rest is drained and dropped. */
function readMessage(stream: SMTPServerDataStream, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    stream.on("error", reject);
    stream.on("end", () => resolve(stream.sizeExceeded || size > limit ? null : Buffer.concat(chunks)));
  });
}

export async function startSmtpReceiver(options: ReceiverOptions) {
  const maxBytes = options.maxMessageBytes ?? inboundConfig.maxMessageBytes;
  const perAddress = options.connectionsPerAddress ?? Number(process.env.INBOUND_SMTP_CONNECTIONS_PER_IP ?? 10);
  const withinBudget = messageBudget(
    options.messagesPerMinute ?? Number(process.env.INBOUND_SMTP_MESSAGES_PER_MINUTE ?? 120),
  );
  const open = new Map<string, number>();

  const server = new SMTPServer({
    banner: `${PRODUCT_NAME} mail receiver`,
    size: maxBytes,
    authOptional: true,
    ...tlsOptions(),
    maxClients: 200,
    socketTimeout: 60_000,
    logger: false,
    onConnect(session, callback) {
      const address = clientAddress(session);
      const count = (open.get(address) ?? 0) + 1;
      if (count > perAddress)
        return callback(smtpError(421, "Too many connections from your address, try again later"));
      open.set(address, count);
      callback();
    },
    onClose(session) {
      const address = clientAddress(session);
      const count = (open.get(address) ?? 1) - 1;
      if (count <= 0) open.delete(address);
      else open.set(address, count);
    },
    onMailFrom(_address, session, callback) {
      if (!withinBudget(clientAddress(session))) return callback(smtpError(421, "Too many messages, try again later"));
      callback();
    },
    onRcptTo(address, _session, callback) {
      isDeliverableAddress(address.address).then(
        (ok) => callback(ok ? undefined : smtpError(550, "5.1.1 No such mailbox here")),
        () => callback(smtpError(451, "4.3.0 Temporary failure, try again later")),
      );
    },
    onData(stream, session, callback) {
      readMessage(stream, maxBytes)
        .then(async (raw) => {
          if (!raw) return callback(smtpError(552, "5.3.4 Message exceeds the size limit"));
          const mailFrom = session.envelope.mailFrom;
          await acceptInboundMessage({
            raw,
            source: "smtp",
            recipients: session.envelope.rcptTo.map((r) => r.address),
            envelopeFrom: mailFrom ? mailFrom.address : "",
            remoteAddress: clientAddress(session),
            heloName: session.hostNameAppearsAs,
          });
          callback(null, "Message stored");
        })
        .catch((error: unknown) => {
          if (isAppError(error) && error.code === "not_found")
            return callback(smtpError(550, "5.1.1 No such mailbox here"));
          if (isAppError(error) && error.code === "payload_too_large")
            return callback(smtpError(552, "5.3.4 Message exceeds the size limit"));
          console.error(JSON.stringify({ level: "error", msg: "inbound mail not stored", error: String(error) }));
          callback(smtpError(451, "4.3.0 Temporary failure, try again later"));
        });
    },
  });
  server.on("error", (error) =>
    console.error(JSON.stringify({ level: "error", msg: "SMTP receiver", error: String(error) })),
  );

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host ?? inboundConfig.smtpHost, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Started by the server (instrumentation.ts) when INBOUND_SMTP_PORT is set. Only one process
 * per machine can bind the port: should several server processes run on one machine, the
 * first binds and the others say so and go on without (all of them store into the same
 * database, so which one receives does not matter).
 */
export async function startConfiguredReceiver(): Promise<void> {
  const port = inboundConfig.smtpPort;
  if (!port) return;
  try {
    await startSmtpReceiver({ port });
    console.log(`> Receiving mail for support addresses on SMTP port ${port}`);
  } catch (error) {
    if ((error as { code?: string }).code !== "EADDRINUSE") throw error;
    console.warn(
      JSON.stringify({ level: "warn", msg: `SMTP port ${port} is taken (another server process receives mail here)` }),
    );
  }
}
