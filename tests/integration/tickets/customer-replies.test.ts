import { GET as listReplies } from "@/app/api/replies/[ticketId]/route";
import { POST as postReply } from "@/app/api/replies/route";
import { GET as history } from "@/app/api/tickets/[id]/history/route";
import { PUT as update } from "@/app/api/tickets/[id]/route";
import { POST as create } from "@/app/api/tickets/route";
import { createUser, sessionCookie, twoTenants } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";
import { mailsTo, portalAuth, signIn } from "../portal/portal-helpers";

// A customer replies the same way through both entrances of POST /api/replies: signed in with
// an end-user account (session cookie) or signed in to the portal (its session cookie).

type User = { id: string; sessionVersion: number; email: string; fullName: string };
type Entrance = {
  headers: Record<string, string>;
  email: string;
  actor: { actorType: string; actorId: string | null; actorLabel: string };
};

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let world: Awaited<ReturnType<typeof twoTenants>>;
const entrances: Record<"end-user session" | "portal token", Entrance> = {} as never;
const cookie = async (user: User) => ({ cookie: await sessionCookie(user) });

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  process.env.TRUST_PROXY_HOPS = "1";
  world = await twoTenants();
  const customer = world.users.end_user;
  entrances["end-user session"] = {
    headers: await cookie(customer),
    email: customer.email,
    actor: { actorType: "user", actorId: customer.id, actorLabel: customer.fullName },
  };
  const portalEmail = "robin.portal@shop.test";
  entrances["portal token"] = {
    headers: portalAuth(world.org.slug, await signIn(smtp, world.org, portalEmail)),
    email: portalEmail,
    actor: { actorType: "customer", actorId: null, actorLabel: portalEmail },
  };
});
afterAll(async () => {
  await mailsTo(smtp, "nobody@x.test");
  await smtp.stop();
});

const createTicket = async (user: User, body: unknown) =>
  readJson(await create(makeRequest("/api/tickets", { method: "POST", body, headers: await cookie(user) }), params()));

async function staffTicket(customerEmail: string, status = "open") {
  const res = await createTicket(world.users.agent, { subject: "Help", description: "Please", customerEmail });
  const id = res.body.id as string;
  if (status !== "open") await setStatus(id, status);
  return id;
}
const setStatus = async (id: string, status: string) =>
  readJson(
    await update(
      makeRequest(`/api/tickets/${id}`, { method: "PUT", body: { status }, headers: await cookie(world.users.agent) }),
      params({ id }),
    ),
  );
const reply = async (entrance: Entrance, body: unknown) =>
  readJson(await postReply(makeRequest("/api/replies", { method: "POST", body, headers: entrance.headers }), params()));
const statusHistory = async (id: string) => {
  const res = await readJson(
    await history(
      makeRequest(`/api/tickets/${id}/history`, { headers: await cookie(world.users.agent) }),
      params({ id }),
    ),
  );
  return (
    res.body as unknown as { action: string; actorLabel: string; metadata: { from?: string; to?: string } | null }[]
  )
    .filter((e) => e.action === "ticket.status_changed")
    .map((e) => ({ by: e.actorLabel, from: e.metadata?.from, to: e.metadata?.to }));
};

