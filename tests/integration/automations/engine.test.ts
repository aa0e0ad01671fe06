import { randomUUID } from "node:crypto";
import { POST as portalCreate } from "@/app/api/portal/tickets/route";
import { POST as replyRoute } from "@/app/api/replies/route";
import { PUT as updateRoute } from "@/app/api/tickets/[id]/route";
import { PATCH as tagsRoute } from "@/app/api/tickets/[id]/tags/route";
import { PATCH as bulkRoute } from "@/app/api/tickets/bulk/route";
import type { AutomationWhen, Plan } from "@/generated/prisma/enums";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { historySentence } from "@/lib/format/ticket-history";
import { auditText } from "@/lib/format/audit-text";
import { activeRules } from "@/lib/services/automations/active-rules";
import { RULE_PASSES } from "@/lib/services/automations/engine";
import { newTicketView, routeNewTicket } from "@/lib/services/automations/new-ticket";
import { createTicketSchema } from "@/lib/schemas/tickets";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, drainJobs } from "../helpers/jobs";
import { startReceiver, threadOf, useFixedDns } from "../helpers/inbound";
import { portalAuth } from "../helpers/portal-auth";
import { makeRequest, params, readJson } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";
import { postTicket } from "../helpers/ticket-list";

// Event rules on new tickets, through the real entrances (the team's API, the customer portal, a
// mail through the SMTP receiver): they run in the creating transaction, in their order, each at
// most once, chains re-evaluated up to a fixed number of passes; every change is the rule's in the
// ticket's history.

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  await resetDatabase();
  await clearJobs();
  useFixedDns();
  smtp = await startSmtp();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await smtp.stop();
});

type RuleSpec = {
  name: string;
  conditions?: { all?: object[]; any?: object[] };
  actions: object[];
  active?: boolean;
};

const addRules = (organizationId: string, rules: RuleSpec[], when: AutomationWhen = "ticket_created") =>
  db.automation.createMany({
    data: rules.map((r, position) => ({
      organizationId,
      name: r.name,
      when,
      conditions: { all: r.conditions?.all ?? [], any: r.conditions?.any ?? [] },
      actions: r.actions,
      active: r.active ?? true,
      position,
    })),
  });

async function orgWithRules(plan: Plan, rules: RuleSpec[]) {
  const org = await createOrg(plan);
  const agent = await createUser(org.id, "agent", { fullName: "Sam Agent" });
  await addRules(org.id, rules);
  return { org, agent };
}

const ticketInput = (given: object) => createTicketSchema.parse({ description: "Please help", ...given });

const subjectHas = (value: string) => ({ field: "subject", operator: "contains", value });

