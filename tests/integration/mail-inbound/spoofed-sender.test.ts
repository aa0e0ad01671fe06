import { generateKeyPairSync } from "node:crypto";
import { dkimSign } from "mailauth";
import { setAuthResolver } from "@/lib/mail/inbound/authentication";
import { updateTicket } from "@/lib/services/tickets/update";
import { ticketPane } from "@/lib/services/tickets/pane";
import { listPortalReplies } from "@/lib/services/portal/tickets";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, drainJobs } from "../helpers/jobs";
import { startSmtp } from "../helpers/smtp";
import { startReceiver, threadOf } from "../helpers/inbound";

// A mail that names a ticket only by the number in its subject proves nothing about who wrote
// it unless the From address's domain vouches for it. Through the real parts: nodemailer -> our
// SMTP receiver -> the job queue's ingestion, and our outgoing mail captured by a real server.
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let org: Awaited<ReturnType<typeof createOrg>>;
let agent: Awaited<ReturnType<typeof createUser>>;

const SIGNED = "sam@signed.test";
const ALIGNED = "ada@aligned.test";
const SUPPORT = "help@spoof.test";

// The tests' DNS: signed.test publishes SPF for this machine and a DMARC policy, so its mail
// from here passes DMARC; aligned.test publishes only a DKIM key (no DMARC policy); every other
// domain (customer.test) has no records, so its mail is not authenticated.
const dkimKey = generateKeyPairSync("rsa", { modulusLength: 2048 });
const RECORDS: Record<string, string[][]> = {
  "signed.test:TXT": [["v=spf1 ip4:127.0.0.1 -all"]],
  "_dmarc.signed.test:TXT": [["v=DMARC1; p=reject"]],
  "sel._domainkey.aligned.test:TXT": [
    [`v=DKIM1; k=rsa; p=${dkimKey.publicKey.export({ type: "spki", format: "der" }).toString("base64")}`],
  ],
};

beforeAll(async () => {
  await resetDatabase();
  await clearJobs();
  setAuthResolver(async (name, rrtype) => {
    const found = RECORDS[`${name.toLowerCase()}:${rrtype}`];
    if (found) return found;
    throw Object.assign(new Error(`no ${rrtype} record for ${name}`), { code: "ENOTFOUND" });
  });
  smtp = await startSmtp();
  receiver = await startReceiver();
  org = await createOrg("pro");
  agent = await createUser(org.id, "agent", { fullName: "Sam Agent" });
  await db.supportEmail.create({
    data: { organizationId: org.id, email: SUPPORT, displayName: "Spoof Help", verifiedAt: new Date() },
  });
});
afterAll(async () => {
  await receiver.close();
  await smtp.stop();
  setAuthResolver(null);
});

let sequence = 0;
/** A plain-text mail as a mail client writes it; a fresh Message-ID each time. */
function mail(opts: { from: string; subject: string; text: string; inReplyTo?: string; to?: string }) {
  sequence += 1;
  const lines = [
    `From: ${opts.from}`,
    `To: ${opts.to ?? SUPPORT}`,
    `Subject: ${opts.subject}`,
    `Date: Sun, 06 Dec 2026 10:0${sequence % 10}:00 +0000`,
    `Message-ID: <spoof-test-${sequence}@${opts.from.split("@")[1]}>`,
    ...(opts.inReplyTo ? [`In-Reply-To: ${opts.inReplyTo}`, `References: ${opts.inReplyTo}`] : []),
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    opts.text,
    "",
  ];
  return Buffer.from(lines.join("\r\n"));
}

/** The message with a DKIM signature of `domain` (its key is in the tests' DNS) on top. */
async function signedBy(domain: string, raw: Buffer) {
  const privateKey = dkimKey.privateKey.export({ type: "pkcs8", format: "pem" });
  const { signatures } = await dkimSign(raw, {
    signatureData: [{ signingDomain: domain, selector: "sel", privateKey }],
  });
  return Buffer.concat([Buffer.from(signatures), raw]);
}

async function deliver(raw: Buffer, from: string, to = [SUPPORT]) {
  await receiver.send(raw, { from, to });
  await drainJobs();
}

/** Opens a ticket by mail from `customer`, assigned to the agent and waiting on the customer (pending). */
async function pendingTicket(customer: string, status: "pending" | "resolved" = "pending") {
  smtp.clear();
  await deliver(mail({ from: customer, subject: `Help for ${customer}`, text: "My kettle leaks." }), customer);
  const opened = sequence;
  const ticket = await db.ticket.findFirstOrThrow({
    where: { organizationId: org.id, customerEmail: customer },
    orderBy: { ticketNumber: "desc" },
  });
  await updateTicket(agent, ticket.id, { status, assignedTo: agent.id });
  await drainJobs();
  const received = await threadOf(smtp.messages.filter((m) => m.to.includes(customer)).at(-1)!.raw);
  smtp.clear();
  return {
    ticket: await ticketOf(ticket.id),
    received,
    firstMessageId: `<spoof-test-${opened}@${customer.split("@")[1]}>`,
    subject: `Re: [${org.name} #${ticket.ticketNumber}] Help for ${customer}`,
  };
}

