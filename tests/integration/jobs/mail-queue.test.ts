import { POST as createTicket } from "@/app/api/tickets/route";
import { enqueueMail, deliverMail, MAIL_JOB, MAIL_MAX_ATTEMPTS, type MailJob } from "@/lib/services/mail/outbox";
import { notifyTicketCreated } from "@/lib/services/mail/notifications";
import { enqueue } from "@/lib/jobs";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, drainJobs, queuedJobs, skipBackoff } from "../helpers/jobs";
import { makeRequest, params } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let org: Awaited<ReturnType<typeof createOrg>>;
let agent: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  org = await createOrg("pro");
  agent = await createUser(org.id, "agent");
});
beforeEach(async () => {
  await clearJobs();
  smtp.clear();
});
afterAll(async () => {
  await smtp.stop();
});

const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

async function postTicket(customerEmail: string) {
  return createTicket(
    makeRequest("/api/tickets", {
      method: "POST",
      body: { subject: "Where is my order", description: "It has not arrived", customerEmail },
      headers: { cookie: await sessionCookie(agent) },
    }),
    params(),
  );
}

describe("mail through the job queue", () => {
  it("queues nothing and mails nobody when the transaction that caused the mail rolls back", async () => {
    const ticket = { ticketNumber: 7, subject: "Lost", customerEmail: "rolled@example.test", organizationId: org.id };
    await expect(
      db.$transaction(async (tx) => {
        await notifyTicketCreated(tx, ticket, org);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await queuedJobs(MAIL_JOB)).toEqual([]);
    await drainJobs();
    expect(mailsTo("rolled@example.test")).toEqual([]);
  });

  it("sends one mail after another over the connection it keeps open, not a connection per mail", async () => {
    for (const n of [1, 2, 3]) expect((await postTicket(`kept-open-${n}@example.test`)).status).toBe(201);
    const before = smtp.connections();
    await drainJobs();
    for (const n of [1, 2, 3]) expect(mailsTo(`kept-open-${n}@example.test`)).toHaveLength(1);
    expect(smtp.connections() - before).toBeLessThanOrEqual(1);
  });

  it("delivers exactly one mail for a committed ticket, however often the queue is run", async () => {
    expect((await postTicket("committed@example.test")).status).toBe(201);
    expect(await queuedJobs(MAIL_JOB)).toHaveLength(1);
    await drainJobs();
    await drainJobs();
    expect(mailsTo("committed@example.test")).toHaveLength(1);
    // Sent under the Message-ID its delivery row fixed (a ticket's mail: one in the ticket's thread).
    const delivery = await db.mailDelivery.findFirstOrThrow({ where: { recipient: "committed@example.test" } });
    expect(delivery.messageId).toMatch(/^<ticket\.[a-z2-7]{42}\.[0-9a-f-]+@/);
    expect(mailsTo("committed@example.test")[0]!.raw.replace(/\r?\n\s+/g, " ")).toContain(
      `Message-ID: ${delivery.messageId}`,
    );
    expect(await queuedJobs(MAIL_JOB)).toEqual([]);
  });

  it("records a sent mail's moment and clears the last error; a mail that can never be sent is recorded as refused", async () => {
    const run = { id: "1", kind: MAIL_JOB, attempt: 1, maxAttempts: MAIL_MAX_ATTEMPTS, lastAttempt: false };
    const before = Date.now();
    await deliverMail(
      {
        deliveryId: "0190f0f0-0000-7000-8000-000000000002",
        message: { to: "row@example.test", subject: "Row", text: "Hi" },
      },
      run,
    );
    const after = Date.now();
    const sent = await db.mailDelivery.findUniqueOrThrow({ where: { id: "0190f0f0-0000-7000-8000-000000000002" } });
    expect(sent).toMatchObject({
      status: "sent",
      attempts: 1,
      lastError: null,
      recipient: "row@example.test",
      subject: "Row",
    });
    // The instant itself, as Prisma reads it back (a time written in another zone would be hours off).
    expect(sent.sentAt!.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(sent.sentAt!.getTime()).toBeLessThanOrEqual(after + 5);
    expect(sent.updatedAt.getTime()).toBe(sent.sentAt!.getTime());

    // A control character in the recipient: never sent, never retried.
    await deliverMail(
      {
        deliveryId: "0190f0f0-0000-7000-8000-000000000003",
        message: { to: "bad\u0007@example.test", subject: "Row", text: "Hi" },
      },
      run,
    );
    expect(
      await db.mailDelivery.findUniqueOrThrow({ where: { id: "0190f0f0-0000-7000-8000-000000000003" } }),
    ).toMatchObject({
      status: "refused",
      attempts: 1,
      sentAt: null,
    });
    expect(mailsTo("row@example.test")).toHaveLength(1);
  });

  it("answers at once while SMTP does not, and delivers once after SMTP refused the first attempts", async () => {
    smtp.hold(); // a mail server that never answers would hang a request that waited for it
    const res = await postTicket("outage@example.test");
    expect(res.status).toBe(201);
    smtp.release();

    smtp.refuse(2);
    await drainJobs(); // refused: the job waits for its backoff
    expect(mailsTo("outage@example.test")).toEqual([]);
    const [waiting] = await queuedJobs(MAIL_JOB);
    expect(waiting!.attempts).toBe(1);
    await skipBackoff();
    await drainJobs(); // refused again
    await skipBackoff();
    await drainJobs(); // accepted
    expect(mailsTo("outage@example.test")).toHaveLength(1);
    const delivery = await db.mailDelivery.findFirstOrThrow({ where: { recipient: "outage@example.test" } });
    expect(delivery).toMatchObject({ status: "sent", attempts: 3 });
    expect(await queuedJobs(MAIL_JOB)).toEqual([]);
  });

  it("does not send again a mail SMTP already accepted when its job runs a second time (a crash before completion)", async () => {
    const job: MailJob = {
      deliveryId: "0190f0f0-0000-7000-8000-000000000001",
      message: { to: "once@example.test", subject: "Once", text: "Only once" },
    };
    const run = { id: "1", kind: MAIL_JOB, attempt: 1, maxAttempts: MAIL_MAX_ATTEMPTS, lastAttempt: false };
    await deliverMail(job, run);
    // The same job again, as the queue would retry it had the worker died before recording
    // success: taken once already, so this is its second attempt.
    await enqueue(db, MAIL_JOB, job);
    await db.$executeRaw`UPDATE graphile_worker._private_jobs SET attempts = 1`;
    await drainJobs();
    expect(await queuedJobs(MAIL_JOB)).toEqual([]);
    expect(mailsTo("once@example.test")).toHaveLength(1);
  });

  it("keeps retrying for at least 24 hours, then the mail is dead and the organisation's Activity names the customer", async () => {
    await db.$transaction((tx) =>
      enqueueMail(
        tx,
        { to: "unreachable@example.test", subject: "Your ticket", text: "Hello" },
        { organizationId: org.id, customer: { what: "agent reply" } },
      ),
    );
    const [job] = await queuedJobs(MAIL_JOB);
    // The queue waits e^min(n, 10) seconds after the n-th failure.
    const backoffSeconds = Array.from({ length: job!.max_attempts - 1 }, (_, i) => Math.exp(Math.min(i + 1, 10)));
    expect(backoffSeconds.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(24 * 60 * 60);

    smtp.refuse(Infinity);
    for (let round = 0; round < 2 * MAIL_MAX_ATTEMPTS; round++) {
      await skipBackoff();
      await drainJobs();
      if ((await queuedJobs(MAIL_JOB))[0]!.attempts >= MAIL_MAX_ATTEMPTS) break;
    }
    smtp.refuse(0);
    const [dead] = await queuedJobs(MAIL_JOB);
    expect(dead).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, max_attempts: MAIL_MAX_ATTEMPTS });
    await drainJobs(); // a dead job is not run again
    expect(mailsTo("unreachable@example.test")).toEqual([]);
    const events = await db.auditEvent.findMany({ where: { organizationId: org.id, action: "mail.undeliverable" } });
    expect(events).toHaveLength(1);
    expect(events[0]!.metadata).toMatchObject({ email: "unreachable@example.test" });
    expect(await db.mailDelivery.findFirst({ where: { recipient: "unreachable@example.test" } })).toMatchObject({
      status: "dead",
      attempts: MAIL_MAX_ATTEMPTS,
    });
  });
});
