import { randomUUID } from "node:crypto";
import { POST as register } from "@/app/api/register/route";
import { POST as createTicket } from "@/app/api/tickets/route";
import { PATCH as updateProfile } from "@/app/api/users/profile/route";
import { sendMail } from "@/lib/mail/transport";
import { NO_CONTROL_CHARACTERS } from "@/lib/schemas/fields";
import { MAIL_QUOTAS } from "@/lib/services/mail/quota";
import { drainJobs } from "../helpers/jobs";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";
import { askAccess, mailsTo } from "../portal/portal-helpers";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
type User = { id: string; sessionVersion: number };

/** Creates a ticket and waits for its detached notification, so counters read in order. */
async function newTicket(user: User, body: Record<string, unknown>) {
  const res = await readJson(
    await createTicket(
      makeRequest("/api/tickets", { method: "POST", body, headers: { cookie: await sessionCookie(user) } }),
      params(),
    ),
  );
  await drainJobs();
  return res;
}

/** What the delivery rows of mails to `recipient` say: a skipped mail has none. */
async function deliveries(recipient: string) {
  const rows = await db.mailDelivery.findMany({ where: { recipient }, orderBy: { createdAt: "asc" } });
  return rows.map((row) => [row.subject, row.status]);
}

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  process.env.TRUST_PROXY_HOPS = "1";
});
afterAll(() => smtp.stop());

describe("a free organisation mailing addresses of its choice", () => {
  const quota = MAIL_QUOTAS.free.perHour.limit;

  it("stops at its hourly quota: the ticket is still created, the mail is skipped and the admin sees why", async () => {
    const org = await createOrg("free");
    const agent = await createUser(org.id, "agent");
    const victim = `victim-${randomUUID()}@elsewhere.test`;
    // The first mail goes out; then the counter stands just below the quota (as if sent).
    expect((await newTicket(agent, { subject: "Hello", description: "d", customerEmail: victim })).status).toBe(201);
    await db.rateLimitBucket.update({ where: { key: `mail:hour:${org.id}` }, data: { count: quota - 1 } });
    expect((await newTicket(agent, { subject: "Last", description: "d", customerEmail: victim })).status).toBe(201);
    for (let i = 0; i < 3; i++) {
      expect((await newTicket(agent, { subject: `Spam ${i}`, description: "d", customerEmail: victim })).status).toBe(
        201,
      );
    }
    const mails = await mailsTo(smtp, victim);
    expect(mails.map((m) => m.raw.match(/^Subject: (.*)$/m)?.[1])).toEqual([
      expect.stringContaining("Hello"),
      expect.stringContaining("Last"),
    ]);
    expect(await deliveries(victim)).toEqual([
      [expect.stringContaining("Hello"), "sent"],
      [expect.stringContaining("Last"), "sent"],
    ]);
    expect(await db.ticket.count({ where: { organizationId: org.id } })).toBe(5);
    const events = await db.auditEvent.findMany({ where: { organizationId: org.id, action: "mail.quota_reached" } });
    expect(events).toEqual([
      expect.objectContaining({ actorType: "system", metadata: { plan: "free", limit: quota, per: "hour" } }),
    ]);
  });

  it("stops at its daily quota too, and a mail the hour refused does not use up the day", async () => {
    const org = await createOrg("free");
    const agent = await createUser(org.id, "agent");
    const customer = `daily-${randomUUID()}@elsewhere.test`;
    const counted = async (per: string) =>
      (await db.rateLimitBucket.findUniqueOrThrow({ where: { key: `mail:${per}:${org.id}` } })).count;
    expect((await newTicket(agent, { subject: "First", description: "d", customerEmail: customer })).status).toBe(201);
    await db.rateLimitBucket.update({ where: { key: `mail:hour:${org.id}` }, data: { count: quota } });
    for (const subject of ["Over the hour", "Over the hour again"])
      expect((await newTicket(agent, { subject, description: "d", customerEmail: customer })).status).toBe(201);
    expect(await counted("hour")).toBe(quota + 2);
    expect(await counted("day")).toBe(1);
    // A new hour, and the day's quota used up: the day stops the mail.
    await db.rateLimitBucket.update({ where: { key: `mail:hour:${org.id}` }, data: { count: 0 } });
    await db.rateLimitBucket.update({
      where: { key: `mail:day:${org.id}` },
      data: { count: MAIL_QUOTAS.free.perDay.limit },
    });
    expect(
      (await newTicket(agent, { subject: "Over the day", description: "d", customerEmail: customer })).status,
    ).toBe(201);
    expect((await mailsTo(smtp, customer)).map((m) => m.raw.match(/^Subject: (.*)$/m)?.[1])).toEqual([
      expect.stringContaining("First"),
    ]);
    expect(await deliveries(customer)).toEqual([[expect.stringContaining("First"), "sent"]]);
    expect(await counted("day")).toBe(MAIL_QUOTAS.free.perDay.limit + 1);
    const events = await db.auditEvent.findMany({
      where: { organizationId: org.id, action: "mail.quota_reached" },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => e.metadata)).toEqual([
      { plan: "free", limit: quota, per: "hour" },
      { plan: "free", limit: MAIL_QUOTAS.free.perDay.limit, per: "day" },
    ]);
  });

  it("counts portal codes to any address against the same quota (the request still answers as usual)", async () => {
    const org = await createOrg("free");
    await askAccess({ org: org.slug, email: `first-${randomUUID()}@elsewhere.test` });
    await db.rateLimitBucket.update({ where: { key: `mail:hour:${org.id}` }, data: { count: quota } });
    const target = `target-${randomUUID()}@elsewhere.test`;
    expect((await askAccess({ org: org.slug, email: target })).status).toBe(200);
    expect(await mailsTo(smtp, target)).toEqual([]);
  });
});