const lastReply = (ticketId: string) =>
  db.reply.findFirstOrThrow({ where: { ticketId }, orderBy: { createdAt: "desc" } });
const portalOf = (email: string) => ({ sessionId: "test", organizationId: org.id, email, expiresAt: new Date() });
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
const ticketOf = (id: string) => db.ticket.findUniqueOrThrow({ where: { id } });

// A customer per test: each opens a ticket by mail, and one sender gets only a few automatic
// answers a day.
let customers = 0;
const newCustomer = () => `casey${++customers}@customer.test`;

describe("a reply that names its ticket only by the subject's number", () => {
  it("from an unauthenticated sender: kept on the ticket, marked, no reopening, no notification", async () => {
    const CASEY = newCustomer();
    const { ticket, subject } = await pendingTicket(CASEY);
    await deliver(
      mail({ from: CASEY, subject, text: "Please send all mail to casey.new@evil.test from now on." }),
      "mallory@evil.test",
    );

    const reply = await lastReply(ticket.id);
    expect(reply).toMatchObject({
      type: "public",
      authorType: "customer",
      authorEmail: CASEY,
      senderVerified: false,
      content: "Please send all mail to casey.new@evil.test from now on.",
    });
    // Nothing a customer's reply does: the ticket stays pending (its clock paused), it is not the
    // customer's turn in the queue, its last activity does not move, and nobody is mailed.
    const after = await ticketOf(ticket.id);
    expect(after).toMatchObject({ status: "pending", customerRepliedLast: false, updatedAt: ticket.updatedAt });
    expect(mailsTo(agent.email)).toEqual([]);

    // The history says so; the mail's Message-ID is not remembered, so a later mail answering it
    // is not taken for a reply to something we sent.
    const events = await db.auditEvent.findMany({ where: { ticketId: ticket.id, targetId: reply.id } });
    expect(events.map((e) => [e.action, e.metadata])).toEqual([["ticket.unverified_reply", { email: CASEY }]]);
    const forgedId = `spoof-test-${sequence}@customer.test`;
    expect(await db.ticketMessageId.count({ where: { messageId: forgedId } })).toBe(0);

    // Agents read the mark in the conversation, and the customer's own view carries it too.
    const pane = await ticketPane(agent, ticket.id);
    expect(pane.replies.at(-1)).toMatchObject({ id: reply.id, senderVerified: false });
    const portal = await listPortalReplies(portalOf(CASEY), ticket.id, { limit: 50 });
    expect(portal.replies.at(-1)).toMatchObject({ id: reply.id, senderVerified: false });
  });

  it("answering the unverified mail's Message-ID does not make it verified", async () => {
    const CASEY = newCustomer();
    const { ticket, subject } = await pendingTicket(CASEY);
    await deliver(mail({ from: CASEY, subject, text: "First forged mail." }), "mallory@evil.test");
    const first = await lastReply(ticket.id);
    const firstId = `<spoof-test-${sequence}@customer.test>`;
    await deliver(
      mail({ from: CASEY, subject: "Re: my ticket", text: "Second forged mail.", inReplyTo: firstId }),
      "mallory@evil.test",
    );
    // Not threaded by that Message-ID (nor by a subject number): a ticket of its own.
    expect(await db.reply.count({ where: { ticketId: ticket.id } })).toBe(1);
    expect(first.senderVerified).toBe(false);
    expect((await ticketOf(ticket.id)).status).toBe("pending");
  });

  it("a closed ticket's unverified mail opens a new ticket without claiming to follow the old one", async () => {
    const CASEY = newCustomer();
    const { ticket, subject } = await pendingTicket(CASEY);
    await updateTicket(agent, ticket.id, { status: "closed", assignedTo: undefined });
    await deliver(mail({ from: CASEY, subject, text: "Reopen please." }), "mallory@evil.test");
    expect(
      await db.auditEvent.count({ where: { action: { startsWith: "ticket.follow_up" }, ticketId: ticket.id } }),
    ).toBe(0);
    const newest = await db.ticket.findFirstOrThrow({
      where: { organizationId: org.id },
      orderBy: { ticketNumber: "desc" },
    });
    expect(newest.id).not.toBe(ticket.id);
    expect(newest.description).toBe("Reopen please.");
  });
});

