import { POST as createRule } from "@/app/api/automations/route";
import { POST as replyRoute } from "@/app/api/replies/route";
import { PUT as updateRoute } from "@/app/api/tickets/[id]/route";
import type { Plan } from "@/generated/prisma/enums";
import { historySentence } from "@/lib/format/ticket-history";
import { enqueue } from "@/lib/jobs/enqueue";
import { registeredHandlers, registeredSchedules } from "@/lib/jobs/registry";
import { sweepTimeRules, TIME_RULES_JOB } from "@/lib/services/automations/time-rules";
import { MAIL_JOB } from "@/lib/services/mail/outbox";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, drainJobs, queuedJobs } from "../helpers/jobs";
import { makeRequest, params, readJson } from "../helpers/request";
import { postTicket } from "../helpers/ticket-list";

// Time rules (Enterprise): the sweep the job queue runs every few minutes finds the tickets
// that are not closed whose clocks a rule's time conditions name ("pending for more than 5
// days", "unassigned for more than 2 hours", "no agent reply for 24 hours"), runs the rules with
// the same engine as event rules, and fires each rule once per ticket until the ticket changes
// again. Each sweep is given its `now`, hours ahead, instead of waiting.

const HOUR = 3_600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

beforeAll(async () => {
  await resetDatabase();
  await clearJobs();
});
// A sweep looks at every organisation: each test starts with only its own rules.
beforeEach(async () => {
  await db.automation.deleteMany();
});

type User = { id: string; sessionVersion: number };
type Rule = { name: string; conditions: { all: object[]; any?: object[] }; actions: object[] };

/** An organisation with an admin and an agent. */
async function team(plan: Plan = "enterprise") {
  const org = await createOrg(plan);
  const admin = await createUser(org.id, "org_admin", { fullName: "Alex Admin" });
  const agent = await createUser(org.id, "agent", { fullName: "Sam Agent" });
  return { org, admin, agent };
}