describe.each(["end-user session", "portal token"] as const)("a customer reply through the %s", (name) => {
  const entrance = () => entrances[name];

  it("is a public customer reply on their own ticket, authored and audited as them", async () => {
    const id = await staffTicket(entrance().email);
    const res = await reply(entrance(), {
      ticketId: id,
      content: " Thanks! ",
      type: "internal",
      authorType: "agent",
      authorEmail: "boss@x.test",
    });
    const { customerName } = await db.ticket.findUniqueOrThrow({ where: { id } });
    expect(res).toMatchObject({
      status: 201,
      body: { ticketId: id, content: "Thanks!", type: "public", authorType: "customer", authorName: customerName },
    });
    expect(res.body).not.toHaveProperty("authorEmail");
    expect(
      await db.auditEvent.findFirst({
        where: { ticketId: id, action: "ticket.replied" },
        select: { actorType: true, actorId: true, actorLabel: true },
      }),
    ).toEqual(entrance().actor);
    expect((await db.ticket.findUniqueOrThrow({ where: { id } })).status).toBe("open");
    expect(await statusHistory(id)).toEqual([]);
  });

  it("shows the conversation with display names only: no staff address reaches the customer", async () => {
    const id = await staffTicket(entrance().email);
    const agent = world.users.agent;
    const answered = await readJson(
      await postReply(
        makeRequest("/api/replies", {
          method: "POST",
          body: { ticketId: id, content: "We are on it", type: "public" },
          headers: await cookie(agent),
        }),
        params(),
      ),
    );
    expect(answered.status).toBe(201);
    // A reply whose author's account is gone is signed by the team.
    await db.reply.create({
      data: {
        organizationId: world.org.id,
        ticketId: id,
        content: "From a former colleague",
        type: "public",
        authorType: "agent",
        authorEmail: "former.agent@example.test",
      },
    });
    expect((await reply(entrance(), { ticketId: id, content: "Thanks" })).status).toBe(201);
    const { customerName } = await db.ticket.findUniqueOrThrow({ where: { id } });

    const res = await listReplies(
      makeRequest(`/api/replies/${id}`, { headers: entrance().headers }),
      params({ ticketId: id }),
    );
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain(agent.email);
    expect(text).not.toContain("former.agent@example.test");
    expect(text).not.toContain("authorEmail");
    const replies = JSON.parse(text) as { content: string; authorType: string; authorName: string }[];
    expect(replies.map((r) => [r.content, r.authorType, r.authorName])).toEqual([
      ["We are on it", "agent", agent.fullName],
      ["From a former colleague", "agent", "Support"],
      ["Thanks", "customer", customerName],
    ]);
  });

  it("marks the ticket in the queue while the customer has the last public word", async () => {
    const id = await staffTicket(entrance().email);
    const marked = async () => (await db.ticket.findUniqueOrThrow({ where: { id } })).customerRepliedLast;
    const agentSays = async (type: "public" | "internal") =>
      expect(
        (
          await readJson(
            await postReply(
              makeRequest("/api/replies", {
                method: "POST",
                body: { ticketId: id, content: `${type} words`, type },
                headers: await cookie(world.users.agent),
              }),
              params(),
            ),
          )
        ).status,
      ).toBe(201);
    expect(await marked()).toBe(false);
    expect((await reply(entrance(), { ticketId: id, content: "Hello?" })).status).toBe(201);
    expect(await marked()).toBe(true);
    // A note is for the team: the customer still waits for an answer.
    await agentSays("internal");
    expect(await marked()).toBe(true);
    await agentSays("public");
    expect(await marked()).toBe(false);
  });

  it("moves a pending ticket back to open and writes that to the ticket's history", async () => {
    const id = await staffTicket(entrance().email, "pending");
    expect((await reply(entrance(), { ticketId: id, content: "Here is the info" })).status).toBe(201);
    expect((await db.ticket.findUniqueOrThrow({ where: { id } })).status).toBe("open");
    expect(await statusHistory(id)).toEqual([
      { by: world.users.agent.fullName, from: "open", to: "pending" },
      { by: entrance().actor.actorLabel, from: "pending", to: "open" },
    ]);
    expect(
      await db.auditEvent.findFirst({
        where: { ticketId: id, action: "ticket.status_changed", actorLabel: entrance().actor.actorLabel },
        select: { actorType: true, actorId: true, actorLabel: true },
      }),
    ).toEqual(entrance().actor);
  });

  it.each(["in_progress"])("leaves a %s ticket's status alone", async (status) => {
    const id = await staffTicket(entrance().email, status);
    expect((await reply(entrance(), { ticketId: id, content: "Any news?" })).status).toBe(201);
    expect((await db.ticket.findUniqueOrThrow({ where: { id } })).status).toBe(status);
    expect(await statusHistory(id)).toHaveLength(1);
  });

  it.each(["resolved", "closed"])(
    "is refused once the ticket is %s (409 ticket_closed), and changes nothing",
    async (status) => {
      const id = await staffTicket(entrance().email, status);
      const before = await db.ticket.findUniqueOrThrow({ where: { id } });
      expect(await reply(entrance(), { ticketId: id, content: "reopen?" })).toEqual({
        status: 409,
        body: { error: `This ticket has been ${status}. Please create a new ticket.`, code: "ticket_closed" },
      });
      expect(await db.ticket.findUniqueOrThrow({ where: { id } })).toEqual(before);
      expect(await db.reply.count({ where: { ticketId: id } })).toBe(0);
      expect(await db.auditEvent.count({ where: { ticketId: id, action: "ticket.replied" } })).toBe(0);
    },
  );

  it("is a 404 on another customer's or another organisation's ticket", async () => {
    const theirs = await staffTicket("someone.else@x.test");
    const elsewhere = (
      await createTicket(world.users.otherAdmin, { subject: "s", description: "d", customerEmail: entrance().email })
    ).body.id as string;
    for (const id of [theirs, elsewhere, "no-such-ticket"]) {
      expect(await reply(entrance(), { ticketId: id, content: "let me in" })).toEqual({
        status: 404,
        body: { error: "Ticket not found", code: "not_found" },
      });
    }
    expect(await db.reply.count({ where: { ticketId: { in: [theirs, elsewhere] } } })).toBe(0);
  });

  it("never reopens a ticket an agent resolves at the same moment: the later of the two decides", async () => {
    for (let round = 0; round < 6; round++) {
      const id = await staffTicket(entrance().email, "pending");
      const [answer, resolved] = await Promise.all([
        reply(entrance(), { ticketId: id, content: `race ${round}` }),
        setStatus(id, "resolved"),
      ]);
      expect(resolved.status).toBe(200);
      expect([201, 409]).toContain(answer.status);
      expect((await db.ticket.findUniqueOrThrow({ where: { id } })).status).toBe("resolved");
      expect(await db.reply.count({ where: { ticketId: id } })).toBe(answer.status === 201 ? 1 : 0);
      // The history chains: every change starts where the previous one ended, and ends resolved.
      const changes = await statusHistory(id);
      changes.forEach((c, i) => i > 0 && expect(c.from).toBe(changes[i - 1]!.to));
      expect(changes.at(-1)?.to).toBe("resolved");
    }
  });
});