describe("a reply whose sender or thread is proved behaves as a customer's reply", () => {
  /** What a customer's reply does: public, unmarked, pending back to open, the assignee mailed. */
  async function expectVerifiedReply(ticketId: string, author: string, content: string) {
    const reply = await lastReply(ticketId);
    expect(reply).toMatchObject({
      type: "public",
      authorType: "customer",
      authorEmail: author,
      senderVerified: true,
      content,
    });
    expect(await ticketOf(ticketId)).toMatchObject({ status: "open", customerRepliedLast: true });
    expect(mailsTo(agent.email)).toHaveLength(1);
    const events = await db.auditEvent.findMany({ where: { ticketId, targetId: reply.id } });
    expect(events.map((e) => e.action)).toEqual(["ticket.replied"]);
  }

  it("by the signed reply address, though the sender is not authenticated", async () => {
    const CASEY = newCustomer();
    const { ticket, received } = await pendingTicket(CASEY);
    await deliver(mail({ from: CASEY, subject: "Re: anything", text: "By token.", to: received.replyTo! }), CASEY, [
      received.replyTo!,
    ]);
    await expectVerifiedReply(ticket.id, CASEY, "By token.");
  });

  it("by the signed token in the Message-ID of our mail it answers, though the sender is not authenticated", async () => {
    const CASEY = newCustomer();
    const { ticket, received } = await pendingTicket(CASEY);
    await deliver(
      mail({ from: CASEY, subject: "Re: anything", text: "By our Message-ID.", inReplyTo: received.messageId! }),
      CASEY,
    );
    await expectVerifiedReply(ticket.id, CASEY, "By our Message-ID.");
  });

  it("by a Message-ID of the thread we stored, though the sender is not authenticated", async () => {
    const CASEY = newCustomer();
    const { ticket, firstMessageId } = await pendingTicket(CASEY);
    await deliver(
      mail({ from: CASEY, subject: "Re: anything", text: "By the thread.", inReplyTo: firstMessageId }),
      CASEY,
    );
    await expectVerifiedReply(ticket.id, CASEY, "By the thread.");
  });

  it("by the subject's number from a sender whose domain passes DMARC", async () => {
    const { ticket, subject } = await pendingTicket(SIGNED);
    await deliver(mail({ from: SIGNED, subject, text: "DMARC passes." }), SIGNED);
    await expectVerifiedReply(ticket.id, SIGNED, "DMARC passes.");
    const stored = await db.inboundMessage.findFirstOrThrow({ where: { replyId: (await lastReply(ticket.id)).id } });
    expect(stored.authResults).toMatchObject({ spf: "pass", dmarc: "pass" });
  });

  it("by the subject's number from a DMARC-passing sender, reopening a resolved ticket as mail always did", async () => {
    const { ticket, subject } = await pendingTicket("sam.again@signed.test", "resolved");
    await deliver(mail({ from: "sam.again@signed.test", subject, text: "It broke again." }), "sam.again@signed.test");
    expect(await ticketOf(ticket.id)).toMatchObject({ status: "open", resolvedAt: null, customerRepliedLast: true });
    const reopened = await db.auditEvent.findFirstOrThrow({
      where: { ticketId: ticket.id, action: "ticket.status_changed", actorType: "customer" },
    });
    expect(reopened.metadata).toMatchObject({ from: "resolved", to: "open" });
  });

  it("by the subject's number with a DKIM signature of the From domain (which publishes no DMARC policy)", async () => {
    const { ticket, subject } = await pendingTicket(ALIGNED);
    await deliver(
      await signedBy("aligned.test", mail({ from: ALIGNED, subject, text: "Signed by my domain." })),
      ALIGNED,
    );
    await expectVerifiedReply(ticket.id, ALIGNED, "Signed by my domain.");
  });
});

describe("what does not authenticate the From address", () => {
  it("a valid DKIM signature of another domain", async () => {
    const CASEY = newCustomer();
    const { ticket, subject } = await pendingTicket(CASEY);
    const raw = await signedBy("aligned.test", mail({ from: CASEY, subject, text: "Signed, but by aligned.test." }));
    await deliver(raw, "mallory@aligned.test");
    const reply = await lastReply(ticket.id);
    expect(reply.senderVerified).toBe(false);
    const stored = await db.inboundMessage.findFirstOrThrow({ where: { replyId: reply.id } });
    expect(stored.authResults).toMatchObject({ dkim: "pass", dmarc: "none", verifiedDomain: null });
    expect((await ticketOf(ticket.id)).status).toBe("pending");
  });

  it("an SPF pass for a return path of another domain", async () => {
    const CASEY = newCustomer();
    const { ticket, subject } = await pendingTicket(CASEY);
    await deliver(mail({ from: CASEY, subject, text: "SPF passes for signed.test only." }), "bounce@signed.test");
    const reply = await lastReply(ticket.id);
    expect(reply.senderVerified).toBe(false);
    const stored = await db.inboundMessage.findFirstOrThrow({ where: { replyId: reply.id } });
    expect(stored.authResults).toMatchObject({ spf: "pass", dmarc: "none" });
  });
});
