// The events beyond a new ticket, delivered to a real HTTP server this test starts and checked with
// a receiver written from the Standard Webhooks specification: `ticket.updated` once per whole
// change of a ticket, `ticket.assigned` when its assignee changes, `reply.created` for every
// message, `ticket.rating_received` when a customer rates; from every kind of writer (an agent,
// bulk, a macro, a rule, a time rule, a group's round robin, staff replies and notes, a customer on
// the portal and by mail, the rating link), each carrying the resource as the API returns it,
// nothing for a rolled-back change or an endpoint not subscribed, a ticket's events in order.
import { POST as createEndpoint } from "@/app/api/webhooks/route";
import { DELETE as removeGroup } from "@/app/api/groups/[id]/route";
import { POST as replyRoute } from "@/app/api/replies/route";
import { PUT as updateRoute } from "@/app/api/tickets/[id]/route";
import { PATCH as bulkRoute } from "@/app/api/tickets/bulk/route";
import { GET as apiList } from "@/app/api/v1/tickets/route";
import { GET as apiReplies } from "@/app/api/v1/tickets/[id]/replies/route";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { db as appDb } from "@/lib/server/db";
import { replyTokenSecret } from "@/lib/mail/thread/secret";
import { signReplyToken } from "@/lib/mail/thread/token";
import { sweepTimeRules } from "@/lib/services/automations/time-rules";
import { rateTicket } from "@/lib/services/satisfaction/ratings";
import { WEBHOOK_JOB } from "@/lib/services/webhooks/enqueue";
import { standardWebhookValid } from "../../support/standard-webhooks";
import { startWebhookReceiver } from "../../support/webhook-receiver";
import { apiTokenOf } from "../helpers/api-token";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { startReceiver, useFixedDns } from "../helpers/inbound";
import { clearJobs, drainJobs, queuedJobs, skipBackoff } from "../helpers/jobs";
import { portalAuth } from "../helpers/portal-auth";
import { makeRequest, params, readJson } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";
import { postTicket } from "../helpers/ticket-list";

type User = { id: string; sessionVersion: number };
type Event = { type: string; timestamp: string; data: Record<string, unknown> & { id: string } };

const secrets = new Map<string, string>();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let base: string;

/** What the receiving end got, in order, each request's signature checked against its endpoint's secret. */
const received = () =>
  receiver.received.map(({ path, headers, body }) => ({
    path,
    event: JSON.parse(body) as Event,
    valid: standardWebhookValid(secrets.get(path) ?? "", headers, body),
  }));

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let mailIn: Awaited<ReturnType<typeof startReceiver>>;
let org: { id: string; slug: string };
let agent: Awaited<ReturnType<typeof createUser>>;
let agent2: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await resetDatabase();
  useFixedDns();
  smtp = await startSmtp();
  mailIn = await startReceiver();
  receiver = await startWebhookReceiver();
  base = receiver.base;
});
afterAll(async () => {
  await receiver.close();
  await mailIn.close();
  await smtp.stop();
});
beforeEach(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
  receiver.clear();
  await clearJobs();
  org = await createOrg("enterprise");
  admin = await createUser(org.id, "org_admin", { fullName: "Alex Admin" });
  agent = await createUser(org.id, "agent", { fullName: "Sam Agent" });
  agent2 = await createUser(org.id, "agent", { fullName: "Kim Second" });
});
afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
});

let pathNo = 0;
/** An endpoint of the organisation for these events, through the admins' route; its path on the receiver. */
async function subscribe(events: string[]) {
  const path = `/hook-${++pathNo}`;
  const res = await readJson(
    await createEndpoint(
      makeRequest("/api/webhooks", {
        method: "POST",
        body: { url: `${base}${path}`, events },
        headers: { cookie: await sessionCookie(admin) },
      }),
      params(),
    ),
  );
  expect(res.status).toBe(201);
  secrets.set(path, res.body.secret as string);
  return path;
}

/**
 * Runs the queue until no delivery is left: a run sends at most one event of a ticket (the ticket's
 * queue is held until the run ends), so a ticket with several events takes as many runs. A delivery
 * that failed once (held back behind an earlier one of its ticket, or not answered in time on a
 * busy machine) is retried at once rather than after its backoff, as the queue would later; what
 * is still undelivered at the end is named with its error.
 */
