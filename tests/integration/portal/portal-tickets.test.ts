import { GET as detail } from "@/app/api/portal/tickets/[id]/route";
import { GET as listTickets, POST as createTicket } from "@/app/api/portal/tickets/route";
import { GET as readReplies } from "@/app/api/replies/[ticketId]/route";
import { POST as postReply } from "@/app/api/replies/route";
import { POST as staffCreate, GET as staffList } from "@/app/api/tickets/route";
import { PUT as staffUpdate } from "@/app/api/tickets/[id]/route";
import { createOrg, createTickets, createUser, sessionCookie, twoTenants } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";
import { mailsTo, portalAuth, signIn } from "./portal-helpers";
import { SLA_TARGETS } from "@/lib/tickets/sla";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let world: Awaited<ReturnType<typeof twoTenants>>;
const CUSTOMER = "pat.customer@shop.test";
const NEIGHBOUR = "sam.neighbour@shop.test";
type Auth = Record<string, string>;
let token: Auth; // CUSTOMER in world.org's portal
let neighbour: Auth; // NEIGHBOUR in world.org's portal
let elsewhere: Auth; // CUSTOMER in world.other's portal

type Json = Record<string, unknown>;
type User = { id: string; sessionVersion: number };
const cookie = async (user: User) => ({ cookie: await sessionCookie(user) });

const list = async (t: Auth, query = "") => {
  const res = await listTickets(makeRequest(`/api/portal/tickets${query}`, { headers: t }), params());
  return { status: res.status, body: (await res.json()) as Json[] & { error?: string } };
};
const create = async (t: Auth, body: unknown) =>
  readJson(await createTicket(makeRequest("/api/portal/tickets", { method: "POST", body, headers: t }), params()));
const show = async (t: Auth, id: string) =>
  readJson(await detail(makeRequest(`/api/portal/tickets/${id}`, { headers: t }), params({ id })));
const conversation = async (headers: Record<string, string>, ticketId: string) => {
  const res = await readReplies(makeRequest(`/api/replies/${ticketId}`, { headers }), params({ ticketId }));
  return { status: res.status, body: (await res.json()) as Json[] & { error?: string } };
};
const reply = async (headers: Record<string, string>, body: unknown) =>
  readJson(await postReply(makeRequest("/api/replies", { method: "POST", body, headers }), params()));
const staffTicket = async (user: User, customerEmail: string, subject = "Staff ticket") =>
  (
    await readJson(
      await staffCreate(
        makeRequest("/api/tickets", {
          method: "POST",
          body: { subject, description: "From the phone", customerEmail },
          headers: await cookie(user),
        }),
        params(),
      ),
    )
  ).body as { id: string; ticketNumber: number; customerName: string };

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  process.env.APP_URL = "https://help.ticketry.test";
  process.env.TRUST_PROXY_HOPS = "1"; // X-Forwarded-For names the client, so each test can be its own address
  world = await twoTenants();
  token = portalAuth(world.org.slug, await signIn(smtp, world.org, CUSTOMER));
  neighbour = portalAuth(world.org.slug, await signIn(smtp, world.org, NEIGHBOUR));
  elsewhere = portalAuth(world.other.slug, await signIn(smtp, world.other, CUSTOMER));
});
afterAll(async () => {
  await mailsTo(smtp, CUSTOMER);
  await smtp.stop();
});

