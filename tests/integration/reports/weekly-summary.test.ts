import { PUT as setPreferences } from "@/app/api/users/notifications/route";
import { registeredSchedules } from "@/lib/jobs/registry";
import { MAIL_JOB, MAIL_MAX_ATTEMPTS } from "@/lib/services/mail/outbox";
import { sendWeeklySummaries, WEEKLY_SUMMARY_JOB } from "@/lib/services/reports/weekly-summary";
import { createOrg, createUser, nextTicketNumber, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, drainJobs, queuedJobs } from "../helpers/jobs";
import { makeRequest, params } from "../helpers/request";
import { linkIn, startSmtp, type CapturedMail } from "../helpers/smtp";

// The weekly summary email (docs/design/reports.md): on Monday from 07:00 in the organisation's
// zone, each admin who turned it on gets last week's figures against the week before, once,
// through the mail queue; nobody else gets it, and no organisation's figures reach another's.

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
type Org = Awaited<ReturnType<typeof createOrg>>;
type User = Awaited<ReturnType<typeof createUser>>;
let london: Org;
let other: Org;
let admin: User;
let quietAdmin: User;
let agent: User;
let otherAdmin: User;
let leftAdmin: User;

type Seed = { created: string; respondedAfter?: number; solvedAfter?: number; sla?: "met" | "breached" };

async function seed(organizationId: string, s: Seed) {
  const createdAt = at(s.created);
  const later = (minutes?: number) => (minutes === undefined ? null : new Date(createdAt.getTime() + minutes * MINUTE));
  const ticket = await db.ticket.create({
    data: {
      organizationId,
      ticketNumber: await nextTicketNumber(organizationId),
      subject: "Weekly",
      description: "d",
      customerName: "Casey",
      customerEmail: "casey@x.test",
      status: s.solvedAfter === undefined ? "open" : "resolved",
      createdAt,
      updatedAt: createdAt,
      firstRespondedAt: later(s.respondedAfter),
      solvedAt: later(s.solvedAfter),
      firstSolvedAt: later(s.solvedAfter),
      resolvedAt: later(s.solvedAfter),
    },
  });
  if (s.sla)
    await db.ticketSlaTarget.create({
      data: {
        organizationId,
        ticketId: ticket.id,
        target: "first_response",
        minutes: 30,
        startedAt: createdAt,
        dueAt: later(30)!,
        metAt: later(s.sla === "met" ? 15 : 45),
        breachedAt: s.sla === "breached" ? later(30) : null,
      },
    });
}

/** Monday 7 December 2026, 08:00 in London (winter: UTC) and in UTC. */
const MONDAY = at("2026-12-07T08:00:00Z");
const NEXT_MONDAY = at("2026-12-14T08:00:00Z");

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  london = await createOrg("pro");
  other = await createOrg("pro");
  await db.businessCalendar.updateMany({
    where: { organizationId: london.id, isDefault: true },
    data: { timeZone: "Europe/London" },
  });
  admin = await createUser(london.id, "org_admin");
  quietAdmin = await createUser(london.id, "org_admin");
  agent = await createUser(london.id, "agent");
  leftAdmin = await createUser(london.id, "org_admin", { isActive: false });
  otherAdmin = await createUser(other.id, "org_admin");
  // The agent and the deactivated admin have it set (an admin once, say): neither is mailed.
  await db.user.updateMany({
    where: { id: { in: [admin.id, agent.id, leftAdmin.id, otherAdmin.id] } },
    data: { weeklySummaryEmail: true },
  });
  for (const s of [
    // Last week in London, Monday 30 November to Sunday 6 December.
    { created: "2026-11-30T09:00:00Z", respondedAfter: 10, solvedAfter: 100, sla: "met" },
    { created: "2026-12-02T09:00:00Z", respondedAfter: 20, solvedAfter: 200, sla: "breached" },
    { created: "2026-12-06T23:30:00Z", respondedAfter: 60, sla: "met" },
    // Monday morning: this week's, not last week's.
    { created: "2026-12-07T00:30:00Z", respondedAfter: 1 },
    // The week before, 23 to 29 November, and one from the week before that.
    { created: "2026-11-23T09:00:00Z", respondedAfter: 30, solvedAfter: 40, sla: "met" },
    { created: "2026-11-29T23:59:00Z", respondedAfter: 50 },
    { created: "2026-11-22T23:00:00Z", respondedAfter: 5 },
  ] satisfies Seed[])
    await seed(london.id, s);
  // Another organisation's busier week: never in London's mail.
  for (let i = 0; i < 5; i++) await seed(other.id, { created: "2026-12-01T12:00:00Z", respondedAfter: 7 });
});
beforeEach(async () => {
  await clearJobs();
  smtp.clear();
});
afterAll(async () => {
  await smtp.stop();
});

