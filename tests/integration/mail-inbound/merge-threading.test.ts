import { POST as mergeRoute } from "@/app/api/tickets/[id]/merge/route";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, drainJobs } from "../helpers/jobs";
import { makeRequest, params } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";
import { fixture, startReceiver, threadOf, useFixedDns } from "../helpers/inbound";

// Real parts end to end: a customer's mails come in through our SMTP receiver, our answers go out
// to a real SMTP server, and after a merge the customer's answers to the old thread land on the
// surviving ticket.
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let org: Awaited<ReturnType<typeof createOrg>>;
let agent: Awaited<ReturnType<typeof createUser>>;

const JANE = "jane@customer.test";

beforeAll(async () => {
  await resetDatabase();
  await clearJobs();
  useFixedDns();
  smtp = await startSmtp();
  receiver = await startReceiver();
  org = await createOrg("pro");
  agent = await createUser(org.id, "agent", { fullName: "Sam Agent" });
  await db.supportEmail.create({
    data: { organizationId: org.id, email: "help@a.test", displayName: "Acme Help", verifiedAt: new Date() },
  });
});
afterAll(async () => {
  await receiver.close();
  await smtp.stop();
});

async function deliver(raw: Buffer) {
  await receiver.send(raw, { from: JANE, to: ["help@a.test"] });
  await drainJobs();
}
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

/** A second, unrelated mail from Jane: a ticket of its own. */
const secondMail = Buffer.from(
  [
    `From: Jane Doe <${JANE}>`,
    "To: Acme Help <help@a.test>",
    "Subject: Kettle still missing",
    "Date: Mon, 23 Nov 2026 10:00:00 +0000",
    "Message-ID: <second-0001@customer.test>",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=UTF-8",
    "",
    "Writing again about my kettle.",
    "",
  ].join("\r\n"),
);

it("a customer's reply to a merged ticket's mails lands on the ticket it was merged into", async () => {
  await deliver(fixture("gmail-new.eml"));
  const received = await threadOf(mailsTo(JANE).at(-1)!.raw);
  await deliver(secondMail);
  const [merged, survivor] = await db.ticket.findMany({
    where: { organizationId: org.id },
    orderBy: { ticketNumber: "asc" },
  });
  expect(merged!.subject).toBe("My order #A-1009 never arrived");

  const res = await mergeRoute(
    makeRequest(`/api/tickets/${survivor!.id}/merge`, {
      method: "POST",
      body: { ticketIds: [merged!.id], notifyCustomers: true },
      headers: { cookie: await sessionCookie(agent) },
    }),
    params({ id: survivor!.id }),
  );
  expect(res.status).toBe(200);
  await drainJobs();
  // The customer is told in the merged ticket's own thread.
  const notice = await threadOf(mailsTo(JANE).at(-1)!.raw);
  expect(notice.text).toContain("has been merged into #2");
  expect(notice.subject).toContain("#1");
  expect(notice.references).toContain("<CAGmail-new-0001@mail.gmail.com>");

  // Answering the first mail (its reply address carries the merged ticket's token).
  await deliver(
    fixture("gmail-reply.eml", {
      REPLY_TO: received.replyTo!,
      ORG: org.name,
      NUMBER: "1",
      LAST_ID: received.messageId!,
      REFERENCES: `<CAGmail-new-0001@mail.gmail.com> ${received.messageId}`,
    }),
  );
  // Answering the notice by its Message-ID only (no reply address, no token).
  await deliver(fixture("apple-reply.eml", { ORG: org.name, NUMBER: "1", REFERENCES: notice.messageId! }));

  expect(await db.ticket.count({ where: { organizationId: org.id } })).toBe(2);
  const replies = await db.reply.findMany({
    where: { ticketId: survivor!.id, type: "public" },
    orderBy: { createdAt: "asc" },
  });
  const texts = replies.map((r) => r.content);
  expect(texts.some((t) => t.includes("The tracking number is 1Z999AA10123456784."))).toBe(true);
  expect(texts.some((t) => t.includes("please send it to my office instead"))).toBe(true);
  expect(texts.some((t) => t.includes("I ordered a blue kettle"))).toBe(true);
  expect(await db.reply.count({ where: { ticketId: merged!.id, type: "public" } })).toBe(0);
  expect((await db.ticket.findUniqueOrThrow({ where: { id: merged!.id } })).status).toBe("closed");
});