async function deliverAll() {
  for (let run = 0; run < 20; run++) {
    await drainJobs();
    await skipBackoff();
    const due = (await queuedJobs(WEBHOOK_JOB)).filter((job) => job.attempts < job.max_attempts);
    if (due.length === 0) break;
  }
  const undelivered = await db.webhookDelivery.findMany({
    where: { status: { not: "succeeded" } },
    select: { type: true, status: true, attempts: true, error: true },
  });
  expect(undelivered).toEqual([]);
  expect(await queuedJobs(WEBHOOK_JOB)).toEqual([]);
  expect(received().every((r) => r.valid)).toBe(true);
}

/** The events an endpoint received, in order: [type, the ticket's or reply's id]. */
const typesAt = (path: string) =>
  received()
    .filter((r) => r.path === path)
    .map((r) => r.event.type);
const eventsAt = (path: string, type: string) =>
  received()
    .filter((r) => r.path === path && r.event.type === type)
    .map((r) => r.event.data);

async function newTicket(body: Record<string, unknown> = {}) {
  const res = await postTicket(agent, { subject: "Printer jammed", customerEmail: "jo@shop.test", ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; ticketNumber: number };
}

async function update(user: User, id: string, body: object) {
  const res = await updateRoute(
    makeRequest(`/api/tickets/${id}`, { method: "PUT", body, headers: { cookie: await sessionCookie(user) } }),
    params({ id }),
  );
  expect(res.status).toBe(200);
}

async function reply(user: User, body: object) {
  const res = await readJson(
    await replyRoute(
      makeRequest("/api/replies", { method: "POST", body, headers: { cookie: await sessionCookie(user) } }),
      params(),
    ),
  );
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

/** The ticket as `GET /api/v1/tickets` lists it now. */
async function listed(id: string) {
  const { headers } = await apiTokenOf(org.id, ["tickets:read"]);
  const res = await readJson(await apiList(makeRequest("/api/v1/tickets?limit=100", { headers }), params()));
  expect(res.status).toBe(200);
  return (res.body.data as { id: string }[]).find((t) => t.id === id);
}

/** The ticket's conversation as `GET /api/v1/tickets/{id}/replies` lists it now. */
async function conversation(id: string) {
  const { headers } = await apiTokenOf(org.id, ["tickets:read"]);
  const res = await readJson(
    await apiReplies(makeRequest(`/api/v1/tickets/${id}/replies`, { headers }), params({ id })),
  );
  expect(res.status).toBe(200);
  return res.body.data as { id: string }[];
}

describe("ticket.updated and ticket.assigned", () => {
  it("an agent's change: one ticket.updated carrying the ticket as GET /api/v1/tickets lists it; no ticket.assigned", async () => {
    const ticket = await newTicket();
    const hook = await subscribe(["ticket.updated", "ticket.assigned"]);
    await update(agent, ticket.id, { priority: "high", status: "in_progress" });
    await deliverAll();
    expect(typesAt(hook)).toEqual(["ticket.updated"]);
    const [data] = eventsAt(hook, "ticket.updated");
    expect(data).toMatchObject({ id: ticket.id, priority: "high", status: "in_progress" });
    expect(data).toEqual(await listed(ticket.id));
  });

  it("an agent assigning and then unassigning: ticket.assigned each time, naming the assignee or none", async () => {
    const ticket = await newTicket();
    const hook = await subscribe(["ticket.assigned"]);
    await update(agent, ticket.id, { assignedTo: agent2.id });
    await update(agent, ticket.id, { priority: "low" });
    await update(agent, ticket.id, { assignedTo: null });
    await deliverAll();
    expect(eventsAt(hook, "ticket.assigned").map((t) => [t.assignedTo, t.assigneeName])).toEqual([
      [agent2.id, "Kim Second"],
      [null, null],
    ]);
    expect(typesAt(hook)).toEqual(["ticket.assigned", "ticket.assigned"]);
  });

  it("a bulk change: each ticket's ticket.updated (its new tags too) and ticket.assigned", async () => {
    const [a, b] = [await newTicket(), await newTicket()];
    const hook = await subscribe(["ticket.updated", "ticket.assigned"]);
    const res = await bulkRoute(
      makeRequest("/api/tickets/bulk", {
        method: "PATCH",
        body: { ids: [a.id, b.id], assignedTo: agent2.id, addTags: ["vip"] },
        headers: { cookie: await sessionCookie(agent) },
      }),
      params(),
    );
    expect(res.status).toBe(200);
    await deliverAll();
    const updated = eventsAt(hook, "ticket.updated");
    expect(updated.map((t) => [t.id, t.tags, t.assignedTo])).toEqual([
      [a.id, ["vip"], agent2.id],
      [b.id, ["vip"], agent2.id],
    ]);
    expect(eventsAt(hook, "ticket.assigned").map((t) => t.id)).toEqual([a.id, b.id]);
    expect(updated[1]).toEqual(await listed(b.id));
  });

  it("a macro applied with a reply: the reply, then one ticket.updated and ticket.assigned for what the macro changed", async () => {
    const ticket = await newTicket();
    const macro = await db.macro.create({
      data: {
        organizationId: org.id,
        name: "Escalate",
        nameKey: "escalate",
        body: "Escalating",
        priority: "urgent",
        assigneeId: agent2.id,
        tags: ["escalated"],
      },
    });
    const hook = await subscribe(["ticket.updated", "ticket.assigned", "reply.created"]);
    await reply(agent, { ticketId: ticket.id, content: "Passing this on", type: "public", macroId: macro.id });
    await deliverAll();
    expect(typesAt(hook)).toEqual(["reply.created", "ticket.updated", "ticket.assigned"]);
    expect(eventsAt(hook, "ticket.updated")[0]).toMatchObject({
      priority: "urgent",
      assignedTo: agent2.id,
      tags: ["escalated"],
    });
  });

  it("a rule for updated tickets: its change is part of the agent's, one ticket.updated as the rule left it", async () => {
    await db.automation.create({
      data: {
        organizationId: org.id,
        name: "Urgent to Kim",
        when: "ticket_updated",
        conditions: { all: [{ field: "priority", operator: "is", value: "urgent" }], any: [] },
        actions: [{ type: "assign", value: agent2.id }],
        position: 0,
      },
    });
    const ticket = await newTicket();
    const hook = await subscribe(["ticket.updated", "ticket.assigned"]);
    await update(agent, ticket.id, { priority: "urgent" });
    await deliverAll();
    expect(typesAt(hook)).toEqual(["ticket.updated", "ticket.assigned"]);
    expect(eventsAt(hook, "ticket.assigned")[0]).toMatchObject({ priority: "urgent", assignedTo: agent2.id });
  });

  it("a group's round robin: an unassigned ticket moved into the group is given to a member, and told so", async () => {
    const group = await db.group.create({
      data: { organizationId: org.id, name: "Billing", nameKey: "billing", assignment: "round_robin" },
    });
    await db.groupMember.create({ data: { groupId: group.id, userId: agent2.id } });
    const ticket = await newTicket();
    const hook = await subscribe(["ticket.assigned"]);
    await update(agent, ticket.id, { groupId: group.id });
    await deliverAll();
    expect(eventsAt(hook, "ticket.assigned")).toMatchObject([
      { id: ticket.id, assignedTo: agent2.id, groupId: group.id, group: { id: group.id, name: "Billing" } },
    ]);
  });

  it("a group deleted: each of its tickets, left without a group, is a ticket.updated", async () => {
    const group = await db.group.create({ data: { organizationId: org.id, name: "Retired", nameKey: "retired" } });
    const [a, b] = [await newTicket(), await newTicket()];
    await update(agent, a.id, { groupId: group.id });
    await update(agent, b.id, { groupId: group.id });
    const hook = await subscribe(["ticket.updated"]);
    const res = await removeGroup(
      makeRequest(`/api/groups/${group.id}`, { method: "DELETE", headers: { cookie: await sessionCookie(admin) } }),
      params({ id: group.id }),
    );
    expect(res.status).toBe(200);
    await deliverAll();
    // One event per ticket; two tickets' deliveries keep no order between them (only one ticket's do).
    const events = eventsAt(hook, "ticket.updated").map((t) => [t.id, t.groupId, t.group]);
    expect(events.sort()).toEqual(
      [
        [a.id, null, null],
        [b.id, null, null],
      ].sort(),
    );
  });

  it("a time rule: the sweep's change is a ticket.updated", async () => {
    await db.automation.create({
      data: {
        organizationId: org.id,
        name: "Close stale pending",
        when: "time",
        conditions: {
          all: [
            { field: "status", operator: "is", value: "pending" },
            { field: "status_changed_at", operator: "hours_since_greater_than", value: 24 },
          ],
          any: [],
        },
        actions: [{ type: "set_status", value: "closed" }],
        position: 0,
      },
    });
    const ticket = await newTicket({ status: "pending" });
    const hook = await subscribe(["ticket.updated"]);
    expect(await sweepTimeRules(new Date(Date.now() + 25 * 3_600_000))).toBe(1);
    await deliverAll();
    expect(eventsAt(hook, "ticket.updated")).toMatchObject([{ id: ticket.id, status: "closed" }]);
  });
});

describe("reply.created", () => {
  it("a staff reply and a note marked internal, each as GET /api/v1/tickets/{id}/replies lists it", async () => {
    const ticket = await newTicket();
    const hook = await subscribe(["reply.created", "ticket.updated"]);
    const publicReply = await reply(agent, { ticketId: ticket.id, content: "We are **on it**", type: "public" });
    const note = await reply(agent, { ticketId: ticket.id, content: "Checked the logs", type: "internal" });
    await deliverAll();
    // Neither changed the ticket's fields: no ticket.updated.
    expect(typesAt(hook)).toEqual(["reply.created", "reply.created"]);
    const [sent, noted] = eventsAt(hook, "reply.created");
    expect(sent).toMatchObject({ id: publicReply.id, ticketId: ticket.id, type: "public", authorName: "Sam Agent" });
    expect(noted).toMatchObject({ id: note.id, ticketId: ticket.id, type: "internal" });
    expect([sent, noted]).toEqual(await conversation(ticket.id));
  });

  it("a reply that sets the status: the reply, then the ticket.updated it made, in one transaction", async () => {
    const ticket = await newTicket();
    const hook = await subscribe(["reply.created", "ticket.updated"]);
    await reply(agent, { ticketId: ticket.id, content: "Waiting on you", type: "public", status: "pending" });
    await deliverAll();
    expect(typesAt(hook)).toEqual(["reply.created", "ticket.updated"]);
    expect(eventsAt(hook, "ticket.updated")[0]).toMatchObject({ status: "pending" });
  });

  it("a customer's reply on the portal: the reply as the API shows it, and the reopening as ticket.updated", async () => {
    const ticket = await newTicket({ status: "pending" });
    const hook = await subscribe(["reply.created", "ticket.updated"]);
    const token = newToken();
    await db.portalSession.create({
      data: {
        organizationId: org.id,
        email: "jo@shop.test",
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const res = await replyRoute(
      makeRequest("/api/replies", {
        method: "POST",
        body: { ticketId: ticket.id, content: "Still broken" },
        headers: { ...portalAuth(org.slug, token), "x-forwarded-for": "10.78.0.1" },
      }),
      params(),
    );
    expect(res.status).toBe(201);
    await deliverAll();
    expect(typesAt(hook)).toEqual(["reply.created", "ticket.updated"]);
    const [customerReply] = eventsAt(hook, "reply.created");
    expect(customerReply).toMatchObject({ type: "public", authorType: "customer", content: "Still broken" });
    expect([customerReply]).toEqual(await conversation(ticket.id));
    expect(eventsAt(hook, "ticket.updated")[0]).toMatchObject({ status: "open", customerReplied: true });
  });

  it("a customer's reply by mail, with its file: reply.created after the reopening it caused", async () => {
    await db.supportEmail.create({
      data: { organizationId: org.id, email: `help@${org.slug}.test`, displayName: "Help", verifiedAt: new Date() },
    });
    const ticket = await newTicket({ status: "resolved", customerEmail: "jane@customer.test" });
    const hook = await subscribe(["reply.created", "ticket.updated"]);
    const to = `help+${signReplyToken(replyTokenSecret(), org.id, ticket.id)}@${org.slug}.test`;
    const raw = [
      "From: Jane Doe <jane@customer.test>",
      `To: ${to}`,
      `Subject: Re: [#${ticket.ticketNumber}] Printer jammed`,
      "Message-ID: <mail-reply-1@customer.test>",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain; charset=UTF-8",
      "",
      "It jammed again, log attached.",
      "--b",
      'Content-Type: text/plain; name="printer.log"',
      'Content-Disposition: attachment; filename="printer.log"',
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("E42 paper jam in tray 2").toString("base64"),
      "--b--",
      "",
    ].join("\r\n");
    await mailIn.send(Buffer.from(raw), { from: "jane@customer.test", to: [to] });
    await deliverAll();
    expect(typesAt(hook)).toEqual(["ticket.updated", "reply.created"]);
    const [mailed] = eventsAt(hook, "reply.created");
    expect(mailed).toMatchObject({
      ticketId: ticket.id,
      type: "public",
      authorType: "customer",
      authorEmail: "jane@customer.test",
      content: "It jammed again, log attached.",
      attachments: [{ filename: "printer.log", contentType: "text/plain" }],
    });
    expect([mailed]).toEqual(await conversation(ticket.id));
    expect(eventsAt(hook, "ticket.updated")[0]).toMatchObject({ status: "open" });
  });

  it("a rule's note on a new ticket: told after the ticket's ticket.created, which carries the ticket as the rules left it", async () => {
    await db.automation.create({
      data: {
        organizationId: org.id,
        name: "Note refunds",
        when: "ticket_created",
        conditions: { all: [{ field: "subject", operator: "contains", value: "refund" }], any: [] },
        actions: [
          { type: "set_priority", value: "high" },
          { type: "add_note", value: "Refund: check the order first" },
        ],
        position: 0,
      },
    });
    const hook = await subscribe(["ticket.created", "reply.created"]);
    const ticket = await newTicket({ subject: "A refund please" });
    await deliverAll();
    expect(
      received()
        .filter((r) => r.path === hook)
        .map((r) => [r.event.type, r.event.data.type ?? r.event.data.priority]),
    ).toEqual([
      ["ticket.created", "high"],
      ["reply.created", "internal"],
    ]);
    expect(eventsAt(hook, "reply.created")[0]).toMatchObject({ ticketId: ticket.id });
  });

  it("a rule's note: an internal reply.created", async () => {
    await db.automation.create({
      data: {
        organizationId: org.id,
        name: "Note high priority",
        when: "ticket_updated",
        conditions: { all: [{ field: "priority", operator: "is", value: "high" }], any: [] },
        actions: [{ type: "add_note", value: "High priority: check the contract" }],
        position: 0,
      },
    });
    const ticket = await newTicket();
    const hook = await subscribe(["reply.created"]);
    await update(agent, ticket.id, { priority: "high" });
    await deliverAll();
    expect(eventsAt(hook, "reply.created")).toMatchObject([
      { ticketId: ticket.id, type: "internal", content: "High priority: check the contract", authorName: "Support" },
    ]);
  });
});

describe("ticket.rating_received", () => {
  it("a customer's rating, and a change of it, as the API lists ratings", async () => {
    const ticket = await newTicket({ assignedTo: agent.id });
    await update(agent, ticket.id, { status: "resolved" });
    const link = await db.satisfactionLink.findFirstOrThrow({ where: { ticketId: ticket.id } });
    const hook = await subscribe(["ticket.rating_received"]);
    const caller = {
      linkId: link.id,
      organizationId: org.id,
      ticketId: ticket.id,
      agentId: link.agentId,
      expiresAt: link.expiresAt,
    };
    await rateTicket(caller, { score: "good", comment: "Quick and kind" });
    await rateTicket(caller, { score: "bad" });
    await deliverAll();
    const rating = await db.satisfactionRating.findUniqueOrThrow({ where: { ticketId: ticket.id } });
    expect(eventsAt(hook, "ticket.rating_received")).toEqual([
      {
        id: rating.id,
        ticketId: ticket.id,
        ticketNumber: ticket.ticketNumber,
        score: "good",
        comment: "Quick and kind",
        agentId: agent.id,
        ratedAt: rating.ratedAt.toISOString(),
        updatedAt: rating.ratedAt.toISOString(),
      },
      {
        id: rating.id,
        ticketId: ticket.id,
        ticketNumber: ticket.ticketNumber,
        score: "bad",
        comment: "Quick and kind",
        agentId: agent.id,
        ratedAt: rating.ratedAt.toISOString(),
        updatedAt: rating.updatedAt.toISOString(),
      },
    ]);
  });
});

describe("what is not sent", () => {
  it("nothing for a change rolled back after its events were queued", async () => {
    const [a, b] = [await newTicket(), await newTicket({ subject: "History refused here" })];
    const hook = await subscribe(["ticket.updated", "ticket.assigned"]);
    // The second ticket's history refuses to be written: the bulk change fails after the first ticket's
    // events. Fixed SQL (DDL takes no parameters): the ticket is known by its subject.
    await db.$executeRaw`CREATE FUNCTION refuse_history() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT "subject" FROM "Ticket" WHERE "id" = NEW."ticketId") = 'History refused here' THEN
          RAISE EXCEPTION 'history refused';
        END IF;
        RETURN NEW;
      END $$`;
    await db.$executeRaw`CREATE TRIGGER refuse_history BEFORE INSERT ON "AuditEvent" FOR EACH ROW EXECUTE FUNCTION refuse_history()`;
    try {
      const res = await bulkRoute(
        makeRequest("/api/tickets/bulk", {
          method: "PATCH",
          body: { ids: [a.id, b.id], assignedTo: agent2.id },
          headers: { cookie: await sessionCookie(agent) },
        }),
        params(),
      );
      expect(res.status).toBe(500);
    } finally {
      await db.$executeRaw`DROP TRIGGER refuse_history ON "AuditEvent"`;
      await db.$executeRaw`DROP FUNCTION refuse_history()`;
    }
    expect(await db.webhookDelivery.count({ where: { ticketId: { in: [a.id, b.id] } } })).toBe(0);
    await deliverAll();
    expect(typesAt(hook)).toEqual([]);
    // The same change once it commits is sent.
    await update(agent, a.id, { assignedTo: agent2.id });
    await deliverAll();
    expect(typesAt(hook)).toEqual(["ticket.updated", "ticket.assigned"]);
  });

  it("nothing to an endpoint not subscribed to the event", async () => {
    const createdOnly = await subscribe(["ticket.created"]);
    const repliesOnly = await subscribe(["reply.created"]);
    const ticket = await newTicket();
    await update(agent, ticket.id, { assignedTo: agent2.id, status: "resolved" });
    await reply(agent, { ticketId: ticket.id, content: "Done", type: "public" });
    const link = await db.satisfactionLink.findFirstOrThrow({ where: { ticketId: ticket.id } });
    await rateTicket(
      {
        linkId: link.id,
        organizationId: org.id,
        ticketId: ticket.id,
        agentId: link.agentId,
        expiresAt: link.expiresAt,
      },
      { score: "good" },
    );
    await deliverAll();
    expect(typesAt(createdOnly)).toEqual(["ticket.created"]);
    expect(typesAt(repliesOnly)).toEqual(["reply.created"]);
  });
});

describe("what an organisation pays when no endpoint hears the event", () => {
  it("a new ticket and a note keep their paths without a transaction; heard, the note goes through one", async () => {
    await subscribe(["ticket.rating_received"]);
    const transactions = jest.spyOn(appDb, "$transaction");
    try {
      const ticket = await newTicket();
      await reply(agent, { ticketId: ticket.id, content: "Nobody listens", type: "internal" });
      expect(transactions).not.toHaveBeenCalled();
      const hook = await subscribe(["reply.created"]);
      transactions.mockClear();
      const heard = await reply(agent, { ticketId: ticket.id, content: "Now someone does", type: "internal" });
      expect(transactions).toHaveBeenCalledTimes(1);
      await deliverAll();
      expect(eventsAt(hook, "reply.created").map((r) => r.id)).toEqual([heard.id]);
    } finally {
      transactions.mockRestore();
    }
  });
});

describe("order per ticket", () => {
  it("a ticket's created, updated, assigned and reply events reach the receiver in the order they happened", async () => {
    const hook = await subscribe(["ticket.created", "ticket.updated", "ticket.assigned", "reply.created"]);
    const ticket = await newTicket({ assignedTo: agent.id });
    await update(agent, ticket.id, { priority: "high" });
    const first = await reply(agent, { ticketId: ticket.id, content: "First answer", type: "public" });
    await update(agent, ticket.id, { assignedTo: agent2.id });
    const second = await reply(agent, {
      ticketId: ticket.id,
      content: "Second answer",
      type: "public",
      status: "pending",
    });
    await deliverAll();
    expect(
      received()
        .filter((r) => r.path === hook)
        .map((r) => [r.event.type, r.event.data.id]),
    ).toEqual([
      ["ticket.created", ticket.id],
      ["ticket.assigned", ticket.id],
      ["ticket.updated", ticket.id],
      ["reply.created", first.id],
      ["ticket.updated", ticket.id],
      ["ticket.assigned", ticket.id],
      ["reply.created", second.id],
      ["ticket.updated", ticket.id],
    ]);
  });
});
