import { createServer, type AddressInfo } from "node:net";
import { DELETE as remove, GET as read, PUT as save } from "@/app/api/support-emails/[id]/mailbox/route";
import { INBOUND_JOB } from "@/lib/services/mail/inbound/accept";
import { enqueueDueImapPolls, IMAP_POLL_JOB, passwordContext } from "@/lib/services/mail/imap-mailboxes";
import { deliverToInbox, pollImapMailbox, retryDelayMs } from "@/lib/services/mail/imap-polling";
import { unseal } from "@/lib/server/secret-box";
import { startImap, type TestImapServer } from "../../support/imap-server";
import { createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { clearJobs, drainJobs, queuedJobs } from "../helpers/jobs";
import { makeRequest, params, readJson } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";

type User = { id: string; sessionVersion: number };
const PASSWORD = "imap-secret-Passw0rd";

let world: TwoTenants;
let imap: TestImapServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let serial = 0;

beforeAll(async () => {
  // The IMAP server of the tests listens on loopback, which production refuses (SSRF rule).
  process.env.IMAP_ALLOW_PRIVATE_HOSTS = "true";
  world = await freshTwoTenants();
  imap = await startImap({ user: "help@acme.test", password: PASSWORD });
  // Ingested mail is answered ("ticket received"): a real SMTP server catches it.
  smtp = await startSmtp();
});
afterAll(async () => {
  await drainJobs();
  await smtp.stop();
  await imap.stop();
  delete process.env.IMAP_ALLOW_PRIVATE_HOSTS;
});
beforeEach(clearJobs);

async function address(organizationId: string, verified = true) {
  return db.supportEmail.create({
    data: {
      organizationId,
      email: `help-${++serial}-${Date.now()}@acme.test`,
      displayName: "Help",
      verifiedAt: verified ? new Date() : null,
    },
  });
}

const settings = (overrides: Record<string, unknown> = {}) => ({
  host: "127.0.0.1",
  port: imap.port,
  security: "none",
  username: "help@acme.test",
  password: PASSWORD,
  folder: "INBOX",
  ...overrides,
});

async function call(method: "GET" | "PUT" | "DELETE", user: User, id: string, body?: unknown) {
  const handler = { GET: read, PUT: save, DELETE: remove }[method];
  const req = makeRequest(`/api/support-emails/${id}/mailbox`, {
    method,
    body,
    headers: { cookie: await sessionCookie(user) },
  });
  return readJson(await handler(req, params({ id })));
}

/** An address of organisation A with its mailbox saved through the API. */
async function connected(overrides: Record<string, unknown> = {}) {
  const support = await address(world.org.id);
  const res = await call("PUT", world.users.org_admin, support.id, settings(overrides));
  expect(res.status).toBe(200);
  return db.imapMailbox.findUniqueOrThrow({ where: { supportEmailId: support.id } });
}

const message = (n: number, body = `Body ${n}`) =>
  `From: Casey <casey${n}@customer.test>\nTo: help@acme.test\nSubject: Question ${n}\nMessage-ID: <m${n}-${Date.now()}@customer.test>\nDate: ${new Date().toUTCString()}\n\n${body}\n`;

describe("mailbox settings", () => {
  it("stores the password sealed, never returns it, and shows the settings back", async () => {
    const support = await address(world.org.id);
    const res = await call("PUT", world.users.org_admin, support.id, settings({ host: "127.0.0.1" }));
    expect(res).toEqual({
      status: 200,
      body: {
        host: "127.0.0.1",
        port: imap.port,
        security: "none",
        username: "help@acme.test",
        folder: "INBOX",
        lastPolledAt: null,
        lastError: null,
        nextPollAt: expect.any(String),
      },
    });
    const row = await db.imapMailbox.findUniqueOrThrow({ where: { supportEmailId: support.id } });
    expect(row.passwordSealed).not.toContain(PASSWORD);
    expect(row.passwordSealed).toMatch(/^v1\./);
    expect(unseal(row.passwordSealed, passwordContext(support.id))).toBe(PASSWORD);
    // Bound to its row: the same sealed value does not open for another address.
    expect(() => unseal(row.passwordSealed, passwordContext("another-address"))).toThrow();

    const shown = await call("GET", world.users.org_admin, support.id);
    expect(shown.body).toEqual({ mailbox: res.body });
    expect(JSON.stringify(shown.body)).not.toContain(PASSWORD);
    expect(JSON.stringify(shown.body)).not.toContain(row.passwordSealed);
  });

  it("keeps the stored password when an edit leaves it empty, and needs one the first time", async () => {
    const support = await address(world.org.id);
    expect(await call("PUT", world.users.org_admin, support.id, settings({ password: "" }))).toEqual({
      status: 400,
      body: { error: "Please enter the password", code: "bad_request" },
    });
    await call("PUT", world.users.org_admin, support.id, settings());
    const before = await db.imapMailbox.findUniqueOrThrow({ where: { supportEmailId: support.id } });
    const edited = await call("PUT", world.users.org_admin, support.id, settings({ password: "", folder: "Archive" }));
    expect(edited).toMatchObject({ status: 200, body: { folder: "Archive" } });
    const after = await db.imapMailbox.findUniqueOrThrow({ where: { supportEmailId: support.id } });
    expect(after.passwordSealed).toBe(before.passwordSealed);
  });

  it("answers 404 for another organisation's address and changes nothing there", async () => {
    const theirs = await address(world.other.id);
    await db.imapMailbox.create({
      data: {
        organizationId: world.other.id,
        supportEmailId: theirs.id,
        host: "imap.other.test",
        port: 993,
        username: "them",
        passwordSealed: "v1.x",
      },
    });
    const notFound = { status: 404, body: { error: "Support email not found", code: "not_found" } };
    expect(await call("GET", world.users.org_admin, theirs.id)).toEqual(notFound);
    expect(await call("PUT", world.users.org_admin, theirs.id, settings())).toEqual(notFound);
    expect(await call("DELETE", world.users.org_admin, theirs.id)).toEqual(notFound);
    expect(await db.imapMailbox.findUniqueOrThrow({ where: { supportEmailId: theirs.id } })).toMatchObject({
      host: "imap.other.test",
    });
  });

  it("is for admins only", async () => {
    const support = await address(world.org.id);
    const agent = await createUser(world.org.id, "agent");
    expect((await call("GET", agent, support.id)).status).toBe(403);
    expect((await call("PUT", agent, support.id, settings())).status).toBe(403);
    expect(await db.imapMailbox.count({ where: { supportEmailId: support.id } })).toBe(0);
  });

  it("refuses a mail server on a loopback or private network unless the deployment allows it", async () => {
    const support = await address(world.org.id);
    delete process.env.IMAP_ALLOW_PRIVATE_HOSTS;
    try {
      for (const host of ["127.0.0.1", "localhost", "10.1.2.3", "192.168.0.10", "169.254.169.254", "::1"]) {
        expect(await call("PUT", world.users.org_admin, support.id, settings({ host }))).toEqual({
          status: 400,
          body: {
            error: "This mail server is on a private or local network, which Ticketry does not connect to",
            code: "bad_request",
          },
        });
      }
    } finally {
      process.env.IMAP_ALLOW_PRIVATE_HOSTS = "true";
    }
    expect(await db.imapMailbox.count({ where: { supportEmailId: support.id } })).toBe(0);
  });

  it("removes the settings with their password", async () => {
    const mailbox = await connected();
    expect(await call("DELETE", world.users.org_admin, mailbox.supportEmailId)).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await db.imapMailbox.count({ where: { id: mailbox.id } })).toBe(0);
    expect((await call("GET", world.users.org_admin, mailbox.supportEmailId)).body).toEqual({ mailbox: null });
  });
});

