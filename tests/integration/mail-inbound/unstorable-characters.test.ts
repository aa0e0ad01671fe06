import net from "node:net";
import { createOrg } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, drainJobs } from "../helpers/jobs";
import { startReceiver, useFixedDns } from "../helpers/inbound";
import { signedHeaders } from "../helpers/inbound-webhook";
import { makeRequest } from "../helpers/request";
import { POST as webhook } from "@/app/api/inbound/email/route";

// Mail is never refused for its bytes: a message carrying U+0000 (raw, quoted-printable, in an
// encoded word or a file name) or bytes that are not UTF-8 comes in by SMTP and by the
// provider's webhook, is stored as received, and its ticket holds its words without them.

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let org: Awaited<ReturnType<typeof createOrg>>;

beforeAll(async () => {
  await resetDatabase();
  await clearJobs();
  useFixedDns();
  receiver = await startReceiver();
  org = await createOrg("pro");
  await db.supportEmail.create({
    data: { organizationId: org.id, email: "help@nul.test", displayName: "Help", verifiedAt: new Date() },
  });
});
afterAll(() => receiver.close());

/** A mail with NUL in every part people read, and an overlong UTF-8 sequence in its text. */
function hostileMail(tag: string, extraHeaders: string[] = []): Buffer {
  const lines = [
    `From: "Jo\0anna" <joanna-${tag}\0@customer.test>`,
    `To: help@nul.test`,
    `Subject: Printer\0 =?utf-8?Q?is=00broken?= ${tag}`,
    `Message-ID: <nul-${tag}\0@customer.test>`,
    ...extraHeaders,
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="b"',
    "",
    "--b",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: quoted-printable",
    "",
    "It prints=00 nothing.\0 Really. \u00c0\u0080 (an overlong NUL)",
    "--b",
    'Content-Type: text/plain; name="log.txt"',
    "Content-Disposition: attachment; filename*=utf-8''print%00er.log",
    "",
    "paper jam",
    "--b--",
    "",
  ];
  // latin1: each character one byte, so "\u00c0\u0080" is the bytes C0 80.
  return Buffer.from(lines.join("\r\n"), "latin1");
}

async function ticketOf(tag: string) {
  const ticket = await db.ticket.findFirstOrThrow({
    where: { organizationId: org.id, subject: { contains: tag } },
    include: { attachments: true },
  });
  const message = await db.inboundMessage.findFirstOrThrow({ where: { ticketId: ticket.id } });
  return { ticket, message };
}

describe("mail carrying characters the database cannot store", () => {
  it("is kept as received by SMTP and opens its ticket without them", async () => {
    const raw = hostileMail("smtp");
    await receiver.send(raw, { from: "joanna-smtp@customer.test", to: ["help@nul.test"] });
    await drainJobs();
    const { ticket, message } = await ticketOf("smtp");
    expect({
      subject: ticket.subject,
      name: ticket.customerName,
      email: ticket.customerEmail,
      description: ticket.description,
      files: ticket.attachments.map((a) => a.filename),
    }).toEqual({
      subject: "Printer is broken smtp",
      name: "Joanna",
      email: "joanna-smtp@customer.test",
      description: expect.stringMatching(/^It prints nothing\. Really\. .* \(an overlong NUL\)$/),
      files: ["print er.log"],
    });
    expect({ status: message.status, dedupKey: message.dedupKey }).toEqual({
      status: "processed",
      dedupKey: "mid:nul-smtp@customer.test",
    });
    expect(Buffer.from(message.raw).includes(Buffer.from("Jo\0anna", "latin1"))).toBe(true);
    expect(
      await db.ticketMessageId.count({ where: { ticketId: ticket.id, messageId: "nul-smtp@customer.test" } }),
    ).toBe(1);
  });

  it("is accepted by the provider's webhook with NUL in its recipient, and a reply naming it threads", async () => {
    const raw = hostileMail("hook", ["Delivered-To: help\0@nul.test"]);
    const res = await webhook(
      makeRequest("/api/inbound/email", {
        method: "POST",
        rawBody: new Uint8Array(raw),
        headers: signedHeaders(raw),
      }),
    );
    expect(res.status).toBe(202);
    await drainJobs();
    const { ticket } = await ticketOf("hook");
    expect(ticket.subject).toBe("Printer is broken hook");

    const reply = Buffer.from(
      [
        "From: joanna-hook@customer.test",
        "To: help@nul.test",
        "Subject: Re: something else",
        "Message-ID: <nul-hook-reply@customer.test>",
        "In-Reply-To: <nul-hook\0@customer.test>",
        "",
        "Any news?\0",
        "",
      ].join("\r\n"),
      "latin1",
    );
    await receiver.send(reply, { from: "joanna-hook@customer.test", to: ["help@nul.test"] });
    await drainJobs();
    const replies = await db.reply.findMany({ where: { ticketId: ticket.id } });
    expect(replies.map((r) => r.content.trim())).toContain("Any news?");
  });

  it("refuses U+0000 in the SMTP envelope as bad syntax, which a sender does not retry", async () => {
    // Written by hand: a mail library cleans what it sends, a stranger's program does not. The
    // envelope is no part of the message: refusing it loses nothing a person wrote.
    const answers = await smtpDialogue(receiver.port, [
      "HELO relay\0.customer.test",
      "HELO relay.customer.test",
      "MAIL FROM:<joanna\0@customer.test>",
      "MAIL FROM:<joanna@customer.test>",
      "RCPT TO:<help\0@nul.test>",
      "QUIT",
    ]);
    expect(answers.map((answer) => answer.slice(0, 3))).toEqual(["501", "250", "501", "250", "501", "221"]);
  });
});

/** Sends each line and collects the receiver's answer to it (after its greeting). */
async function smtpDialogue(port: number, lines: string[]): Promise<string[]> {
  const socket = net.connect(port, "127.0.0.1");
  const answers: string[] = [];
  let buffered = "";
  let wake: (() => void) | null = null;
  socket.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("latin1");
    wake?.();
  });
  const nextAnswer = async () => {
    // An answer ends with a line whose code is followed by a space ("250 OK"), not a hyphen.
    for (;;) {
      const end = /^\d{3} .*\r\n/m.exec(buffered);
      if (end) {
        const answer = buffered.slice(0, end.index + end[0].length).trim();
        buffered = buffered.slice(end.index + end[0].length);
        return answer;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  await nextAnswer();
  for (const line of lines) {
    socket.write(Buffer.from(line + "\r\n", "latin1"));
    answers.push(await nextAnswer());
  }
  socket.end();
  return answers;
}
