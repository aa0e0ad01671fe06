import { listTicketMail } from "@/lib/services/tickets/mail";
import { clearBounceNotice } from "@/lib/services/tickets/bounce-notice";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, drainJobs } from "../helpers/jobs";
import { startSmtp, type CapturedMail } from "../helpers/smtp";
import { startReceiver, threadOf, useFixedDns } from "../helpers/inbound";

// Delivery reports through the real receiver and ingestion: only a report that answers a mail we
// sent (to our signed return path, or naming our Message-ID) tells agents that mail bounced, and
// then in our own words; anyone can send a report that names a customer's address.
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let org: Awaited<ReturnType<typeof createOrg>>;
let agent: Awaited<ReturnType<typeof createUser>>;
let ticketId: string;
let ours: CapturedMail;
let ourThread: Awaited<ReturnType<typeof threadOf>>;

const CASEY = "casey@customer.test";
const HOSTILE = "550 Mailbox closed. Customer asks that all mail now go to casey.new@evil.test";

function caseyWrites(id: string) {
  return Buffer.from(
    [
      `From: Casey <${CASEY}>`,
      "To: help@a.test",
      "Subject: Where is my parcel?",
      `Message-ID: <${id}@customer.test>`,
      "Date: Mon, 23 Nov 2026 18:00:00 +0000",
      "",
      "It has been two weeks.",
      "",
    ].join("\r\n"),
  );
}

/** A delivery status report as a mail server writes it, with the returned headers when given. */
function report(opts: {
  finalRecipient: string;
  diagnostic: string;
  status?: string;
  action?: string;
  originalMessageId?: string;
}) {
  const lines = [
    "From: Mail Delivery System <MAILER-DAEMON@mx.customer.test>",
    "To: help@a.test",
    "Subject: Undelivered Mail Returned to Sender",
    `Message-ID: <dsn-${Math.random().toString(36).slice(2)}@mx.customer.test>`,
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
    "",
    "--b",
    "Content-Type: text/plain",
    "",
    `Your message could not be delivered. ${opts.diagnostic}`,
    "",
    "--b",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.customer.test",
    "",
    `Final-Recipient: rfc822; ${opts.finalRecipient}`,
    `Action: ${opts.action ?? "failed"}`,
    `Status: ${opts.status ?? "5.2.1"}`,
    `Diagnostic-Code: smtp; ${opts.diagnostic}`,
    "",
  ];
  if (opts.originalMessageId)
    lines.push(
      "--b",
      "Content-Type: text/rfc822-headers",
      "",
      `To: ${opts.finalRecipient}`,
      "Subject: Re: Where is my parcel?",
      `Message-ID: ${opts.originalMessageId}`,
      "",
    );
  lines.push("--b--", "");
  return Buffer.from(lines.join("\r\n"));
}

/** Sends a report with the null return path, as mail servers do, and runs its ingestion. */
async function bounce(raw: Buffer, to: string) {
  await receiver.send(raw, { from: "", to: [to] });
  await drainJobs();
}

const notes = () => db.reply.findMany({ where: { ticketId, type: "internal" }, orderBy: { createdAt: "asc" } });
const failing = async () => (await listTicketMail(agent, ticketId)).customerAddressFailing;

beforeAll(async () => {
  await resetDatabase();
  await clearJobs();
  useFixedDns();
  smtp = await startSmtp();
  receiver = await startReceiver();
  org = await createOrg("pro");
  agent = await createUser(org.id, "agent");
  await db.supportEmail.create({
    data: { organizationId: org.id, email: "help@a.test", displayName: "Acme Help", verifiedAt: new Date() },
  });
  await receiver.send(caseyWrites("first"), { from: CASEY, to: ["help@a.test"] });
  await drainJobs();
  ticketId = (await db.ticket.findFirstOrThrow({ where: { organizationId: org.id } })).id;
  ours = await smtp.mailTo(CASEY);
  ourThread = await threadOf(ours.raw);
});
afterAll(async () => {
  await receiver.close();
  await smtp.stop();
});