describe("POST /api/portal/tickets", () => {
  it("opens a ticket for the token's email with the name before the at-sign, the organisation's next number and SLA", async () => {
    const before = await staffTicket(world.users.agent, "someone@x.test");
    const res = await create(token, {
      subject: "  Order missing ",
      description: " It never arrived ",
      customerEmail: "victim@x.test",
      customerName: "Mallory",
      priority: "urgent",
    });
    expect(res).toMatchObject({
      status: 201,
      body: {
        subject: "Order missing",
        description: "It never arrived",
        customerEmail: CUSTOMER,
        customerName: "pat.customer",
        status: "open",
        priority: "medium",
        organizationId: world.org.id,
        ticketNumber: before.ticketNumber + 1,
      },
    });
    expect(res.body).not.toHaveProperty("assignedTo");
    const stored = await db.ticket.findUniqueOrThrow({ where: { id: res.body.id as string } });
    expect(stored.createdById).toBeNull();
    expect(stored.firstResponseDueAt!.getTime() - stored.createdAt.getTime()).toBe(SLA_TARGETS.medium.firstResponseMs);
    expect(await db.auditEvent.findFirst({ where: { ticketId: stored.id, action: "ticket.created" } })).toMatchObject({
      actorType: "customer",
      actorLabel: CUSTOMER,
    });
  });

  it("emails the customer that the ticket was received, with a link to the organisation's portal", async () => {
    await notificationsFlushed();
    smtp.clear();
    const res = await create(token, { subject: "Refund please", description: "Item broken" });
    const mails = await mailsTo(smtp, CUSTOMER);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`#${res.body.ticketNumber as number}`);
    expect(mails[0]!.text).toContain(`https://help.ticketry.test/portal?org=${world.org.slug}`);
  });

  it.each([
    [{ description: "x" }, "Please fill in both subject and description"],
    [{ subject: "   ", description: "x" }, "Please fill in both subject and description"],
    [{ subject: "x", description: " \n " }, "Please fill in both subject and description"],
    [{ subject: "x".repeat(201), description: "x" }, "Subject must be at most 200 characters"],
    [{ subject: "x", description: "x".repeat(20_001) }, "Description is too long"],
  ])("validates %j", async (body, message) => {
    expect(await create(token, body)).toMatchObject({ status: 400, body: { error: message } });
  });

  it("is accepted past the plan's ticket limit and leaves the team's allowance alone", async () => {
    const org = await createOrg("free");
    await createTickets(org.id, 150);
    const t = portalAuth(org.slug, await signIn(smtp, org, CUSTOMER));
    const created = await create(t, { subject: "s", description: "d" });
    expect(created.status).toBe(201);
    expect(await db.ticket.findUniqueOrThrow({ where: { id: created.body.id as string } })).toMatchObject({
      raisedByCustomer: true,
    });
    const agent = await createUser(org.id, "agent");
    const staff = await staffCreate(
      makeRequest("/api/tickets", {
        method: "POST",
        body: { subject: "s", description: "d" },
        headers: await cookie(agent),
      }),
      params(),
    );
    expect(staff.status).toBe(403);
  });

  it("needs a live portal token (a staff session is not one)", async () => {
    const res = await createTicket(
      makeRequest("/api/portal/tickets", {
        method: "POST",
        body: { subject: "s", description: "d" },
        headers: await cookie(world.users.agent),
      }),
      params(),
    );
    expect(res.status).toBe(401);
  });
});