/** The ticket's history as its screen reads it. */
async function historyOf(ticketId: string) {
  const ticket = await db.ticket.findUniqueOrThrow({ where: { id: ticketId }, select: { customerName: true } });
  const events = await db.auditEvent.findMany({ where: { ticketId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const users = await db.user.findMany({ select: { id: true, fullName: true } });
  const names = new Map(users.map((u) => [u.id, u.fullName]));
  return events.map((e) => historySentence(e, names, ticket.customerName));
}

const tagsOf = async (ticketId: string) => {
  const { tagIds } = await db.ticket.findUniqueOrThrow({ where: { id: ticketId }, select: { tagIds: true } });
  const tags = await db.tag.findMany({ where: { id: { in: tagIds } }, select: { id: true, name: true } });
  return tagIds.map((id) => tags.find((t) => t.id === id)!.name);
};

describe("a ticket the team creates (API)", () => {
  it("is routed by the matching rule in its creating transaction, and its history names the rule", async () => {
    const { org, agent } = await orgWithRules("pro", []);
    const billing = await db.group.create({ data: { organizationId: org.id, name: "Billing", nameKey: "billing" } });
    await db.automation.create({
      data: {
        organizationId: org.id,
        name: "Refunds to Billing",
        when: "ticket_created",
        conditions: { all: [subjectHas("refund")], any: [] },
        actions: [
          { type: "set_priority", value: "high" },
          { type: "add_tags", value: ["billing"] },
          { type: "set_group", value: billing.id },
          { type: "assign", value: agent.id },
          { type: "add_note", value: "Refund asked by {{customer.firstName}} on #{{ticket.number}}" },
        ],
        position: 0,
      },
    });
    const res = await postTicket(agent, { subject: "Refund for order 1234", customerName: "Jo Park" });
    expect(res.status).toBe(201);
    // The answer is the ticket as the rules left it.
    expect(res.body).toMatchObject({ priority: "high", assignedTo: agent.id, groupId: billing.id });
    const id = res.body.id as string;
    const stored = await db.ticket.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ priority: "high", groupId: billing.id, assignedToId: agent.id });
    // A new priority moves the SLA clock as an agent's change would.
    expect(stored.firstResponseDueAt!.getTime()).toBeLessThan(stored.createdAt.getTime() + 8 * 3_600_000);
    expect(await tagsOf(id)).toEqual(["billing"]);
    const note = await db.reply.findFirstOrThrow({ where: { ticketId: id } });
    expect(note).toMatchObject({ type: "internal", content: `Refund asked by Jo on #${stored.ticketNumber}` });
    expect(await historyOf(id)).toEqual([
      "Sam Agent created the ticket",
      "Rule 'Refunds to Billing' set the priority to High",
      "Rule 'Refunds to Billing' added the tag billing",
      "Rule 'Refunds to Billing' set the group to Billing",
      "Rule 'Refunds to Billing' assigned the ticket to Sam Agent",
      "Rule 'Refunds to Billing' added an internal note",
    ]);

    // The activity log names the rule as the one who acted.
    const changed = await db.auditEvent.findMany({ where: { ticketId: id, actorType: "system" } });
    expect(new Set(changed.map((e) => e.actorLabel))).toEqual(new Set(["Rule 'Refunds to Billing'"]));

    const other = await postTicket(agent, { subject: "Password reset" });
    expect(other.body).toMatchObject({ priority: "medium", assignedTo: null, groupId: null });
    expect(await historyOf(other.body.id as string)).toEqual(["Sam Agent created the ticket"]);
  });

  it("routes the same whether its rules are worked out before the ticket is written or run after", async () => {
    // Rules that only set fields and tags are worked out ahead and written with the ticket; a rule
    // that also writes a note runs on the written ticket. Both must leave the same ticket.
    const routing = (groupId: string, agentId: string): RuleSpec[] => [
      {
        name: "VIP domain",
        conditions: { all: [{ field: "customer_domain", operator: "is", value: "bigcorp.example" }] },
        actions: [{ type: "add_tags", value: ["vip", "Enterprise"] }],
      },
      {
        name: "Refunds",
        conditions: { all: [subjectHas("refund")] },
        actions: [
          { type: "set_priority", value: "high" },
          { type: "set_group", value: groupId },
        ],
      },
      // Matches only after the two above: a second pass.
      {
        name: "VIP refunds",
        conditions: {
          all: [
            { field: "tags", operator: "contains", value: "VIP" },
            { field: "priority", operator: "is", value: "high" },
          ],
        },
        actions: [
          { type: "assign", value: agentId },
          { type: "remove_tags", value: ["enterprise"] },
        ],
      },
    ];
    const outcomes = [];
    for (const note of [false, true]) {
      const org = await createOrg("enterprise");
      const agent = await createUser(org.id, "agent", { fullName: "Sam Agent" });
      const group = await db.group.create({ data: { organizationId: org.id, name: "Billing", nameKey: "billing" } });
      const rules = routing(group.id, agent.id);
      if (note) rules.push({ name: "Note", actions: [{ type: "add_note", value: "Routed" }] });
      await addRules(org.id, rules);
      const input = { subject: "Refund please", customerEmail: "ceo@bigcorp.example" };
      const rulesNow = await activeRules(org.id, "ticket_created");
      const view = await newTicketView(
        org.id,
        rulesNow,
        ticketInput(input),
        { entrance: "agent", supportEmailId: null },
        new Date(),
      );
      // Worked out ahead, unless a rule that fires does more than set fields and tags.
      expect(await routeNewTicket(org.id, rulesNow, view, new Date())).toEqual(
        note ? null : expect.objectContaining({ priority: "high" }),
      );
      const res = await postTicket(agent, input);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        priority: "high",
        assignedTo: agent.id,
        groupId: group.id,
        group: { id: group.id, name: "Billing" },
      });
      const id = res.body.id as string;
      const stored = await db.ticket.findUniqueOrThrow({ where: { id } });
      outcomes.push({
        fields: {
          priority: stored.priority,
          groupId: stored.groupId === group.id,
          assignee: stored.assignedToId === agent.id,
          due: stored.firstResponseDueAt!.getTime() - stored.createdAt.getTime(),
        },
        tags: await tagsOf(id),
        history: (await historyOf(id)).filter((line) => !line.startsWith("Rule 'Note'")),
      });
    }
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(outcomes[0]!.tags).toEqual(["vip"]);
    expect(outcomes[0]!.history).toEqual([
      "Sam Agent created the ticket",
      "Rule 'VIP domain' added the tag vip",
      "Rule 'VIP domain' added the tag Enterprise",
      "Rule 'Refunds' set the priority to High",
      "Rule 'Refunds' set the group to Billing",
      "Rule 'VIP refunds' assigned the ticket to Sam Agent",
      "Rule 'VIP refunds' removed the tag Enterprise",
    ]);
  });

  it("runs rules in their order, each seeing what the ones before did", async () => {
    const { agent } = await orgWithRules("enterprise", [
      {
        name: "Low first",
        conditions: { all: [subjectHas("order")] },
        actions: [{ type: "set_priority", value: "low" }],
      },
      {
        name: "Low means tag",
        conditions: { all: [{ field: "priority", operator: "is", value: "low" }] },
        actions: [{ type: "add_tags", value: ["calm"] }],
      },
      {
        name: "High last",
        conditions: { all: [subjectHas("order")] },
        actions: [{ type: "set_priority", value: "high" }],
      },
    ]);
    const res = await postTicket(agent, { subject: "Order status" });
    const id = res.body.id as string;
    expect(res.body.priority).toBe("high");
    expect(await tagsOf(id)).toEqual(["calm"]);
    expect((await historyOf(id)).slice(1)).toEqual([
      "Rule 'Low first' set the priority to Low",
      "Rule 'Low means tag' added the tag calm",
      "Rule 'High last' set the priority to High",
    ]);
  });

  it("re-evaluates after a pass: a later rule's change makes an earlier rule match", async () => {
    const { agent } = await orgWithRules("pro", [
      {
        name: "VIPs are urgent",
        conditions: { all: [{ field: "tags", operator: "contains", value: "vip" }] },
        actions: [{ type: "set_priority", value: "urgent" }],
      },
      {
        name: "Tag VIP domain",
        conditions: { all: [{ field: "customer_domain", operator: "is", value: "vip.test" }] },
        actions: [{ type: "add_tags", value: ["VIP"] }],
      },
    ]);
    const res = await postTicket(agent, { subject: "Hello", customerEmail: "kim@vip.test" });
    expect(res.body.priority).toBe("urgent");
    const plain = await postTicket(agent, { subject: "Hello", customerEmail: "kim@plain.test" });
    expect(plain.body.priority).toBe("medium");
  });

  it("fires a rule at most once per change: two rules undoing each other stop after one round", async () => {
    const { agent } = await orgWithRules("pro", [
      {
        name: "Park it",
        conditions: { all: [subjectHas("ping")] },
        actions: [{ type: "set_status", value: "pending" }],
      },
      {
        name: "Reopen it",
        conditions: { all: [{ field: "status", operator: "is", value: "pending" }] },
        actions: [{ type: "set_status", value: "open" }],
      },
    ]);
    const res = await postTicket(agent, { subject: "ping" });
    expect(res.body.status).toBe("open");
    expect((await historyOf(res.body.id as string)).slice(1)).toEqual([
      "Rule 'Park it' set the status to Pending",
      "Rule 'Reopen it' set the status to Open",
    ]);
  });

  it(`stops a chain after ${RULE_PASSES} passes and names the rules left in the activity log`, async () => {
    // Step i adds tag t{i} when the ticket has t{i+1}; the last step starts the chain. Listed
    // first to last, one link fires per pass.
    const steps = 7;
    const rules: RuleSpec[] = Array.from({ length: steps }, (_, i) => ({
      name: `Step ${i}`,
      conditions: {
        all: [i === steps - 1 ? subjectHas("chain") : { field: "tags", operator: "contains", value: `t${i + 1}` }],
      },
      actions: [{ type: "add_tags", value: [`t${i}`] }],
    }));
    const { org, agent } = await orgWithRules("pro", rules);
    const res = await postTicket(agent, { subject: "chain" });
    const id = res.body.id as string;
    expect(await tagsOf(id)).toEqual(["t6", "t5", "t4", "t3", "t2"]);
    const stop = await db.auditEvent.findFirstOrThrow({
      where: { organizationId: org.id, action: "automation.chain_stopped" },
    });
    expect(stop).toMatchObject({
      ticketId: id,
      actorType: "system",
      metadata: { passes: RULE_PASSES, stopped: ["Step 1"], fired: ["Step 2", "Step 3", "Step 4", "Step 5", "Step 6"] },
    });
    expect(
      auditText({
        action: stop.action,
        actor: "Ticketry",
        metadata: stop.metadata as Record<string, unknown>,
        ticketNumber: 1,
      }),
    ).toBe(`Rules kept changing ticket #1: stopped after ${RULE_PASSES} passes, so "Step 1" did not run`);
    expect((await historyOf(id)).at(-1)).toBe(
      `Rules kept changing the ticket and were stopped after ${RULE_PASSES} passes`,
    );
  });

  it("runs no inactive rule, no rule of another organisation, and none on a plan without rules", async () => {
    const rule = {
      name: "Urgent",
      conditions: { all: [subjectHas("help")] },
      actions: [{ type: "set_priority", value: "urgent" }],
    };
    const { agent: inactiveAgent } = await orgWithRules("pro", [{ ...rule, active: false }]);
    expect((await postTicket(inactiveAgent, { subject: "help" })).body.priority).toBe("medium");
    await orgWithRules("pro", [rule]);
    const { agent: neighbour } = await orgWithRules("pro", []);
    expect((await postTicket(neighbour, { subject: "help" })).body.priority).toBe("medium");
    const { agent: downgraded } = await orgWithRules("starter", [rule]);
    expect((await postTicket(downgraded, { subject: "help" })).body.priority).toBe("medium");
  });

  it("passes over a group or agent gone since the rule was saved", async () => {
    const { org, agent } = await orgWithRules("pro", []);
    const leaving = await createUser(org.id, "agent");
    await db.automation.create({
      data: {
        organizationId: org.id,
        name: "To Lee",
        when: "ticket_created",
        conditions: { all: [], any: [] },
        actions: [
          { type: "assign", value: leaving.id },
          { type: "set_group", value: randomUUID() },
          { type: "set_priority", value: "low" },
        ],
        position: 0,
      },
    });
    await db.user.update({ where: { id: leaving.id }, data: { isActive: false } });
    const res = await postTicket(agent, { subject: "Anything" });
    expect(res.body).toMatchObject({ priority: "low", assignedTo: null, groupId: null });
  });

  it("routes again when the group the rules chose is removed between the choice and the write", async () => {
    const { org, agent } = await orgWithRules("enterprise", []);
    const billing = await db.group.create({ data: { organizationId: org.id, name: "Billing", nameKey: "billing" } });
    await addRules(org.id, [
      { name: "To Billing", actions: [{ type: "set_group", value: billing.id }] },
      { name: "Low", actions: [{ type: "set_priority", value: "low" }] },
    ]);
    // The first write fails as it would had an admin removed the group after the rules looked it
    // up (a sequence, as nothing else outlives the failed statement); the second goes through.
    await db.$executeRaw`CREATE SEQUENCE test_group_gone`;
    await db.$executeRaw`
      CREATE FUNCTION test_group_gone() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('test_group_gone') = 1 THEN
          RAISE foreign_key_violation USING MESSAGE = 'insert or update on table "Ticket" violates foreign key constraint "Ticket_groupId_fkey"';
        END IF;
        RETURN NEW;
      END $$`;
    // Only this test's ticket: its subject is its own.
    await db.$executeRaw`
      CREATE TRIGGER test_group_gone BEFORE INSERT ON "Ticket" FOR EACH ROW
      WHEN (NEW."subject" = 'Refund please, routed again') EXECUTE FUNCTION test_group_gone()`;
    try {
      const res = await postTicket(agent, { subject: "Refund please, routed again" });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ priority: "low", groupId: billing.id });
      expect(await db.ticket.count({ where: { organizationId: org.id } })).toBe(1);
    } finally {
      await db.$executeRaw`DROP TRIGGER test_group_gone ON "Ticket"`;
      await db.$executeRaw`DROP FUNCTION test_group_gone()`;
      await db.$executeRaw`DROP SEQUENCE test_group_gone`;
    }
  });
});