describe("creating a ticket as each kind of actor", () => {
  it("files an end user's ticket under their own name and email, opened, whatever the body says", async () => {
    const customer = await createUser(world.org.id, "end_user", { fullName: "Casey Customer" });
    const res = await createTicket(customer, {
      subject: "Mine",
      description: "d",
      priority: "high",
      status: "closed",
      customerEmail: "victim@x.test",
      customerName: "Mallory",
    });
    expect(res).toMatchObject({
      status: 201,
      body: { customerEmail: customer.email, customerName: "Casey Customer", status: "open", priority: "high" },
    });
    const id = res.body.id as string;
    expect((await db.ticket.findUniqueOrThrow({ where: { id } })).createdById).toBe(customer.id);
    expect(
      await db.auditEvent.findFirst({
        where: { ticketId: id, action: "ticket.created" },
        select: { actorType: true, actorId: true, actorLabel: true },
      }),
    ).toEqual({ actorType: "user", actorId: customer.id, actorLabel: "Casey Customer" });
  });

  it("files a staff ticket as given, for the named customer and with the chosen status", async () => {
    const agent = world.users.agent;
    const res = await createTicket(agent, {
      subject: "Phone call",
      description: "d",
      status: "pending",
      customerEmail: "caller@x.test",
      customerName: "Caller",
    });
    expect(res).toMatchObject({
      status: 201,
      body: { customerEmail: "caller@x.test", customerName: "Caller", status: "pending" },
    });
    const id = res.body.id as string;
    expect((await db.ticket.findUniqueOrThrow({ where: { id } })).createdById).toBe(agent.id);
    expect(
      await db.auditEvent.findFirst({
        where: { ticketId: id, action: "ticket.created" },
        select: { actorType: true, actorId: true, actorLabel: true },
      }),
    ).toEqual({ actorType: "user", actorId: agent.id, actorLabel: agent.fullName });
  });
});