describe("GET /api/portal/tickets", () => {
  it("lists only the token's own tickets in its organisation, newest first", async () => {
    const theirs = await staffTicket(world.users.agent, NEIGHBOUR);
    const otherOrg = await staffTicket(world.users.otherAdmin, CUSTOMER);
    const mine = await staffTicket(world.users.agent, CUSTOMER, "Newest");
    const res = await list(token);
    expect(res.status).toBe(200);
    const ids = res.body.map((t) => t.id);
    expect(ids[0]).toBe(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(otherOrg.id);
    expect(res.body.every((t) => t.customerEmail === CUSTOMER && t.organizationId === world.org.id)).toBe(true);
    const created = res.body.map((t) => new Date(t.createdAt as string).getTime());
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect((await list(elsewhere)).body.map((t) => t.id)).toEqual([otherOrg.id]);
  });

  it("accepts the spec's ?email= only for the token's own email", async () => {
    expect((await list(token, `?email=${encodeURIComponent(CUSTOMER.toUpperCase())}`)).status).toBe(200);
    expect(await list(token, `?email=${encodeURIComponent(NEIGHBOUR)}`)).toMatchObject({
      status: 403,
      body: { error: "This access token belongs to another email address" },
    });
  });

  it("gives a portal token nothing on the staff endpoints", async () => {
    const res = await staffList(makeRequest("/api/tickets", { headers: token }), params());
    expect(res.status).toBe(401);
  });
});

describe("GET /api/portal/tickets/{id}", () => {
  it("shows an own ticket and 404s for another email's or another organisation's", async () => {
    const mine = await staffTicket(world.users.agent, CUSTOMER);
    const theirs = await staffTicket(world.users.agent, NEIGHBOUR);
    const otherOrg = await staffTicket(world.users.otherAdmin, CUSTOMER);
    expect(await show(token, mine.id)).toMatchObject({ status: 200, body: { id: mine.id, customerEmail: CUSTOMER } });
    expect(await show(token, theirs.id)).toEqual({
      status: 404,
      body: { error: "Ticket not found", code: "not_found" },
    });
    expect(await show(token, otherOrg.id)).toEqual({
      status: 404,
      body: { error: "Ticket not found", code: "not_found" },
    });
    expect((await show(elsewhere, mine.id)).status).toBe(404);
    expect((await show(token, "no-such-id")).status).toBe(404);
  });
});

describe("replies with a portal token", () => {
  it("returns public replies only: internal notes never reach the portal", async () => {
    const t = await staffTicket(world.users.agent, CUSTOMER);
    await reply(await cookie(world.users.agent), {
      ticketId: t.id,
      content: "secret: customer is difficult",
      type: "internal",
    });
    await reply(await cookie(world.users.agent), { ticketId: t.id, content: "We are on it", type: "public" });
    const res = await conversation(token, t.id);
    expect(res.status).toBe(200);
    expect(res.body.map((r) => [r.content, r.type, r.authorType])).toEqual([["We are on it", "public", "agent"]]);
    expect(JSON.stringify(res.body)).not.toContain("secret");
    expect((await conversation(await cookie(world.users.agent), t.id)).body).toHaveLength(2);
  });

  it("posts a public customer reply as the token's email whatever the body claims", async () => {
    const t = await staffTicket(world.users.agent, CUSTOMER);
    const res = await reply(token, {
      ticketId: t.id,
      content: "  Thanks!  ",
      type: "internal",
      authorType: "agent",
      authorEmail: "boss@x.test",
    });
    expect(res).toMatchObject({
      status: 201,
      body: { ticketId: t.id, content: "Thanks!", type: "public", authorType: "customer", authorName: t.customerName },
    });
    expect(res.body).not.toHaveProperty("authorEmail");
    expect(await db.auditEvent.findFirst({ where: { ticketId: t.id, action: "ticket.replied" } })).toMatchObject({
      actorType: "customer",
      actorLabel: CUSTOMER,
      actorId: null,
    });
  });

  it("moves a pending ticket back to open and records it", async () => {
    const t = await staffTicket(world.users.agent, CUSTOMER);
    await staffUpdate(
      makeRequest(`/api/tickets/${t.id}`, {
        method: "PUT",
        body: { status: "pending" },
        headers: await cookie(world.users.agent),
      }),
      params({ id: t.id }),
    );
    expect((await reply(token, { ticketId: t.id, content: "Here is the info" })).status).toBe(201);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("open");
    expect(
      await db.auditEvent.findFirst({
        where: { ticketId: t.id, action: "ticket.status_changed", actorType: "customer" },
      }),
    ).toMatchObject({ actorLabel: CUSTOMER, metadata: { field: "status", from: "pending", to: "open" } });
  });

  it.each(["resolved", "closed"] as const)("refuses a reply once the ticket is %s", async (status) => {
    const t = await staffTicket(world.users.agent, CUSTOMER);
    await db.ticket.update({ where: { id: t.id }, data: { status } });
    expect(await reply(token, { ticketId: t.id, content: "reopen?" })).toEqual({
      status: 409,
      body: { error: `This ticket has been ${status}. Please create a new ticket.`, code: "ticket_closed" },
    });
    expect(await db.reply.count({ where: { ticketId: t.id } })).toBe(0);
  });

  it.each([
    [{ content: "hi" }, "ticketId is required"],
    [{ ticketId: "x", content: "   " }, "Please enter a reply message"],
    [{ ticketId: "x" }, "Please enter a reply message"],
    [{ ticketId: "x", content: "x".repeat(20_001) }, "Reply is too long"],
  ])("validates %j", async (body, message) => {
    expect(await reply(token, body)).toMatchObject({ status: 400, body: { error: message } });
  });

  it("404s another email's and another organisation's ticket, for reading and replying", async () => {
    const theirs = await staffTicket(world.users.agent, NEIGHBOUR);
    const otherOrg = await staffTicket(world.users.otherAdmin, CUSTOMER);
    for (const id of [theirs.id, otherOrg.id]) {
      expect(await conversation(token, id)).toEqual({
        status: 404,
        body: { error: "Ticket not found", code: "not_found" },
      });
      expect(await reply(token, { ticketId: id, content: "let me in" })).toEqual({
        status: 404,
        body: { error: "Ticket not found", code: "not_found" },
      });
    }
    expect((await conversation(neighbour, theirs.id)).status).toBe(200);
    expect(await db.reply.count({ where: { ticketId: { in: [theirs.id, otherOrg.id] } } })).toBe(0);
  });

  it("leaves staff sessions alone when another Authorization scheme is present (e.g. a proxy's Basic auth)", async () => {
    const t = await staffTicket(world.users.agent, CUSTOMER);
    const headers = { ...(await cookie(world.users.agent)), authorization: "Basic dXNlcjpwYXNz" };
    expect(await reply(headers, { ticketId: t.id, content: "Note", type: "internal" })).toMatchObject({
      status: 201,
      body: { type: "internal", authorType: "agent" },
    });
    expect((await conversation(headers, t.id)).body).toHaveLength(1);
  });

  it("refuses a revoked or made-up token with 401", async () => {
    const t = await staffTicket(world.users.agent, CUSTOMER);
    expect((await conversation(portalAuth(world.org.slug, "nope"), t.id)).status).toBe(401);
    expect((await reply(portalAuth(world.org.slug, "nope"), { ticketId: t.id, content: "hi" })).status).toBe(401);
  });
});

describe("notification emails", () => {
  it("mails the customer when an agent opens a ticket for them or replies publicly, never for a note", async () => {
    const customer = `mail-${Date.now()}@shop.test`;
    const t = await staffTicket(world.users.agent, customer, "Phone call");
    let mails = await mailsTo(smtp, customer);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Phone call");

    await reply(await cookie(world.users.agent), { ticketId: t.id, content: "internal only words", type: "internal" });
    expect(await mailsTo(smtp, customer)).toHaveLength(1);

    await reply(await cookie(world.users.agent), {
      ticketId: t.id,
      content: "Try turning it off and on",
      type: "public",
    });
    mails = await mailsTo(smtp, customer);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("Try turning it off and on");
    expect(mails[1]!.text).toContain(`/portal?org=${world.org.slug}`);
    expect(mails.some((m) => m.text.includes("internal only words"))).toBe(false);
  });

  it("sends nothing to the placeholder address of a ticket without a customer email", async () => {
    await notificationsFlushed();
    smtp.clear();
    await staffTicket(world.users.agent, "");
    await notificationsFlushed();
    expect(smtp.messages).toHaveLength(0);
  });

  it("mails the assignee when the customer replies, and nobody when the ticket is unassigned", async () => {
    const assignee = await createUser(world.org.id, "agent");
    const t = await staffTicket(world.users.agent, CUSTOMER);
    expect((await reply(token, { ticketId: t.id, content: "Unassigned so far" })).status).toBe(201);
    expect(await mailsTo(smtp, assignee.email)).toHaveLength(0);

    await staffUpdate(
      makeRequest(`/api/tickets/${t.id}`, {
        method: "PUT",
        body: { assignedTo: assignee.id },
        headers: await cookie(world.users.agent),
      }),
      params({ id: t.id }),
    );
    expect((await reply(token, { ticketId: t.id, content: "Still broken, please help" })).status).toBe(201);
    const mails = await mailsTo(smtp, assignee.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Still broken, please help");
    expect(mails[0]!.text).toContain(CUSTOMER);
  });

  it("never fails the request when the mail server is down", async () => {
    const working = process.env.SMTP_URL;
    process.env.SMTP_URL = "smtp://127.0.0.1:1/?ignoreTLS=true";
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await create(token, { subject: "Mail is down", description: "Still works" });
      expect(res.status).toBe(201);
      const t = res.body as { id: string };
      expect((await reply(await cookie(world.users.agent), { ticketId: t.id, content: "Public answer" })).status).toBe(
        201,
      );
      await notificationsFlushed();
      expect(errors).toHaveBeenCalledWith(expect.stringContaining("email delivery failed"));
    } finally {
      errors.mockRestore();
      process.env.SMTP_URL = working;
    }
  });
});

async function notificationsFlushed() {
  const { drainJobs } = await import("../helpers/jobs");
  await drainJobs();
}
