import { createReply } from "@/lib/services/replies/conversation";
import { updateTicket } from "@/lib/services/tickets/update";
import { listTicketMail, originalTicketMail } from "@/lib/services/tickets/mail";
import { replyTokenSecret } from "@/lib/mail/thread/secret";
import { signReplyToken } from "@/lib/mail/thread/token";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, drainJobs } from "../helpers/jobs";
import { startSmtp } from "../helpers/smtp";
import { fixture, startReceiver, threadOf, useFixedDns } from "../helpers/inbound";

// Real parts end to end: nodemailer -> our SMTP receiver -> PostgreSQL -> the job queue's
// ingestion -> tickets and replies, and our outgoing mail captured by a real SMTP server.
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let orgA: Awaited<ReturnType<typeof createOrg>>;
let orgB: Awaited<ReturnType<typeof createOrg>>;
let agent: Awaited<ReturnType<typeof createUser>>;

const JANE = "jane@customer.test";

beforeAll(async () => {
  await resetDatabase();
  await clearJobs();
  useFixedDns();
  smtp = await startSmtp();
  receiver = await startReceiver();
  orgA = await createOrg("pro");
  orgB = await createOrg("pro");
  agent = await createUser(orgA.id, "agent", { fullName: "Sam Agent" });
  const verifiedAt = new Date();
  await db.supportEmail.createMany({
    data: [
      { organizationId: orgA.id, email: "help@a.test", displayName: "Acme Help", verifiedAt },
      { organizationId: orgA.id, email: "sales@a.test", displayName: "Acme Sales", verifiedAt },
      { organizationId: orgB.id, email: "help@b.test", displayName: "Beta Help", verifiedAt },
    ],
  });
});
afterAll(async () => {
  await receiver.close();
  await smtp.stop();
});

/** Sends a message through the receiver and runs the queue (ingestion, then the mail it causes). */
async function deliver(raw: Buffer, to: string[], from = JANE) {
  await receiver.send(raw, { from, to });
  await drainJobs();
}
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
const lastMailTo = async (address: string) => threadOf(mailsTo(address).at(-1)!.raw);
const ticketsOf = (organizationId: string) =>
  db.ticket.findMany({ where: { organizationId }, orderBy: { ticketNumber: "asc" } });
const repliesOf = (ticketId: string) => db.reply.findMany({ where: { ticketId }, orderBy: { createdAt: "asc" } });