const mailsTo = (user: { email: string }) => smtp.messages.filter((m) => m.to.includes(user.email));
/** The message with its line breaks as written (SMTP sends CRLF). */
const textOf = (mail: CapturedMail) => mail.text.replace(/\r\n/g, "\n");

async function run(now: Date) {
  const queued = await sendWeeklySummaries(now);
  await drainJobs();
  return queued;
}

describe("the weekly summary email", () => {
  it("is scheduled every hour, so that every zone's Monday 07:00 is met", () => {
    expect(registeredSchedules()).toContainEqual({ cron: "0 * * * *", kind: WEEKLY_SUMMARY_JOB });
  });

  it("waits for 07:00 on the organisation's Monday", async () => {
    // 06:59 in London and in UTC; Sunday; Tuesday.
    for (const now of ["2026-12-07T06:59:00Z", "2026-12-06T12:00:00Z", "2026-12-08T08:00:00Z"])
      expect(await run(at(now))).toBe(0);
    expect(smtp.messages).toEqual([]);
  });

  it("mails each opted-in admin last week's figures against the week before, once, through the mail queue", async () => {
    expect(await sendWeeklySummaries(MONDAY)).toBe(2);
    // Mail jobs, retried as every mail is.
    const jobs = await queuedJobs(MAIL_JOB);
    expect(jobs.map((j) => j.max_attempts)).toEqual([MAIL_MAX_ATTEMPTS, MAIL_MAX_ATTEMPTS]);
    await drainJobs();

    expect(mailsTo(admin)).toHaveLength(1);
    const mail = textOf(mailsTo(admin)[0]!);
    expect(mail).toContain(`Subject: Weekly summary of ${london.name}: 30 Nov 2026 to 6 Dec 2026`);
    expect(mail).toContain("(days in Europe/London)");
    // Created 3 against 2; solved 2 against 1; first responses 10, 20, 60 against 30, 50; SLA 2 of 3 against 1 of 1.
    expect(mail).toContain("Tickets created: 3\n  Up 50% from 2\n");
    expect(mail).toContain("Tickets solved: 2\n  Up 100% from 1, better\n");
    expect(mail).toContain("First response (median): 20 min\n  Down 50% from 40 min, better\n");
    expect(mail).toContain("SLA met: 67% of 3 targets\n  Down 33% from 100% of 1 target, worse\n");
    const reports = linkIn(mailsTo(admin)[0]!, "/reports");
    expect(reports.pathname).toBe("/reports");
    expect(Object.fromEntries(reports.searchParams)).toEqual({ from: "2026-11-30", to: "2026-12-06" });
    expect(linkIn(mailsTo(admin)[0]!, "/profile").hash).toBe("#weekly-summary");
    expect(mail).toContain("Content-Type: text/html");

    // Its own organisation's figures only, each way.
    expect(mail).not.toContain("Tickets created: 5");
    expect(mailsTo(otherAdmin)).toHaveLength(1);
    const others = textOf(mailsTo(otherAdmin)[0]!);
    expect(others).toContain("Tickets created: 5\n  Up 5 from 0\n");
    expect(others).toContain("(days in UTC)");
    expect(others).not.toContain(london.name);

    // Not turned on, not an admin, no longer active: nothing.
    for (const nobody of [quietAdmin, agent, leftAdmin]) expect(mailsTo(nobody)).toEqual([]);
  });

  it("sends nothing again for the same week: a later run, or two runs at once", async () => {
    expect(await run(MONDAY)).toBe(0);
    expect(await run(at("2026-12-07T09:00:00Z"))).toBe(0);
    expect(smtp.messages).toEqual([]);
    // Next week, two workers' runs at the same moment: each admin is told once.
    const both = await Promise.all([sendWeeklySummaries(NEXT_MONDAY), sendWeeklySummaries(NEXT_MONDAY)]);
    expect(both[0] + both[1]).toBe(2);
    await drainJobs();
    expect(mailsTo(admin)).toHaveLength(1);
    expect(mailsTo(otherAdmin)).toHaveLength(1);
  });

  it("stops at the next send once the admin turns it off in their profile", async () => {
    const off = await setPreferences(
      makeRequest("/api/users/notifications", {
        method: "PUT",
        body: { weeklySummaryEmail: false },
        headers: { cookie: await sessionCookie(admin) },
      }),
      params(),
    );
    expect(off.status).toBe(200);
    expect(await run(at("2026-12-21T08:00:00Z"))).toBe(1);
    expect(mailsTo(admin)).toEqual([]);
    expect(mailsTo(otherAdmin)).toHaveLength(1);
  });
});