describe("polling a real IMAP server", () => {
  const stored = (organizationId: string) => db.inboundMessage.count({ where: { organizationId } });

  it("reads new mail once, keeps its place across polls, and never marks or changes the mailbox", async () => {
    const mailbox = await connected();
    const before = await stored(world.org.id);
    // Mail from ten days ago was there before Ticketry was connected: it is not imported.
    imap.add(message(100, "old"), new Date(Date.now() - 10 * 24 * 3600_000));
    imap.add(message(1));
    imap.add(message(2));
    const fetchedBefore = imap.bodiesFetched();

    const first = await pollImapMailbox(mailbox.id, deliverToInbox);
    expect(first).toEqual({ status: "polled", delivered: 2, skipped: 0, more: false });
    expect(await stored(world.org.id)).toBe(before + 2);
    expect(imap.bodiesFetched() - fetchedBefore).toBe(2);
    const row = await db.imapMailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
    expect(row).toMatchObject({ uidValidity: BigInt(imap.uidValidity()), lastError: null, failures: 0 });
    expect(row.lastUid).toBe(BigInt(Math.max(...imap.uids().map(Number))));
    expect(row.lastPolledAt).toBeInstanceOf(Date);
    expect(row.pollingUntil).toBeNull();

    // Nothing new: nothing downloaded.
    expect(await pollImapMailbox(mailbox.id, deliverToInbox)).toMatchObject({ delivered: 0 });
    expect(imap.bodiesFetched() - fetchedBefore).toBe(2);

    imap.add(message(3));
    expect(await pollImapMailbox(mailbox.id, deliverToInbox)).toMatchObject({ delivered: 1 });
    expect(imap.bodiesFetched() - fetchedBefore).toBe(3);
    expect(await stored(world.org.id)).toBe(before + 3);
    // Each stored message is queued for ingestion once.
    expect((await queuedJobs(INBOUND_JOB)).length).toBe(3);
  });

  it("after the server renumbers the folder (new UIDVALIDITY) reads only recent mail again, storing nothing twice", async () => {
    const mailbox = await connected();
    await pollImapMailbox(mailbox.id, deliverToInbox);
    const before = await stored(world.org.id);
    const recent = imap.uids().length - 1; // all but the ten-day-old message
    const fetchedBefore = imap.bodiesFetched();

    imap.renumber(imap.uidValidity() + 41);
    const after = await pollImapMailbox(mailbox.id, deliverToInbox);
    expect(after).toMatchObject({ status: "polled", delivered: recent });
    expect(imap.bodiesFetched() - fetchedBefore).toBe(recent);
    expect(await stored(world.org.id)).toBe(before);
    const row = await db.imapMailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
    expect(row.uidValidity).toBe(BigInt(imap.uidValidity()));
    expect(row.lastUid).toBe(BigInt(imap.uids().length));

    imap.add(message(4));
    expect(await pollImapMailbox(mailbox.id, deliverToInbox)).toMatchObject({ delivered: 1 });
    expect(await stored(world.org.id)).toBe(before + 1);
  });

  it("records a refused password for Settings and backs off instead of retrying in a loop", async () => {
    await db.imapMailbox.updateMany({ data: { nextPollAt: new Date(Date.now() + 24 * 3600_000) } });
    const mailbox = await connected({ password: "wrong-password" });
    const now = new Date();
    const outcome = await pollImapMailbox(mailbox.id, deliverToInbox, { now });
    expect(outcome).toEqual({ status: "failed", error: "The mail server refused the username or password" });
    let row = await db.imapMailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
    expect(row).toMatchObject({
      lastError: "The mail server refused the username or password",
      failures: 1,
      pollingUntil: null,
    });
    expect(row.nextPollAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
    // The tick right after does not poll it again; the next one after the wait does.
    expect(await enqueueDueImapPolls(now)).toBe(0);
    const later = new Date(now.getTime() + retryDelayMs(1));
    expect(await enqueueDueImapPolls(later)).toBe(1);
    await pollImapMailbox(mailbox.id, deliverToInbox, { now: later });
    row = await db.imapMailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
    expect(row.failures).toBe(2);
    expect(row.nextPollAt.getTime()).toBe(later.getTime() + retryDelayMs(2));
    expect([1, 2, 3, 6, 20].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 1_920_000, 3_600_000]);

    // Shown to the admin in Settings; fixing the password clears it and polls at the next tick.
    const shown = await call("GET", world.users.org_admin, mailbox.supportEmailId);
    expect(shown.body).toMatchObject({ mailbox: { lastError: "The mail server refused the username or password" } });
    await call("PUT", world.users.org_admin, mailbox.supportEmailId, settings());
    row = await db.imapMailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
    expect(row).toMatchObject({ lastError: null, failures: 0 });
    expect(await pollImapMailbox(mailbox.id, deliverToInbox)).toMatchObject({ status: "polled" });
  });

  it("says when the server refuses the connection", async () => {
    const mailbox = await connected({ port: 25349 });
    const outcome = await pollImapMailbox(mailbox.id, deliverToInbox);
    expect(outcome).toEqual({ status: "failed", error: "127.0.0.1:25349 refused the connection" });
  });

  it("gives up on a server that accepts the connection but never greets, within the timeout", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const mailbox = await connected({ port });
      const started = Date.now();
      const outcome = await pollImapMailbox(mailbox.id, deliverToInbox, { connectTimeoutMs: 500 });
      expect(outcome).toEqual({ status: "failed", error: `No answer from 127.0.0.1:${port} in time` });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      silent.close();
    }
  });

  it("says when the folder does not exist", async () => {
    const mailbox = await connected({ folder: "No such folder" });
    const outcome = await pollImapMailbox(mailbox.id, deliverToInbox);
    expect(outcome).toEqual({ status: "failed", error: "The folder No such folder could not be opened" });
  });

  it("never polls one mailbox twice at once", async () => {
    const mailbox = await connected();
    const outcomes = await Promise.all([
      pollImapMailbox(mailbox.id, deliverToInbox),
      pollImapMailbox(mailbox.id, deliverToInbox),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["busy", "polled"]);
  });

  it("ticks one keyed poll job per due mailbox of an active, confirmed address, through the job queue", async () => {
    await db.imapMailbox.updateMany({ data: { nextPollAt: new Date(Date.now() + 3600_000) } });
    const due = await connected();
    const unconfirmed = await connected();
    await db.supportEmail.update({ where: { id: unconfirmed.supportEmailId }, data: { verifiedAt: null } });
    const inactive = await connected();
    await db.supportEmail.update({ where: { id: inactive.supportEmailId }, data: { isActive: false } });

    expect(await enqueueDueImapPolls()).toBe(1);
    expect(await enqueueDueImapPolls()).toBe(1);
    const jobs = await queuedJobs(IMAP_POLL_JOB);
    expect(jobs.map((j) => j.payload)).toEqual([{ mailboxId: due.id }]);

    imap.add(message(5));
    const before = await stored(world.org.id);
    await drainJobs();
    expect(await stored(world.org.id)).toBe(before + 1);
    expect(await db.imapMailbox.findUniqueOrThrow({ where: { id: due.id } })).toMatchObject({ lastError: null });
    expect(
      await db.inboundMessage.findFirst({ where: { supportEmailId: due.supportEmailId }, select: { source: true } }),
    ).toEqual({ source: "imap" });
  });

  it("a mail placed in the mailbox becomes a ticket, answered in the customer's thread", async () => {
    const mailbox = await connected();
    const support = await db.supportEmail.findUniqueOrThrow({ where: { id: mailbox.supportEmailId } });
    const subject = `The printer is on fire ${Date.now()}`;
    imap.add(
      `From: Dana Customer <dana@customer.test>\nTo: ${support.email}\nSubject: ${subject}\nMessage-ID: <fire-${Date.now()}@customer.test>\nDate: ${new Date().toUTCString()}\n\nIt is really on fire.\n`,
    );
    expect(await pollImapMailbox(mailbox.id, deliverToInbox)).toMatchObject({ status: "polled" });
    await drainJobs();
    const ticket = await db.ticket.findFirstOrThrow({ where: { organizationId: world.org.id, subject } });
    expect(ticket).toMatchObject({ customerEmail: "dana@customer.test", status: "open", priority: "medium" });
    const answer = await smtp.mailTo("dana@customer.test");
    expect(answer.raw.replace(/\r?\n /g, " ")).toContain(subject);
  });

  it("reads a large backlog a batch per poll, oldest first, and says more is waiting", async () => {
    const mailbox = await connected();
    await pollImapMailbox(mailbox.id, deliverToInbox);
    for (const n of [201, 202, 203]) imap.add(message(n));
    const seen: string[] = [];
    const collect = async ({ raw }: { raw: Buffer }) => void seen.push(/Subject: (.*)/.exec(raw.toString())![1]!);
    expect(await pollImapMailbox(mailbox.id, collect, { batch: 2 })).toMatchObject({ delivered: 2, more: true });
    expect(await pollImapMailbox(mailbox.id, collect, { batch: 2 })).toMatchObject({ delivered: 1, more: false });
    expect(seen).toEqual(["Question 201", "Question 202", "Question 203"]);
  });

  it("a poll cut off right after a renumbering still never reaches back to old mail", async () => {
    const mailbox = await connected();
    await pollImapMailbox(mailbox.id, deliverToInbox);
    imap.renumber(imap.uidValidity() + 1);
    const failing = async () => {
      throw new Error("database away");
    };
    expect(await pollImapMailbox(mailbox.id, failing)).toEqual({
      status: "failed",
      error: "A fetched message could not be stored; it is read again at the next poll",
    });
    const seen: string[] = [];
    const collect = async ({ raw }: { raw: Buffer }) => void seen.push(/Subject: (.*)/.exec(raw.toString())![1]!);
    await pollImapMailbox(mailbox.id, collect, { now: new Date(Date.now() + retryDelayMs(1)) });
    expect(seen.length).toBe(imap.uids().length - 1);
    expect(seen).not.toContain("Question 100");
  });
});
