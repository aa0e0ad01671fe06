import { createServer, type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { closeMailTransport, transmit } from "@/lib/mail/transport";

/**
 * The transport opens SMTP's connection itself (without Nagle's delay) and hands it to
 * nodemailer: plain, STARTTLS and TLS from the first byte must all still work on it, and a
 * server that is not there must still fail the send, for the queue to retry.
 */
type Received = { subject: string; secure: boolean };

async function startServer(options: { secure?: boolean; starttls?: boolean }) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    secure: options.secure ?? false,
    // smtp-server's own self-signed certificate serves both kinds of TLS.
    disabledCommands: options.starttls ? [] : ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? "", secure: session.secure });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const message = (subject: string) => ({ to: "customer@example.test", subject, text: "Hello" });

async function sendThrough(url: string, subject: string) {
  process.env.SMTP_URL = url;
  try {
    return await transmit(message(subject), `<${subject.replace(/\W/g, "")}@ticketry.test>`);
  } finally {
    closeMailTransport();
  }
}

const previousUrl = process.env.SMTP_URL;
afterAll(() => {
  if (previousUrl === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = previousUrl;
});

describe("the SMTP connection", () => {
  it("sends plain mail, one message after another", async () => {
    const server = await startServer({});
    process.env.SMTP_URL = `smtp://127.0.0.1:${server.port}/?ignoreTLS=true`;
    try {
      for (const subject of ["First", "Second", "Third"])
        expect(await transmit(message(subject), `<${subject}@t.test>`)).toBe("sent");
    } finally {
      closeMailTransport();
      await server.stop();
    }
    expect(server.received).toEqual([
      { subject: "First", secure: false },
      { subject: "Second", secure: false },
      { subject: "Third", secure: false },
    ]);
  });

  it("starts TLS on it when the address requires STARTTLS", async () => {
    const server = await startServer({ starttls: true });
    const sent = await sendThrough(
      `smtp://127.0.0.1:${server.port}/?requireTLS=true&tls.rejectUnauthorized=false`,
      "Over STARTTLS",
    );
    await server.stop();
    expect(sent).toBe("sent");
    expect(server.received).toEqual([{ subject: "Over STARTTLS", secure: true }]);
  });

  it("speaks TLS from the first byte for smtps://", async () => {
    const server = await startServer({ secure: true });
    const sent = await sendThrough(`smtps://127.0.0.1:${server.port}/?tls.rejectUnauthorized=false`, "Over TLS");
    await server.stop();
    expect(sent).toBe("sent");
    expect(server.received).toEqual([{ subject: "Over TLS", secure: true }]);
  });

  it("fails the send when nothing listens, so the queue tries again later", async () => {
    // A port that was free a moment ago: nothing answers there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    await expect(sendThrough(`smtp://127.0.0.1:${port}/?ignoreTLS=true`, "Nowhere")).rejects.toThrow(/ECONNREFUSED/);
  });
});