describe("a delivery report", () => {
  it("that answers no mail we sent changes nothing an agent sees, wherever it is sent", async () => {
    const forged = { finalRecipient: CASEY, diagnostic: HOSTILE, originalMessageId: "<forged-1@evil.test>" };
    // To the support address, and to the ticket's reply address (which the customer's mail shows).
    await bounce(report(forged), "help@a.test");
    await bounce(report(forged), ourThread.replyTo!);
    await bounce(report({ finalRecipient: CASEY, diagnostic: HOSTILE }), "help@a.test");

    expect(await db.mailAddressFailure.count()).toBe(0);
    expect(await failing()).toBeNull();
    expect(await notes()).toEqual([]);
    const stored = await db.inboundMessage.findMany({ where: { classification: "bounce" } });
    expect(stored).toHaveLength(3);
    for (const message of stored)
      expect(message).toMatchObject({
        status: "ignored",
        ticketId: null,
        error: "a delivery report that answers no mail we sent",
      });
  });

  it("to a return path we did not sign is refused at the door", async () => {
    const tampered = ours.from.replace(/b-([a-z2-7])/, (_, c: string) => `b-${c === "a" ? "b" : "a"}`);
    expect(tampered).not.toBe(ours.from);
    await expect(
      receiver.send(report({ finalRecipient: CASEY, diagnostic: HOSTILE }), { from: "", to: [tampered] }),
    ).rejects.toMatchObject({ responseCode: 550 });
  });

  it("of a delay, to the signed return path of our mail, changes nothing: the mail is still on its way", async () => {
    await bounce(
      report({ finalRecipient: CASEY, diagnostic: "450 4.2.0 Try again later", status: "4.2.0", action: "delayed" }),
      ours.from,
    );
    expect(await failing()).toBeNull();
    expect(await notes()).toEqual([]);
  });

  it("to the signed return path of our mail shows its status code in fixed words", async () => {
    expect(ours.from).toMatch(/^no-reply\+b-[a-z2-7]{42}@ticketry\.local$/);
    await bounce(report({ finalRecipient: CASEY, diagnostic: HOSTILE }), ours.from);

    expect(await failing()).toEqual({ code: "550", failedAt: expect.any(Date) });
    const [note] = await notes();
    expect(note!.content).toBe(
      `Mail to ${CASEY} bounced (550).\n\nCheck the customer's address before answering again.`,
    );
    expect(note!.content).not.toContain("evil");
    const event = await db.auditEvent.findFirstOrThrow({ where: { ticketId, action: "ticket.mail_bounced" } });
    expect(event.metadata).toEqual({ email: CASEY, code: "550" });
  });

  it("cleared by an agent goes away, in the ticket's history", async () => {
    await clearBounceNotice(agent, ticketId);
    expect(await failing()).toBeNull();
    const event = await db.auditEvent.findFirstOrThrow({ where: { ticketId, action: "ticket.mail_bounce_cleared" } });
    expect(event).toMatchObject({ actorId: agent.id, metadata: { email: CASEY } });
  });

  it("naming our mail's Message-ID counts, for the address that mail went to", async () => {
    // Sent to the support address (a server that bounces to the From or Reply-To): the returned
    // headers name our Message-ID; the report names another address, which is not believed.
    await bounce(
      report({
        finalRecipient: "someone.else@customer.test",
        diagnostic: "552 5.2.2 Mailbox full",
        status: "5.2.2",
        originalMessageId: ourThread.messageId!,
      }),
      "help@a.test",
    );
    expect(await failing()).toEqual({ code: "552", failedAt: expect.any(Date) });
    expect(await db.mailAddressFailure.findMany({ select: { email: true } })).toEqual([{ email: CASEY }]);
    expect((await notes()).at(-1)!.content).toContain(`Mail to ${CASEY} bounced (552).`);
  });
});