/** A time rule saved through the API, exactly as other tools call it. */
async function addTimeRule(admin: User, rule: Rule) {
  const res = await readJson(
    await createRule(
      makeRequest("/api/automations", {
        method: "POST",
        body: { when: "time", ...rule, conditions: { any: [], ...rule.conditions } },
        headers: { cookie: await sessionCookie(admin) },
      }),
      params(),
    ),
  );
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

async function newTicket(agent: User, body: Record<string, unknown> = {}) {
  const res = await postTicket(agent, {
    subject: "Printer jammed",
    customerName: "Jo Park",
    customerEmail: "jo@shop.test",
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function update(agent: User, id: string, body: unknown) {
  const res = await updateRoute(
    makeRequest(`/api/tickets/${id}`, { method: "PUT", body, headers: { cookie: await sessionCookie(agent) } }),
    params({ id }),
  );
  expect(res.status).toBe(200);
}

async function reply(agent: User, ticketId: string, type: "public" | "internal") {
  const res = await replyRoute(
    makeRequest("/api/replies", {
      method: "POST",
      body: { ticketId, content: "We are on it", type },
      headers: { cookie: await sessionCookie(agent) },
    }),
    params(),
  );
  expect(res.status).toBe(201);
}

/** The ticket's history as its screen reads it. */
async function historyOf(ticketId: string) {
  const ticket = await db.ticket.findUniqueOrThrow({ where: { id: ticketId }, select: { customerName: true } });
  const events = await db.auditEvent.findMany({ where: { ticketId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const users = await db.user.findMany({ select: { id: true, fullName: true } });
  const names = new Map(users.map((u) => [u.id, u.fullName]));
  return events.map((e) => historySentence(e, names, ticket.customerName));
}

const ruleLines = async (ticketId: string) => (await historyOf(ticketId)).filter((line) => line.startsWith("Rule "));
const notesOn = (ticketId: string) => db.reply.count({ where: { ticketId, type: "internal" } });

/** Moves the ticket's clocks back, as if it had been created and left `hours` ago. */
const age = (id: string, hours: number) =>
  db.$executeRaw`UPDATE "Ticket" SET "createdAt" = "createdAt" - ${hours} * interval '1 hour',
    "statusChangedAt" = "statusChangedAt" - ${hours} * interval '1 hour',
    "assigneeChangedAt" = "assigneeChangedAt" - ${hours} * interval '1 hour',
    "teamRepliedAt" = "teamRepliedAt" - ${hours} * interval '1 hour' WHERE "id" = ${id}`;

const PENDING_FIVE_DAYS: Rule = {
  name: "Pending for more than 5 days",
  conditions: {
    all: [
      { field: "status", operator: "is", value: "pending" },
      { field: "status_changed_at", operator: "hours_since_greater_than", value: 120 },
    ],
  },
  actions: [
    { type: "email_customer", value: "Hello {{customer.firstName}}, we are closing this as we did not hear back." },
    { type: "set_status", value: "closed" },
  ],
};

const UNASSIGNED_TWO_HOURS: Rule = {
  name: "Unassigned for more than 2 hours",
  conditions: {
    all: [
      { field: "assignee", operator: "is", value: null },
      { field: "assignee_changed_at", operator: "hours_since_greater_than", value: 2 },
    ],
  },
  actions: [{ type: "add_note", value: "Nobody has taken #{{ticket.number}} for 2 hours" }],
};

const NO_REPLY_DAY: Rule = {
  name: "No agent reply for 24 hours",
  conditions: { all: [{ field: "last_agent_reply_at", operator: "hours_since_greater_than", value: 24 }] },
  actions: [
    { type: "set_priority", value: "high" },
    { type: "add_tags", value: ["waiting"] },
  ],
};

describe("the issue's examples", () => {
  it("pending for more than 5 days: closed with a friendly note, counted from the status change", async () => {
    const { admin, agent } = await team();
    await addTimeRule(admin, PENDING_FIVE_DAYS);
    // Created long ago, but pending only since now: the status clock counts.
    const pending = await newTicket(agent);
    await age(pending, 200);
    await update(agent, pending, { status: "pending" });
    const open = await newTicket(agent);
    await age(open, 200);

    expect(await sweepTimeRules(later(119))).toBe(0);
    expect(await db.ticket.findUniqueOrThrow({ where: { id: pending } })).toMatchObject({ status: "pending" });

    expect(await sweepTimeRules(later(121))).toBe(1);
    const closed = await db.ticket.findUniqueOrThrow({ where: { id: pending } });
    expect(closed).toMatchObject({ status: "closed" });
    expect(await ruleLines(pending)).toEqual([
      "Rule 'Pending for more than 5 days' emailed the customer",
      "Rule 'Pending for more than 5 days' set the status to Closed",
    ]);
    const mails = (await queuedJobs(MAIL_JOB)).map((job) => JSON.stringify(job.payload));
    expect(mails.filter((mail) => mail.includes("Hello Jo, we are closing this"))).toHaveLength(1);
    expect(await db.ticket.findUniqueOrThrow({ where: { id: open } })).toMatchObject({ status: "open" });
    expect(await ruleLines(open)).toEqual([]);
  });

  it("unassigned for more than 2 hours: counted from when the assignee was last cleared", async () => {
    const { admin, agent } = await team();
    await addTimeRule(admin, UNASSIGNED_TWO_HOURS);
    const unassigned = await newTicket(agent);
    const assigned = await newTicket(agent, { assignedTo: agent.id });
    // Created 10 hours ago and assigned; its assignee is taken off now.
    const released = await newTicket(agent, { assignedTo: agent.id });
    await age(released, 10);
    await update(agent, released, { assignedTo: null });

    expect(await sweepTimeRules(later(1.5))).toBe(0);
    expect(await sweepTimeRules(later(2.5))).toBe(2);
    expect(await notesOn(unassigned)).toBe(1);
    expect(await notesOn(released)).toBe(1);
    expect(await notesOn(assigned)).toBe(0);
    expect(await ruleLines(unassigned)).toEqual(["Rule 'Unassigned for more than 2 hours' added an internal note"]);
  });

  it("no agent reply for 24 hours: a public reply by the team starts the clock again, a note does not", async () => {
    const { admin, agent } = await team();
    await addTimeRule(admin, NO_REPLY_DAY);
    const silent = await newTicket(agent);
    const noted = await newTicket(agent);
    const answered = await newTicket(agent);
    for (const id of [silent, noted, answered]) await age(id, 20);
    await reply(agent, noted, "internal");
    await reply(agent, answered, "public");

    expect(await sweepTimeRules(later(3))).toBe(0);
    expect(await sweepTimeRules(later(5))).toBe(2);
    for (const id of [silent, noted])
      expect(await db.ticket.findUniqueOrThrow({ where: { id } })).toMatchObject({ priority: "high" });
    expect(await db.ticket.findUniqueOrThrow({ where: { id: answered } })).toMatchObject({ priority: "medium" });
    expect(await ruleLines(silent)).toEqual([
      "Rule 'No agent reply for 24 hours' set the priority to High",
      "Rule 'No agent reply for 24 hours' added the tag waiting",
    ]);
  });
});

describe("once per ticket until it changes again", () => {
  it("fires once however many sweeps pass, and again after the ticket changed", async () => {
    const { admin, agent } = await team();
    await addTimeRule(admin, UNASSIGNED_TWO_HOURS);
    const id = await newTicket(agent);
    expect(await sweepTimeRules(later(3))).toBe(1);
    expect(await sweepTimeRules(later(3.1))).toBe(0);
    expect(await sweepTimeRules(later(30))).toBe(0);
    expect(await notesOn(id)).toBe(1);

    await update(agent, id, { priority: "low" });
    expect(await sweepTimeRules(later(30.1))).toBe(1);
    expect(await sweepTimeRules(later(30.2))).toBe(0);
    expect(await notesOn(id)).toBe(2);
  });

  it("time rules' own changes are no change: two rules that undo each other do not take turns", async () => {
    const { admin, agent } = await team();
    await addTimeRule(admin, {
      name: "Quiet open tickets wait",
      conditions: {
        all: [
          { field: "status", operator: "is", value: "open" },
          { field: "updated_at", operator: "hours_since_greater_than", value: 1 },
        ],
      },
      actions: [{ type: "set_status", value: "pending" }],
    });
    await addTimeRule(admin, {
      name: "Waiting tickets reopen",
      conditions: {
        all: [
          { field: "status", operator: "is", value: "pending" },
          { field: "status_changed_at", operator: "hours_since_greater_than", value: 1 },
        ],
      },
      actions: [{ type: "set_status", value: "open" }],
    });
    const id = await newTicket(agent);
    expect(await sweepTimeRules(later(2))).toBe(1);
    expect(await sweepTimeRules(later(4))).toBe(1);
    expect(await sweepTimeRules(later(6))).toBe(0);
    expect(await sweepTimeRules(later(8))).toBe(0);
    expect(await ruleLines(id)).toEqual([
      "Rule 'Quiet open tickets wait' set the status to Pending",
      "Rule 'Waiting tickets reopen' set the status to Open",
    ]);
  });

  it("a later rule of the same sweep reads the clocks as the rules before left them", async () => {
    const { admin, agent } = await team();
    await addTimeRule(admin, {
      name: "Take the waiting ones",
      conditions: UNASSIGNED_TWO_HOURS.conditions,
      actions: [{ type: "assign", value: agent.id }],
    });
    await addTimeRule(admin, {
      name: "Assigned an hour ago",
      conditions: {
        all: [
          { field: "assignee", operator: "is_not", value: null },
          { field: "assignee_changed_at", operator: "hours_since_greater_than", value: 1 },
        ],
      },
      actions: [{ type: "add_note", value: "Still waiting on #{{ticket.number}}" }],
    });
    const id = await newTicket(agent);
    expect(await sweepTimeRules(later(3))).toBe(1);
    expect(await ruleLines(id)).toEqual(["Rule 'Take the waiting ones' assigned the ticket to Sam Agent"]);
    expect(await sweepTimeRules(later(4.5))).toBe(1);
    expect(await notesOn(id)).toBe(1);
  });

  it("two sweeps of the same moment at once fire each rule once", async () => {
    const { admin, agent } = await team();
    await addTimeRule(admin, UNASSIGNED_TWO_HOURS);
    const ids = [await newTicket(agent), await newTicket(agent), await newTicket(agent)];
    const at = later(3);
    const [a, b] = await Promise.all([sweepTimeRules(at), sweepTimeRules(at)]);
    expect(a + b).toBe(3);
    for (const id of ids) expect(await notesOn(id)).toBe(1);
  });

  it("looks at open tickets; resolved ones only for a rule naming that status; closed ones never", async () => {
    const { admin, agent } = await team();
    await addTimeRule(admin, UNASSIGNED_TWO_HOURS);
    await addTimeRule(admin, {
      name: "Resolved for 4 days: close",
      conditions: {
        all: [
          { field: "status", operator: "in", value: ["resolved", "closed"] },
          { field: "status_changed_at", operator: "hours_since_greater_than", value: 96 },
        ],
      },
      actions: [{ type: "set_status", value: "closed" }],
    });
    const resolved = await newTicket(agent, { status: "resolved" });
    const closed = await newTicket(agent, { status: "closed" });
    expect(await sweepTimeRules(later(3))).toBe(0);
    expect(await sweepTimeRules(later(97))).toBe(1);
    expect(await ruleLines(resolved)).toEqual(["Rule 'Resolved for 4 days: close' set the status to Closed"]);
    expect(await notesOn(resolved)).toBe(0);
    expect(await ruleLines(closed)).toEqual([]);
  });
});

describe("which rules run", () => {
  it("a Pro organisation's time rules never run (the API refuses them; one written there anyway)", async () => {
    const { org, admin, agent } = await team("pro");
    const refused = await readJson(
      await createRule(
        makeRequest("/api/automations", {
          method: "POST",
          body: { when: "time", ...UNASSIGNED_TWO_HOURS, conditions: { ...UNASSIGNED_TWO_HOURS.conditions, any: [] } },
          headers: { cookie: await sessionCookie(admin) },
        }),
        params(),
      ),
    );
    expect(refused).toMatchObject({ status: 403, body: { code: "plan_required" } });
    await db.automation.create({
      data: {
        organizationId: org.id,
        name: "Written anyway",
        when: "time",
        conditions: { ...UNASSIGNED_TWO_HOURS.conditions, any: [] },
        actions: UNASSIGNED_TWO_HOURS.actions,
        position: 0,
      },
    });
    const id = await newTicket(agent);
    expect(await sweepTimeRules(later(3))).toBe(0);
    expect(await notesOn(id)).toBe(0);
  });

  it("an organisation that moved down from Enterprise keeps its time rules, idle", async () => {
    const { org, admin, agent } = await team();
    await addTimeRule(admin, UNASSIGNED_TWO_HOURS);
    const id = await newTicket(agent);
    await db.organization.update({ where: { id: org.id }, data: { plan: "pro" } });
    expect(await sweepTimeRules(later(3))).toBe(0);
    await db.organization.update({ where: { id: org.id }, data: { plan: "enterprise" } });
    expect(await sweepTimeRules(later(3))).toBe(1);
    expect(await notesOn(id)).toBe(1);
  });

  it("a switched-off rule does not run", async () => {
    const { admin, agent } = await team();
    const rule = await addTimeRule(admin, UNASSIGNED_TWO_HOURS);
    await db.automation.update({ where: { id: rule.id }, data: { active: false } });
    const id = await newTicket(agent);
    expect(await sweepTimeRules(later(3))).toBe(0);
    expect(await notesOn(id)).toBe(0);
  });

  it("an organisation's rules touch only its own tickets", async () => {
    const mine = await team();
    const theirs = await team();
    await addTimeRule(mine.admin, UNASSIGNED_TWO_HOURS);
    const own = await newTicket(mine.agent);
    const other = await newTicket(theirs.agent);
    expect(await sweepTimeRules(later(3))).toBe(1);
    expect(await notesOn(own)).toBe(1);
    expect(await notesOn(other)).toBe(0);
    expect(await historyOf(other)).toEqual(["Sam Agent created the ticket"]);
  });
});

describe("the job", () => {
  it("is scheduled every 5 minutes, and its run sweeps", async () => {
    expect(registeredSchedules()).toContainEqual({ cron: "*/5 * * * *", kind: TIME_RULES_JOB });
    expect(registeredHandlers().has(TIME_RULES_JOB)).toBe(true);
    const { admin, agent } = await team();
    await addTimeRule(admin, UNASSIGNED_TWO_HOURS);
    const id = await newTicket(agent);
    await age(id, 3);
    await enqueue(db, TIME_RULES_JOB, {});
    await drainJobs();
    expect(await notesOn(id)).toBe(1);
  });
});