describe("a ticket a customer raises on the portal", () => {
  it("matches the portal entrance and the customer's email", async () => {
    const { org, agent } = await orgWithRules("pro", []);
    await addRules(org.id, [
      {
        name: "Portal to Sam",
        conditions: {
          all: [{ field: "entrance", operator: "is", value: "portal" }],
          any: [{ field: "customer_email", operator: "in", value: ["ana@shop.test"] }],
        },
        actions: [
          { type: "assign", value: agent.id },
          { type: "add_tags", value: ["portal"] },
        ],
      },
      {
        name: "Agents only",
        conditions: { all: [{ field: "entrance", operator: "is", value: "agent" }] },
        actions: [{ type: "set_priority", value: "low" }],
      },
    ]);
    const token = newToken();
    await db.portalSession.create({
      data: {
        organizationId: org.id,
        email: "ana@shop.test",
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const res = await readJson(
      await portalCreate(
        makeRequest("/api/portal/tickets", {
          method: "POST",
          body: { subject: "Where is my parcel", description: "It is late" },
          headers: { ...portalAuth(org.slug, token), "x-forwarded-for": "10.77.0.1" },
        }),
        params(),
      ),
    );
    expect(res.status).toBe(201);
    const ticket = await db.ticket.findFirstOrThrow({ where: { organizationId: org.id } });
    expect(ticket).toMatchObject({ assignedToId: agent.id, priority: "medium" });
    expect(await tagsOf(ticket.id)).toEqual(["portal"]);
  });
});

describe("a ticket that comes by mail (SMTP receiver)", () => {
  it("matches the email entrance and the support address it came to", async () => {
    const { org } = await orgWithRules("pro", [
      {
        name: "Sales mail is urgent",
        conditions: {
          all: [
            { field: "entrance", operator: "is", value: "email" },
            { field: "support_address", operator: "is", value: "SALES@mail-rules.test" },
          ],
        },
        actions: [{ type: "set_priority", value: "urgent" }],
      },
    ]);
    const verifiedAt = new Date();
    await db.supportEmail.createMany({
      data: [
        { organizationId: org.id, email: "help@mail-rules.test", displayName: "Help", verifiedAt },
        { organizationId: org.id, email: "sales@mail-rules.test", displayName: "Sales", verifiedAt },
      ],
    });
    const mail = (to: string, n: number) =>
      Buffer.from(
        [
          "From: Jane Doe <jane@customer.test>",
          `To: ${to}`,
          `Subject: Question ${n}`,
          `Message-ID: <rules-${n}-${randomUUID()}@customer.test>`,
          "Date: Mon, 23 Nov 2026 09:12:44 +0000",
          "Content-Type: text/plain; charset=UTF-8",
          "",
          "Hello there",
          "",
        ].join("\r\n"),
      );
    await receiver.send(mail("sales@mail-rules.test", 1), {
      from: "jane@customer.test",
      to: ["sales@mail-rules.test"],
    });
    await receiver.send(mail("help@mail-rules.test", 2), { from: "jane@customer.test", to: ["help@mail-rules.test"] });
    await drainJobs();
    const tickets = await db.ticket.findMany({ where: { organizationId: org.id }, orderBy: { subject: "asc" } });
    expect(tickets.map((t) => [t.subject, t.priority])).toEqual([
      ["Question 1", "urgent"],
      ["Question 2", "medium"],
    ]);
    expect((await historyOf(tickets[0]!.id)).slice(1)).toEqual([
      "Rule 'Sales mail is urgent' set the priority to Urgent",
    ]);
  });
});

/** A portal session of `email` on the organisation's portal: the headers its page sends. */
async function portalOf(org: { id: string; slug: string }, email: string) {
  const token = newToken();
  await db.portalSession.create({
    data: { organizationId: org.id, email, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) },
  });
  return { ...portalAuth(org.slug, token), "x-forwarded-for": "10.77.0.2" };
}

describe("a customer's reply", () => {
  it("runs the rules for customer replies (not those for new tickets), after the reply reopened the ticket", async () => {
    const { org, agent } = await orgWithRules("pro", [
      { name: "New only", actions: [{ type: "add_tags", value: ["new"] }] },
    ]);
    await addRules(
      org.id,
      [
        {
          name: "Customer waiting",
          conditions: { all: [{ field: "status", operator: "is", value: "open" }] },
          actions: [
            { type: "set_priority", value: "high" },
            { type: "add_tags", value: ["waiting"] },
          ],
        },
      ],
      "customer_replied",
    );
    const created = await postTicket(agent, { subject: "Parcel", customerEmail: "ana@shop.test", status: "pending" });
    const id = created.body.id as string;
    expect(await tagsOf(id)).toEqual(["new"]);
    const res = await readJson(
      await replyRoute(
        makeRequest("/api/replies", {
          method: "POST",
          body: { ticketId: id, content: "Any news?" },
          headers: await portalOf(org, "ana@shop.test"),
        }),
        params(),
      ),
    );
    expect(res.status).toBe(201);
    expect(await db.ticket.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "open", priority: "high" });
    expect(await tagsOf(id)).toEqual(["new", "waiting"]);
    expect((await historyOf(id)).slice(-2)).toEqual([
      "Rule 'Customer waiting' set the priority to High",
      "Rule 'Customer waiting' added the tag waiting",
    ]);
  });
});

describe("an agent's update", () => {
  it("runs the rules for updated tickets in the update's transaction; the answer shows what they did", async () => {
    const { org, agent } = await orgWithRules("pro", []);
    const lead = await createUser(org.id, "agent", { fullName: "Lee Lead" });
    await addRules(
      org.id,
      [
        {
          name: "Urgent to Lee",
          conditions: { all: [{ field: "priority", operator: "is", value: "urgent" }] },
          actions: [{ type: "assign", value: lead.id }],
        },
      ],
      "ticket_updated",
    );
    const created = await postTicket(agent, { subject: "Server down" });
    const id = created.body.id as string;
    expect(created.body.assignedTo).toBeNull();
    const update = async (body: unknown) =>
      readJson(
        await updateRoute(
          makeRequest(`/api/tickets/${id}`, { method: "PUT", body, headers: { cookie: await sessionCookie(agent) } }),
          params({ id }),
        ),
      );
    const res = await update({ priority: "urgent" });
    expect(res).toMatchObject({ status: 200, body: { priority: "urgent", assignedTo: lead.id } });
    expect((await historyOf(id)).slice(1)).toEqual([
      "Sam Agent changed the priority from Medium to Urgent",
      "Rule 'Urgent to Lee' assigned the ticket to Lee Lead",
    ]);
    // A later update that leaves the condition true changes nothing more: the rule's change is made.
    const again = await update({ status: "in_progress" });
    expect(again.body).toMatchObject({ status: "in_progress", assignedTo: lead.id });
    expect(await historyOf(id)).toHaveLength(4);
  });
});

describe("an agent's change of tags", () => {
  it("is an update: the rules for updated tickets run, and the answer carries the tags they left", async () => {
    const { org, agent } = await orgWithRules("pro", []);
    await addRules(
      org.id,
      [
        {
          name: "VIP is urgent",
          conditions: { all: [{ field: "tags", operator: "contains", value: "vip" }] },
          actions: [
            { type: "set_priority", value: "urgent" },
            { type: "add_tags", value: ["escalated"] },
          ],
        },
      ],
      "ticket_updated",
    );
    const created = await postTicket(agent, { subject: "Where is my order" });
    const id = created.body.id as string;
    const tag = async (body: unknown) =>
      readJson(
        await tagsRoute(
          makeRequest(`/api/tickets/${id}/tags`, {
            method: "PATCH",
            body,
            headers: { cookie: await sessionCookie(agent) },
          }),
          params({ id }),
        ),
      );
    const res = await tag({ add: ["VIP"], remove: [] });
    expect(res).toMatchObject({ status: 200, body: { tags: ["VIP", "escalated"] } });
    const stored = await db.ticket.findUniqueOrThrow({ where: { id }, select: { priority: true, version: true } });
    expect(stored.priority).toBe("urgent");
    expect(res.body.version).toBe(stored.version);
    expect((await historyOf(id)).slice(1)).toEqual([
      "Sam Agent added the tag VIP",
      "Rule 'VIP is urgent' set the priority to Urgent",
      "Rule 'VIP is urgent' added the tag escalated",
    ]);
    // A change of tags that changes nothing runs no rule.
    const same = await tag({ add: ["vip"], remove: [] });
    expect(same).toMatchObject({ status: 200, body: { tags: ["VIP", "escalated"], version: stored.version } });
    expect(await historyOf(id)).toHaveLength(4);
  });
});

describe("a bulk change", () => {
  it("runs the rules for updated tickets once on each ticket it changed, after its fields and tags are both made", async () => {
    const { org, agent } = await orgWithRules("pro", []);
    await addRules(
      org.id,
      [
        {
          // Needs both parts of the change: a rule run between them would not match.
          name: "Urgent VIP",
          conditions: {
            all: [
              { field: "tags", operator: "contains", value: "vip" },
              { field: "priority", operator: "is", value: "urgent" },
            ],
          },
          actions: [{ type: "add_tags", value: ["escalated"] }],
        },
      ],
      "ticket_updated",
    );
    const ids = [];
    for (const subject of ["First", "Second"]) ids.push((await postTicket(agent, { subject })).body.id as string);
    // The second is urgent already: only the tag changes it.
    await db.ticket.update({ where: { id: ids[1] }, data: { priority: "urgent" } });
    const res = await readJson(
      await bulkRoute(
        makeRequest("/api/tickets/bulk", {
          method: "PATCH",
          body: { ids, priority: "urgent", addTags: ["VIP"] },
          headers: { cookie: await sessionCookie(agent) },
        }),
        params(),
      ),
    );
    expect(res.status).toBe(200);
    for (const id of ids) expect(await tagsOf(id)).toEqual(["VIP", "escalated"]);
    const versions = await db.ticket.findMany({ where: { id: { in: ids } }, select: { id: true, version: true } });
    expect(
      new Set((res.body as unknown as { id: string; version: number }[]).map((t) => `${t.id}:${t.version}`)),
    ).toEqual(new Set(versions.map((t) => `${t.id}:${t.version}`)));
    expect((await historyOf(ids[1]!)).slice(1)).toEqual([
      "Sam Agent added the tag VIP",
      "Rule 'Urgent VIP' added the tag escalated",
    ]);
  });
});

describe("a rule's mail to the customer", () => {
  it("goes out in the ticket's thread with the placeholders filled in, taken from the mail quota, and the history says so", async () => {
    const { org, agent } = await orgWithRules("pro", [
      {
        name: "Acknowledge refunds",
        conditions: { all: [subjectHas("refund")] },
        actions: [
          { type: "email_customer", value: "Hi {{customer.firstName}}, billing has ticket #{{ticket.number}}." },
        ],
      },
    ]);
    await clearJobs();
    const res = await postTicket(agent, {
      subject: "Refund please",
      customerName: "Jo Park",
      customerEmail: "jo@refund.test",
    });
    const id = res.body.id as string;
    await drainJobs();
    const mails = smtp.messages.filter((m) => m.to.includes("jo@refund.test"));
    // The "received" mail, then the rule's.
    expect(mails).toHaveLength(2);
    const ruleMail = mails.find((m) => m.text.includes("billing has ticket"))!;
    expect(ruleMail.text).toContain(`Hi Jo, billing has ticket #${res.body.ticketNumber}.`);
    // Threaded under the "received" mail, which started the ticket's thread.
    const received = await threadOf(mails.find((m) => m !== ruleMail)!.raw);
    expect(await threadOf(ruleMail.raw)).toMatchObject({
      subject: `Re: [${org.name} #${res.body.ticketNumber}] Refund please`,
      inReplyTo: received.messageId,
    });
    const quota = await db.rateLimitBucket.findUniqueOrThrow({ where: { key: `mail:hour:${org.id}` } });
    expect(quota.count).toBe(2);
    expect((await historyOf(id)).slice(1)).toEqual(["Rule 'Acknowledge refunds' emailed the customer"]);
  });
});

describe("a rule's mail to the team", () => {
  it("goes to the active members of the ticket's group, else to its assignee", async () => {
    const { org, agent } = await orgWithRules("pro", []);
    const [ana, bo, gone] = await Promise.all(
      ["ana", "bo", "gone"].map((n) =>
        createUser(org.id, "agent", { email: `${n}-${randomUUID().slice(0, 6)}@team.test` }),
      ),
    );
    await db.user.update({ where: { id: gone!.id }, data: { isActive: false } });
    const billing = await db.group.create({
      data: {
        organizationId: org.id,
        name: "Billing",
        nameKey: "billing",
        members: { create: [{ userId: ana!.id }, { userId: bo!.id }, { userId: gone!.id }] },
      },
    });
    await addRules(org.id, [
      {
        name: "Refunds to Billing",
        conditions: { all: [subjectHas("refund")] },
        actions: [
          { type: "set_group", value: billing.id },
          { type: "email_group", value: "A refund on #{{ticket.number}}" },
        ],
      },
      {
        name: "Tell the assignee",
        conditions: { all: [subjectHas("assigned")] },
        actions: [{ type: "email_group", value: "Yours: #{{ticket.number}}" }],
      },
    ]);
    await clearJobs();
    const refund = await postTicket(agent, { subject: "refund" });
    const mine = await postTicket(agent, { subject: "assigned to Sam", assignedTo: agent.id });
    await drainJobs();
    const to = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
    for (const member of [ana!, bo!]) {
      expect(to(member.email)).toHaveLength(1);
      expect(to(member.email)[0]!.text).toContain(`A refund on #${refund.body.ticketNumber}`);
    }
    expect(to(gone!.email)).toHaveLength(0);
    const yours = to(agent.email).filter((m) => m.text.includes("Yours:"));
    expect(yours.map((m) => m.text)).toEqual([expect.stringContaining(`Yours: #${mine.body.ticketNumber}`)]);
    expect((await historyOf(refund.body.id as string)).slice(1)).toEqual([
      "Rule 'Refunds to Billing' set the group to Billing",
      "Rule 'Refunds to Billing' emailed the group",
    ]);
    expect((await historyOf(mine.body.id as string)).at(-1)).toBe("Rule 'Tell the assignee' emailed the assignee");
  });
});