describe("a customer's mail to a support address", () => {
  let ticketId: string;
  let received: Awaited<ReturnType<typeof threadOf>>;

  it("opens a ticket and answers it in the same thread", async () => {
    await deliver(fixture("gmail-new.eml"), ["help@a.test"]);
    const [ticket] = await ticketsOf(orgA.id);
    expect(ticket).toMatchObject({
      subject: "My order #A-1009 never arrived",
      customerName: "Jane Doe",
      customerEmail: JANE,
      priority: "medium",
      status: "open",
      raisedByCustomer: true,
    });
    expect(ticket!.description).toContain("I ordered a blue kettle two weeks ago");
    expect(ticket!.firstResponseDueAt!.getTime()).toBeGreaterThan(Date.now());
    ticketId = ticket!.id;

    received = await lastMailTo(JANE);
    const token = signReplyToken(replyTokenSecret(), orgA.id, ticketId);
    expect(received.subject).toBe(`[${orgA.name} #1] My order #A-1009 never arrived`);
    expect(received.inReplyTo).toBe("<CAGmail-new-0001@mail.gmail.com>");
    expect(received.references).toEqual(["<CAGmail-new-0001@mail.gmail.com>"]);
    expect(received.messageId).toMatch(new RegExp(`^<ticket\\.${token}\\.`));
    expect(received.replyTo).toBe(`help+${token}@a.test`);
    expect(received.from).toContain("Acme Help");
    expect(received.autoSubmitted).toBe("auto-replied");
    const stored = await db.inboundMessage.findFirstOrThrow({ where: { organizationId: orgA.id } });
    expect(stored).toMatchObject({ status: "processed", ticketId, source: "smtp", classification: null });
    expect(stored.authResults).toMatchObject({ spf: "none", dmarc: "none" });
  });

  it("threads a Gmail reply by its reply address and keeps only what the customer wrote", async () => {
    await deliver(
      fixture("gmail-reply.eml", {
        REPLY_TO: received.replyTo!,
        ORG: orgA.name,
        NUMBER: "1",
        LAST_ID: received.messageId!,
        REFERENCES: `<CAGmail-new-0001@mail.gmail.com> ${received.messageId}`,
      }),
      [received.replyTo!],
    );
    expect(await ticketsOf(orgA.id)).toHaveLength(1);
    const replies = await repliesOf(ticketId);
    expect(replies.map((r) => [r.type, r.authorType, r.authorEmail, r.content])).toEqual([
      ["public", "customer", JANE, "The tracking number is 1Z999AA10123456784."],
    ]);
    // The queue shows the customer is waiting for an answer.
    expect((await db.ticket.findUniqueOrThrow({ where: { id: ticketId } })).customerRepliedLast).toBe(true);
  });

  it("mails an agent's public reply (never a note) in the thread, answering the customer's last mail", async () => {
    smtp.clear();
    await createReply(agent, { ticketId, content: "Internal: check the courier", type: "internal" });
    await createReply(agent, { ticketId, content: "Found it <b>at</b> the depot & on its way.", type: "public" });
    await drainJobs();
    expect(mailsTo(JANE)).toHaveLength(1);
    const reply = await lastMailTo(JANE);
    expect(reply.subject).toBe(`Re: [${orgA.name} #1] My order #A-1009 never arrived`);
    expect(reply.inReplyTo).toBe("<CAGmail-reply-0002@mail.gmail.com>");
    expect(reply.references).toEqual([
      "<CAGmail-new-0001@mail.gmail.com>",
      received.messageId,
      "<CAGmail-reply-0002@mail.gmail.com>",
    ]);
    expect(reply.replyTo).toBe(received.replyTo);
    expect(reply.text).toContain("Found it <b>at</b> the depot & on its way.");
    expect(reply.html).toContain("Found it &lt;b&gt;at&lt;/b&gt; the depot &amp; on its way.");
    expect(reply.text).not.toContain("Internal: check the courier");
    received = reply;
  });

  it("keeps an HTML-only Outlook reply found only by its subject's number, marked: its sender is not verified", async () => {
    // customer.test vouches for nothing (no SPF, DKIM or DMARC), so the subject's number alone
    // does not make it Jane's reply: the resolved ticket stays resolved (spoofed-sender.test.ts).
    await updateTicket(agent, ticketId, { status: "resolved", assignedTo: undefined });
    await deliver(fixture("outlook-reply.eml", { ORG: orgA.name, NUMBER: "1" }), ["help@a.test"]);
    const ticket = await db.ticket.findUniqueOrThrow({ where: { id: ticketId } });
    expect(ticket.status).toBe("resolved");
    const last = (await repliesOf(ticketId)).at(-1)!;
    expect(last).toMatchObject({ authorType: "customer", senderVerified: false });
    expect(last.content).toMatch(/^It arrived today, thank you!\s+Jane$/);
  });

  it("threads an Apple Mail reply that only carries References, without its signature line", async () => {
    await deliver(fixture("apple-reply.eml", { ORG: orgA.name, NUMBER: "1", REFERENCES: received.messageId! }), [
      "help@a.test",
    ]);
    const last = (await repliesOf(ticketId)).at(-1)!;
    expect(last.content).toBe("One more thing: please send it to my office instead.");
    expect(await ticketsOf(orgA.id)).toHaveLength(1);
  });

  it("keeps an out-of-office reply as a note: no reopening, no answer", async () => {
    await updateTicket(agent, ticketId, { status: "pending", assignedTo: undefined });
    smtp.clear();
    await deliver(
      fixture("out-of-office.eml", {
        REPLY_TO: received.replyTo!,
        ORG: orgA.name,
        NUMBER: "1",
        LAST_ID: received.messageId!,
      }),
      [received.replyTo!],
    );
    const ticket = await db.ticket.findUniqueOrThrow({ where: { id: ticketId } });
    expect(ticket.status).toBe("pending");
    const last = (await repliesOf(ticketId)).at(-1)!;
    expect(last).toMatchObject({ type: "internal", authorEmail: "Ticketry" });
    expect(last.content).toContain("an automatic reply from jane@customer.test");
    expect(mailsTo(JANE)).toEqual([]);
    const stored = await db.inboundMessage.findFirstOrThrow({ where: { messageIdHeader: "ooo-0009@customer.test" } });
    expect(stored.classification).toBe("auto_reply");
  });

  it("turns a bounce of our mail into a note that the customer's address fails, in our words", async () => {
    await deliver(
      fixture("bounce.eml", { REPLY_TO: received.replyTo!, ORG: orgA.name, NUMBER: "1", LAST_ID: received.messageId! }),
      [received.replyTo!],
      "",
    );
    const last = (await repliesOf(ticketId)).at(-1)!;
    expect(last.type).toBe("internal");
    expect(last.content).toContain("Mail to jane@customer.test bounced (550).");
    expect(last.content).not.toContain("User unknown");
    const failure = await db.mailAddressFailure.findUniqueOrThrow({
      where: { organizationId_email: { organizationId: orgA.id, email: JANE } },
    });
    expect(failure.code).toBe("550");
    expect((await db.ticket.findUniqueOrThrow({ where: { id: ticketId } })).status).toBe("pending");
    expect(mailsTo(JANE)).toEqual([]);
  });

  it("shows staff every mail the ticket received, the failing address, and each original as it arrived", async () => {
    const mail = await listTicketMail(agent, ticketId);
    expect(mail.messages.map((m) => m.classification)).toEqual([null, null, null, null, "auto_reply", "bounce"]);
    expect(mail.messages[0]).toMatchObject({
      from: "Jane Doe <jane@customer.test>",
      source: "smtp",
      status: "processed",
    });
    expect(mail.messages[0]!.auth).toEqual({ spf: "none", dkim: "none", dmarc: "none" });
    expect(mail.customerAddressFailing?.code).toBe("550");
    const original = await originalTicketMail(agent, ticketId, mail.messages[1]!.id);
    expect(original.toString()).toContain("> We have received your request"); // the quote the reply left out
    const outsider = await createUser(orgB.id, "agent");
    await expect(listTicketMail(outsider, ticketId)).rejects.toMatchObject({ code: "not_found" });
    await expect(originalTicketMail(outsider, ticketId, mail.messages[1]!.id)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("ignores a mailing-list post: no ticket, no answer", async () => {
    await deliver(fixture("list-post.eml"), ["help@a.test"], "bounces@lists.example.test");
    expect(await ticketsOf(orgA.id)).toHaveLength(1);
    const stored = await db.inboundMessage.findFirstOrThrow({
      where: { messageIdHeader: "list-0011@lists.example.test" },
    });
    expect(stored).toMatchObject({ status: "ignored", classification: "list" });
    expect(mailsTo("kettles@lists.example.test")).toEqual([]);
  });

  it("opens a linked follow-up ticket for a reply to a closed ticket", async () => {
    await updateTicket(agent, ticketId, { status: "closed", assignedTo: undefined });
    const raw = fixture("gmail-reply.eml", {
      REPLY_TO: received.replyTo!,
      ORG: orgA.name,
      NUMBER: "1",
      LAST_ID: received.messageId!,
      REFERENCES: received.messageId!,
    });
    await deliver(Buffer.from(raw.toString().replace("CAGmail-reply-0002", "CAGmail-reply-late")), [received.replyTo!]);
    const tickets = await ticketsOf(orgA.id);
    expect(tickets).toHaveLength(2);
    expect(tickets[0]!.status).toBe("closed");
    const followUp = tickets[1]!;
    expect(followUp.customerEmail).toBe(JANE);
    const oldHistory = await db.auditEvent.findFirstOrThrow({ where: { ticketId, action: "ticket.follow_up_opened" } });
    expect(oldHistory.metadata).toEqual({ ticketNumber: followUp.ticketNumber });
    const newHistory = await db.auditEvent.findFirstOrThrow({
      where: { ticketId: followUp.id, action: "ticket.follow_up_of" },
    });
    expect(newHistory.metadata).toEqual({ ticketNumber: 1 });
  });
});

describe("mail that must not join someone's conversation", () => {
  let betaTicketId: string;
  beforeAll(async () => {
    await deliver(fixture("gmail-new.eml"), ["help@b.test"]);
    betaTicketId = (await ticketsOf(orgB.id))[0]!.id;
  });

  it("a reply token of organisation B arriving at A's address opens a new ticket in A, and B's ticket is untouched", async () => {
    const tokenB = signReplyToken(replyTokenSecret(), orgB.id, betaTicketId);
    const before = (await ticketsOf(orgA.id)).length;
    await deliver(
      fixture("forged-token.eml", { REPLY_TO: `help+${tokenB}@a.test`, LAST_ID: `<ticket.${tokenB}.x@localhost>` }),
      [`help+${tokenB}@a.test`],
      "mallory@customer.test",
    );
    const tickets = await ticketsOf(orgA.id);
    expect(tickets).toHaveLength(before + 1);
    expect(tickets.at(-1)!.customerEmail).toBe("mallory@customer.test");
    expect(await repliesOf(betaTicketId)).toEqual([]);
  });

  it("a made-up token opens a new ticket", async () => {
    const forged = "a".repeat(42);
    const before = (await ticketsOf(orgA.id)).length;
    await deliver(
      Buffer.from(
        fixture("forged-token.eml", { REPLY_TO: `help+${forged}@a.test`, LAST_ID: `<ticket.${forged}.x@localhost>` })
          .toString()
          .replace("forged-0012", "forged-0012b"),
      ),
      [`help+${forged}@a.test`],
      "mallory@customer.test",
    );
    expect(await ticketsOf(orgA.id)).toHaveLength(before + 1);
  });

  it("another customer's ticket number in the subject opens a new ticket", async () => {
    const before = await ticketsOf(orgA.id);
    await deliver(
      fixture("other-customer-subject.eml", { ORG: orgA.name, NUMBER: "1" }),
      ["help@a.test"],
      "mallory@customer.test",
    );
    const after = await ticketsOf(orgA.id);
    expect(after).toHaveLength(before.length + 1);
    expect(await db.reply.count({ where: { ticketId: before[0]!.id, authorEmail: "mallory@customer.test" } })).toBe(0);
  });

  it("a sender failing DMARC is never threaded, even with a valid token", async () => {
    const [open] = await ticketsOf(orgB.id);
    const token = signReplyToken(replyTokenSecret(), orgB.id, open!.id);
    await deliver(
      fixture("dmarc-fail-reply.eml", {
        REPLY_TO: `help+${token}@b.test`,
        ORG: orgB.name,
        NUMBER: "1",
        LAST_ID: `<ticket.${token}.y@localhost>`,
      }),
      [`help+${token}@b.test`],
      "boss@strict.test",
    );
    const tickets = await ticketsOf(orgB.id);
    expect(tickets).toHaveLength(2);
    expect(tickets[1]!.customerEmail).toBe("boss@strict.test");
    expect(await repliesOf(open!.id)).toEqual([]);
    const stored = await db.inboundMessage.findFirstOrThrow({ where: { messageIdHeader: "spoofed-0014@strict.test" } });
    expect(stored.authResults).toMatchObject({ dmarc: "fail", spf: "fail" });
  });
});

describe("what arrives and how often", () => {
  it("opens its ticket with the mail's files on the first message, and keeps the message whole", async () => {
    await deliver(fixture("attachments.eml"), ["help@a.test"]);
    const stored = await db.inboundMessage.findFirstOrThrow({
      where: { messageIdHeader: "attachments-0005@customer.test" },
    });
    expect(Buffer.from(stored.raw).toString()).toContain('filename="receipt.txt"');
    const ticket = await db.ticket.findUniqueOrThrow({ where: { id: stored.ticketId! } });
    expect(ticket.description).toBe("The handle broke on the first day. Photo and receipt attached.");
    const files = await db.attachment.findMany({
      where: { ticketId: ticket.id },
      orderBy: { filename: "asc" },
      select: { filename: true, contentType: true, replyId: true, organizationId: true },
    });
    expect(files).toEqual([
      { filename: "handle.png", contentType: "image/png", replyId: null, organizationId: orgA.id },
      { filename: "receipt.txt", contentType: "text/plain", replyId: null, organizationId: orgA.id },
    ]);
  });

  it("tells the team which files a plan without attachment storage did not keep", async () => {
    const free = await createOrg("free");
    await db.supportEmail.create({
      data: { organizationId: free.id, email: "help@free.test", displayName: "Free Help", verifiedAt: new Date() },
    });
    await deliver(fixture("attachments.eml"), ["help@free.test"]);
    const [ticket] = await ticketsOf(free.id);
    expect(await db.attachment.count({ where: { ticketId: ticket!.id } })).toBe(0);
    const [note] = await repliesOf(ticket!.id);
    expect(note).toMatchObject({ type: "internal" });
    expect(note!.content).toContain("handle.png");
    expect(note!.content).toContain("receipt.txt");
    expect(note!.content).toContain("the Free plan keeps no attachments");
  });

  it("keeps a forwarded message's content on the new ticket", async () => {
    await deliver(fixture("forwarded.eml"), ["help@a.test"]);
    const stored = await db.inboundMessage.findFirstOrThrow({
      where: { messageIdHeader: "CAGmail-forward-0007@mail.gmail.com" },
    });
    const ticket = await db.ticket.findUniqueOrThrow({ where: { id: stored.ticketId! } });
    expect(ticket.subject).toBe("Fwd: Delivery problem");
    expect(ticket.description).toContain("Your parcel was returned to the sender.");
  });

  it("answers from the support address the mail came in on, not the organisation's first", async () => {
    const lee = "lee@customer.test";
    const raw = [
      `From: Lee Quote <${lee}>`,
      "To: sales@a.test",
      "Subject: Price for 200 mugs",
      "Message-ID: <quote-0042@customer.test>",
      "Date: Mon, 23 Nov 2026 12:00:00 +0000",
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "What would 200 mugs cost?",
    ].join("\r\n");
    await deliver(Buffer.from(raw), ["sales@a.test"], lee);
    const ticket = await db.ticket.findFirstOrThrow({ where: { organizationId: orgA.id, customerEmail: lee } });
    const token = signReplyToken(replyTokenSecret(), orgA.id, ticket.id);
    const receipt = await lastMailTo(lee);
    expect(receipt.replyTo).toBe(`sales+${token}@a.test`);
    expect(receipt.from).toContain("Acme Sales");

    await createReply(agent, { ticketId: ticket.id, content: "About 400 EUR.", type: "public" });
    await drainJobs();
    const answer = await lastMailTo(lee);
    expect(answer.replyTo).toBe(`sales+${token}@a.test`);
    expect(answer.inReplyTo).toBe(receipt.messageId);
    expect(answer.references).toEqual(["<quote-0042@customer.test>", receipt.messageId]);
  });

  it("a mail CC'd to two addresses of one organisation and one of another is one ticket in each", async () => {
    await deliver(fixture("cc-two-addresses.eml"), ["help@a.test", "sales@a.test", "help@b.test"]);
    expect(await db.ticket.count({ where: { subject: "Quote for 40 kettles" } })).toBe(2);
    expect(await db.ticket.count({ where: { subject: "Quote for 40 kettles", organizationId: orgA.id } })).toBe(1);
  });

  it("the same message delivered twice (with or without a Message-ID) is one ticket", async () => {
    await deliver(fixture("no-message-id.eml"), ["help@a.test"], "sam@customer.test");
    await deliver(fixture("no-message-id.eml"), ["help@a.test"], "sam@customer.test");
    await deliver(fixture("gmail-new.eml"), ["help@a.test"]);
    expect(await db.ticket.count({ where: { subject: "Invoice address change" } })).toBe(1);
    expect(
      await db.ticket.count({ where: { subject: "My order #A-1009 never arrived", organizationId: orgA.id } }),
    ).toBe(1);
  });

  it("reads a mangled message with control characters into a clean ticket, leaving nothing half done", async () => {
    const raw = Buffer.concat([
      Buffer.from("From: Odd \u0001Sender <odd@customer.test>\r\nTo: help@a.test\r\nSubject: bad\u0000subject\r\n"),
      Buffer.from("Content-Type: multipart/mixed; boundary=never-closed\r\n\r\n--never-closed\r\n\r\nhello\u0000"),
      Buffer.from([0xff, 0xfe, 0x00, 0x07]),
      Buffer.from(" world\r\n"),
    ]);
    await deliver(raw, ["help@a.test"], "odd@customer.test");
    const ticket = await db.ticket.findFirstOrThrow({ where: { customerEmail: "odd@customer.test" } });
    expect(ticket.subject).toBe("bad subject");
    expect(ticket.customerName).toBe("Odd Sender");
    expect(ticket.description).not.toMatch(/[\u0000\u0007]/);
    expect(await db.inboundMessage.count({ where: { status: "received" } })).toBe(0);
  });

  it("refuses a recipient nobody reads at RCPT with 550", async () => {
    await expect(receiver.send(fixture("gmail-new.eml"), { from: JANE, to: ["nobody@a.test"] })).rejects.toMatchObject({
      responseCode: 550,
    });
  });

  it("refuses a 30 MB message with 552 and stores nothing", async () => {
    const before = await db.inboundMessage.count();
    const body = "x".repeat(76) + "\r\n";
    const raw = Buffer.concat([
      Buffer.from("From: jane@customer.test\r\nTo: help@a.test\r\nSubject: huge\r\n\r\n"),
      Buffer.from(body.repeat(Math.ceil((30 * 1024 * 1024) / body.length))),
    ]);
    await expect(receiver.send(raw, { from: JANE, to: ["help@a.test"] })).rejects.toMatchObject({ responseCode: 552 });
    expect(await db.inboundMessage.count()).toBe(before);
  });

  it("answers one sender automatically at most INBOUND_AUTOREPLY_PER_DAY times a day", async () => {
    process.env.INBOUND_AUTOREPLY_PER_DAY = "2";
    try {
      smtp.clear();
      for (let i = 0; i < 3; i++) {
        const raw = `From: Pat <pat@customer.test>\r\nTo: help@a.test\r\nSubject: Question ${i}\r\nMessage-ID: <pat-${i}@customer.test>\r\n\r\nHello ${i}\r\n`;
        await deliver(Buffer.from(raw), ["help@a.test"], "pat@customer.test");
      }
      expect(await db.ticket.count({ where: { customerEmail: "pat@customer.test" } })).toBe(3);
      expect(mailsTo("pat@customer.test")).toHaveLength(2);
    } finally {
      delete process.env.INBOUND_AUTOREPLY_PER_DAY;
    }
  });
});

describe("the list of a ticket's mail", () => {
  it("reads From and Subject from each message's head, past long trace headers and without its large body", async () => {
    const [ticket] = await ticketsOf(orgA.id);
    const before = (await listTicketMail(agent, ticket!.id)).messages.length;
    // 20 KB of Received headers before From, and a 3 MB body after: only the head is read.
    const trace = Array.from(
      { length: 200 },
      (_, i) => `Received: from relay${i}.example.test by mx.a.test; ${"r".repeat(60)}\r\n`,
    );
    const body = ("y".repeat(76) + "\r\n").repeat(40_000);
    const raw = Buffer.from(
      `${trace.join("")}From: Big Sender <big@customer.test>\r\nSubject: A large\r\n folded subject\r\n\r\n${body}`,
    );
    await db.inboundMessage.create({
      data: {
        organizationId: orgA.id,
        dedupKey: "mid:large-head@customer.test",
        raw,
        size: raw.length,
        source: "webhook",
        envelope: {},
        status: "processed",
        ticketId: ticket!.id,
        authResults: { spf: "pass", dkim: "fail", dmarc: "fail", dmarcDomain: "customer.test" },
      },
    });
    const mail = await listTicketMail(agent, ticket!.id);
    expect(mail.messages).toHaveLength(before + 1);
    const large = mail.messages.at(-1)!;
    expect(large).toEqual({
      id: expect.any(String),
      receivedAt: expect.any(Date),
      source: "webhook",
      status: "processed",
      classification: null,
      from: "Big Sender <big@customer.test>",
      subject: "A large folded subject",
      auth: { spf: "pass", dkim: "fail", dmarc: "fail" },
      size: raw.length,
    });
    expect((await originalTicketMail(agent, ticket!.id, large.id)).equals(raw)).toBe(true);
  });
});