describe("control characters in names that reach mail subjects and logs", () => {
  const refused = (field: string) => ({
    status: 400,
    body: expect.objectContaining({ error: NO_CONTROL_CHARACTERS, code: "validation_failed" }),
    field,
  });

  it("are refused in an organisation name and a full name at registration", async () => {
    for (const [field, value] of [
      ["companyName", "Acme\r\nBcc: everyone@example.test"],
      // (U+0000 is refused before this rule, by the route wrapper: hostile-bytes.test.ts)
      ["fullName", "Pat\u0007Admin"],
    ] as const) {
      const body = {
        fullName: "Pat",
        email: `reg-${randomUUID()}@example.test`,
        companyName: "Acme",
        password: "long-enough-password",
        [field]: value,
      };
      const res = await readJson(await register(makeRequest("/api/register", { method: "POST", body }), params()));
      expect({ ...res, field }).toEqual(refused(field));
    }
  });

  it("are refused in a ticket subject, a customer name and a profile name", async () => {
    const org = await createOrg("pro");
    const agent = await createUser(org.id, "agent");
    for (const [field, value] of [
      ["subject", "Help\n--- end of email ---"],
      ["customerName", "Sam\u001b[31m"],
    ] as const) {
      const res = await newTicket(agent, { subject: "s", description: "d", [field]: value });
      expect({ ...res, field }).toEqual(refused(field));
    }
    const res = await readJson(
      await updateProfile(
        makeRequest("/api/users/profile", {
          method: "PATCH",
          body: { fullName: "Agent\u2028Smith", email: agent.email },
          headers: { cookie: await sessionCookie(agent) },
        }),
        params(),
      ),
    );
    expect({ ...res, field: "fullName" }).toEqual(refused("fullName"));
  });

  it("never reach a printed mail's subject (a name stored before the rule cannot forge the log)", async () => {
    const smtpUrl = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    const printed: string[] = [];
    const log = jest.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
    try {
      await sendMail({
        to: "pat@example.test",
        subject: "Your Acme\n--- end of email ---\n--- email to ceo@example.test ---\nSubject: Wire money",
        text: "Body\r\nline\u0007",
      });
      expect(await sendMail({ to: "pat@example.test\r\nBcc: all@example.test", subject: "s", text: "t" })).toBe(false);
    } finally {
      log.mockRestore();
      process.env.SMTP_URL = smtpUrl;
    }
    expect(printed).toHaveLength(1);
    expect(printed[0]!.match(/^--- email to /gm)).toHaveLength(1);
    expect(printed[0]).toContain(
      "Subject: Your Acme --- end of email --- --- email to ceo@example.test --- Subject: Wire money\n",
    );
    expect(printed[0]).toContain("Body\nline\n");
  });
});
