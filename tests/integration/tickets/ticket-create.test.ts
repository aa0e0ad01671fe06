import { createReply } from "@/lib/services/replies/conversation";
import { replyTokenSecret } from "@/lib/mail/thread/secret";
import { signReplyToken } from "@/lib/mail/thread/token";
import { createOrg, createTickets, createUser, sessionCookie } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { clearJobs, drainJobs, queuedJobs } from "../helpers/jobs";
import { threadOf } from "../helpers/inbound";
import { postTicket } from "../helpers/ticket-list";
import { startSmtp } from "../helpers/smtp";
import { holding, untilWaitingOnLock } from "../helpers/locks";

type User = Awaited<ReturnType<typeof createUser>>;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  await clearJobs();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.stop();
});

const post = (user: User, body: Record<string, unknown>, cookie?: string) =>
  postTicket(user, { subject: "Kettle never arrived", description: "Ordered two weeks ago", ...body }, cookie);
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

describe("creating a ticket on an unlimited plan (one statement)", () => {
  let org: Awaited<ReturnType<typeof createOrg>>;
  let agent: User;
  beforeAll(async () => {
    org = await createOrg("enterprise");
    agent = await createUser(org.id, "agent");
    await createTickets(org.id, 3);
    const verifiedAt = new Date();
    await db.supportEmail.create({
      data: { organizationId: org.id, email: "help@kettles.test", displayName: "Kettle Help", verifiedAt },
    });
    await db.supportEmail.create({
      data: { organizationId: org.id, email: "sales@kettles.test", displayName: "Kettle Sales", verifiedAt },
    });
  });

  it("mails the received note with the ticket's own number, as the first mail of its thread", async () => {
    const { status, body } = await post(agent, { customerEmail: "jo@customer.test" });
    expect(status).toBe(201);
    expect(body.ticketNumber).toBe(4);
    const id = body.id as string;
    expect((await queuedJobs("mail.send")).length).toBe(1);
    await drainJobs();

    const [sent] = mailsTo("jo@customer.test");
    const mail = await threadOf(sent!.raw);
    const token = signReplyToken(replyTokenSecret(), org.id, id);
    expect(mail.subject).toBe(`[${org.name} #4] Kettle never arrived`);
    expect(mail.text).toContain("opened ticket #4.");
    expect(mail.html).toContain("opened ticket #4.");
    expect(mail.autoSubmitted).toBe("auto-generated");
    // Sent from the first support address added, with the ticket's signed reply address.
    expect(mail.from).toContain("Kettle Help");
    expect(mail.replyTo).toBe(`help+${token}@kettles.test`);
    expect(mail.messageId).toMatch(new RegExp(`^<ticket\\.${token}\\.`));
    expect(mail.inReplyTo).toBeNull();
    const recorded = await db.ticketMessageId.findMany({ where: { ticketId: id } });
    expect(recorded.map((r) => `<${r.messageId}>`)).toEqual([mail.messageId]);

    // The team's answer continues that thread.
    await createReply(agent, { ticketId: id, content: "On its way", type: "public" });
    await drainJobs();
    const answer = await threadOf(mailsTo("jo@customer.test").at(-1)!.raw);
    expect(answer.inReplyTo).toBe(mail.messageId);
    expect(answer.subject).toBe(`Re: [${org.name} #4] Kettle never arrived`);
  });

  it("records the creation, and the assignment when it is given, in that order", async () => {
    const { body } = await post(agent, { assignedTo: agent.id });
    const events = await db.auditEvent.findMany({
      where: { ticketId: body.id as string },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(events.map((e) => [e.action, e.actorId, e.metadata])).toEqual([
      ["ticket.created", agent.id, null],
      ["ticket.assigned", agent.id, { field: "assignee", from: null, to: agent.id }],
    ]);
  });

  it("mails nobody and starts no thread for a ticket without a customer address", async () => {
    await clearJobs();
    const { status, body } = await post(agent, {});
    expect(status).toBe(201);
    expect(await queuedJobs("mail.send")).toEqual([]);
    expect(await db.ticketMessageId.count({ where: { ticketId: body.id as string } })).toBe(0);
  });
});

describe("a plan that stops being unlimited while a ticket is created", () => {
  it("is counted under the lock after all: the ticket is refused and no number is lost", async () => {
    const org = await createOrg("enterprise");
    const agent = await createUser(org.id, "agent");
    await createTickets(org.id, 150); // the free plan's whole allowance
    // Signed in first: a session's row names the organisation, so writing it waits for the lock below too.
    const cookie = await sessionCookie(agent);

    // Another transaction holds the organisation's row and, while the creation waits for it,
    // moves the organisation to the free plan.
    const release = await holding(
      (tx) => tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${org.id} FOR UPDATE`,
      (tx) => tx.organization.update({ where: { id: org.id }, data: { plan: "free" } }),
    );
    const creating = post(agent, { subject: "151st" }, cookie);
    await untilWaitingOnLock(`INSERT INTO "TicketCounter"`);
    await release();

    expect(await creating).toMatchObject({ status: 403, body: { code: "ticket_limit_reached" } });
    expect(await db.ticket.count({ where: { organizationId: org.id } })).toBe(150);
    await db.organization.update({ where: { id: org.id }, data: { plan: "enterprise" } });
    expect((await post(agent, { subject: "151st again" })).body.ticketNumber).toBe(151);
  });
});

describe("the team's tickets on an unlimited plan take their numbers on their own", () => {
  it("a ticket still being written does not hold up the next one", async () => {
    const org = await createOrg("enterprise");
    const agent = await createUser(org.id, "agent");
    const assignee = await createUser(org.id, "agent");
    // Writing a ticket for this assignee waits while another transaction holds their row.
    const release = await holding((tx) => tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${assignee.id} FOR UPDATE`);
    const first = post(agent, { subject: "For the busy assignee", assignedTo: assignee.id });
    await untilWaitingOnLock(`INSERT INTO "Ticket" ("id"`);

    const second = await post(agent, { subject: "Unassigned" });
    expect(second).toMatchObject({ status: 201, body: { ticketNumber: 2 } });
    await release();
    expect(await first).toMatchObject({ status: 201, body: { ticketNumber: 1, assignedTo: assignee.id } });
  });

  it("a number whose ticket could not be written is not handed out again", async () => {
    const org = await createOrg("enterprise");
    const agent = await createUser(org.id, "agent");
    const assignee = await createUser(org.id, "agent");
    // The assignee is removed after the creation checked them and took its number.
    const release = await holding((tx) => tx.user.delete({ where: { id: assignee.id } }));
    const first = post(agent, { subject: "For a leaving assignee", assignedTo: assignee.id });
    await untilWaitingOnLock(`INSERT INTO "Ticket" ("id"`);
    await release();

    expect(await first).toMatchObject({
      status: 400,
      body: { error: "Assignee must be an active agent of this organization" },
    });
    expect(await db.ticket.count({ where: { organizationId: org.id } })).toBe(0);
    expect((await post(agent, { subject: "Next" })).body.ticketNumber).toBe(2);
  });

  it("a burst is numbered and written together, each ticket whole under its own number", async () => {
    const org = await createOrg("enterprise");
    const agent = await createUser(org.id, "agent");
    await clearJobs();
    const customers = Array.from({ length: 24 }, (_, i) => `burst${i}@customer.test`);

    const created = await Promise.all(
      customers.map((customerEmail, i) => post(agent, { subject: `Burst ${i}`, customerEmail })),
    );

    expect(created.map((r) => r.status)).toEqual(customers.map(() => 201));
    const numbers = created.map((r) => r.body.ticketNumber as number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(customers.map((_, i) => i + 1));
    const ids = created.map((r) => r.body.id as string);
    const stored = await db.ticket.findMany({ where: { id: { in: ids } } });
    expect(stored.map((t) => [t.id, t.ticketNumber, t.subject]).sort()).toEqual(
      created.map((r) => [r.body.id, r.body.ticketNumber, r.body.subject]).sort(),
    );
    // Each has its history, its thread's first Message-ID, and a received mail naming its own number.
    expect(await db.auditEvent.count({ where: { ticketId: { in: ids }, action: "ticket.created" } })).toBe(24);
    expect(await db.ticketMessageId.count({ where: { ticketId: { in: ids } } })).toBe(24);
    const mails = (await queuedJobs("mail.send")).map(
      (j) => (j.payload as { message: { to: string; subject: string } }).message,
    );
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual(
      created.map((r) => [r.body.customerEmail, `[${org.name} #${r.body.ticketNumber}] ${r.body.subject}`]).sort(),
    );
    // Tickets written together share their transaction: fewer commits than tickets.
    const [{ commits }] = await db.$queryRaw<[{ commits: number }]>`
      SELECT count(DISTINCT xmin::text)::int AS "commits" FROM "Ticket" WHERE "organizationId" = ${org.id}`;
    expect(commits).toBeLessThan(24);
  });

  // Every new ticket's foreign keys lock the organisation's row; were it also rewritten by each
  // ticket, PostgreSQL would carry those locks from version to version (see TicketCounter).
  it("count in a row of their own: the organisation's row is read, never rewritten", async () => {
    const org = await createOrg("enterprise");
    const agent = await createUser(org.id, "agent");
    const version = async () =>
      (await db.$queryRaw<{ xmin: string }[]>`SELECT xmin::text FROM "Organization" WHERE "id" = ${org.id}`)[0]!.xmin;
    const before = await version();

    const numbers = await Promise.all(
      [1, 2, 3].map(async (i) => (await post(agent, { subject: `#${i}` })).body.ticketNumber),
    );

    expect(numbers.sort()).toEqual([1, 2, 3]);
    expect(await version()).toBe(before);
    expect(await db.ticketCounter.findUnique({ where: { organizationId: org.id } })).toMatchObject({ lastNumber: 3 });
  });
});
