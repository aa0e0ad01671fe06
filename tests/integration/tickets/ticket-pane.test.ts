import { GET as pane } from "@/app/api/tickets/[id]/pane/route";
import { GET as detail } from "@/app/api/tickets/detail/[id]/route";
import { GET as replies } from "@/app/api/replies/[ticketId]/route";
import { GET as history } from "@/app/api/tickets/[id]/history/route";
import { GET as mail } from "@/app/api/tickets/[id]/mail/route";
import { GET as customer } from "@/app/api/tickets/[id]/customer/route";
import { GET as presence, PUT as markViewing } from "@/app/api/tickets/[id]/presence/route";
import { GET as rating } from "@/app/api/tickets/[id]/rating/route";
import { GET as sla } from "@/app/api/tickets/[id]/sla/route";
import { GET as links } from "@/app/api/tickets/[id]/links/route";
import { GET as articlesSent } from "@/app/api/tickets/[id]/articles-sent/route";
import { GET as company } from "@/app/api/tickets/[id]/company/route";
import { db } from "@/lib/server/db";
import type { Jsonify } from "@/lib/schemas/json";
import type { TicketPane } from "@/lib/schemas/ticket-pane";
import { saveAttachments } from "@/lib/services/tickets/attachments";
import { markdownBody } from "@/lib/services/replies/body";
import { PLACEHOLDER_CUSTOMER_EMAIL } from "@/lib/tickets/fields";
import { makeRequest, params, readJson } from "../helpers/request";
import { cookieOf, setUpWorld, type SignedInActor, type World } from "../security/world";

// The ticket pane in one request: each part is exactly what its own call answers, parts the
// caller may not read are absent, and another tenant's ticket (or another customer's) is a 404.

let world: World;
setUpWorld((w) => (world = w));

type Handler = (req: ReturnType<typeof makeRequest>, ctx: ReturnType<typeof params>) => Promise<Response>;

async function call(handler: Handler, actor: SignedInActor, path: string, values: Record<string, string>) {
  return readJson(await handler(makeRequest(path, { headers: await cookieOf(world, actor) }), params(values)));
}

/** A paged call: a page, and where its earlier rows start (X-Next-Cursor). */
async function pageCall(handler: Handler, actor: SignedInActor, path: string, values: Record<string, string>) {
  const res = await handler(makeRequest(path, { headers: await cookieOf(world, actor) }), params(values));
  return { ...(await readJson(res)), next: res.headers.get("x-next-cursor") };
}
const historyCall = (id: string, query = "") =>
  pageCall(history, "agent", `/api/tickets/${id}/history${query}`, { id });
const repliesCall = (id: string, query = "", actor: SignedInActor = "agent") =>
  pageCall(replies, actor, `/api/replies/${id}${query}`, { ticketId: id });

async function staffParts(id: string) {
  const parts = {
    ticket: await call(detail, "agent", `/api/tickets/detail/${id}`, { id }),
    replies: await repliesCall(id),
    history: await historyCall(id),
    mail: await call(mail, "agent", `/api/tickets/${id}/mail`, { id }),
    customer: await call(customer, "agent", `/api/tickets/${id}/customer`, { id }),
    viewers: await call(presence, "agent", `/api/tickets/${id}/presence`, { id }),
    rating: await call(rating, "agent", `/api/tickets/${id}/rating`, { id }),
    sla: await call(sla, "agent", `/api/tickets/${id}/sla`, { id }),
    relations: await call(links, "agent", `/api/tickets/${id}/links`, { id }),
    articlesSent: await call(articlesSent, "agent", `/api/tickets/${id}/articles-sent`, { id }),
    company: await call(company, "agent", `/api/tickets/${id}/company`, { id }),
  };
  for (const part of Object.values(parts)) expect(part.status).toBe(200);
  // The first pages of the history and the conversation name where their earlier rows start, as the calls' headers do.
  const bodies: Record<string, unknown> = Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, v.body]));
  bodies.historyCursor = parts.history.next;
  bodies.repliesCursor = parts.replies.next;
  // A running target's minutes taken count on to the moment of each call; the rest of the SLA agrees.
  const { targets, ...terms } = bodies.sla as { targets: object[] };
  bodies.sla = { ...terms, targets: targets.map((t) => ({ ...t, businessMinutes: expect.any(Number) })) };
  return bodies;
}

describe("GET /api/tickets/{id}/pane", () => {
  it("gives staff the ticket, conversation, history, mail, customer, viewers, rating, SLA, relations, sent articles and company as their own calls do", async () => {
    const id = world.a.ticket.id;
    // Someone else has the ticket open, so the viewers part has a row to show.
    await markViewing(
      makeRequest(`/api/tickets/${id}/presence`, {
        method: "PUT",
        body: { typing: true },
        headers: await cookieOf(world, "org_admin"),
      }),
      params({ id }),
    );
    const got = await call(pane, "agent", `/api/tickets/${id}/pane`, { id });
    expect(got.status).toBe(200);
    const { viewers: theirViewers, ...theirs } = await staffParts(id);
    const { viewers, ...rest } = got.body as Record<string, unknown>;
    expect(rest).toEqual(theirs);
    // How long a viewer still counts moves on between the two calls; who is there does not.
    const strip = (list: unknown) => (list as { expiresInMs: number }[]).map(({ expiresInMs: _, ...v }) => v);
    expect(strip(viewers)).toEqual(strip(theirViewers));
    expect(strip(viewers)).toEqual([
      { userId: world.a.users.org_admin.id, fullName: world.a.users.org_admin.fullName, typing: true },
    ]);
    // The conversation holds the internal note for staff.
    expect((rest.replies as { type: string }[]).map((r) => r.type)).toEqual(["public", "internal"]);
  });

  it("reads every part as its own call does when each holds data", async () => {
    const { org, users } = world.a;
    // A ticket of its own, so the other tests' ticket keeps its conversation and viewers.
    const ticket = await db.ticket.create({
      data: { ...ticketData(world.a.ticket), ticketNumber: 10, customerEmail: "pane-customer@example.test" },
    });
    const id = ticket.id;
    // The customer's company, by their address added by hand: the database files their tickets under it.
    const acme = await db.company.create({ data: { organizationId: org.id, name: "Pane Co", notes: "Pays yearly" } });
    await db.companyMember.create({
      data: { organizationId: org.id, companyId: acme.id, email: ticket.customerEmail },
    });
    await db.companyMember.create({
      data: { organizationId: org.id, companyId: acme.id, email: "colleague@example.test" },
    });
    await db.ticket.update({ where: { id }, data: { customerEmail: ticket.customerEmail } });
    const [billing, urgent] = await Promise.all(
      ["billing", "urgent"].map((name) => db.tag.create({ data: { organizationId: org.id, name } })),
    );
    // The ticket's order of tags is kept.
    await db.ticket.update({ where: { id }, data: { tagIds: [urgent!.id, billing!.id] } });
    await db.$transaction((tx) =>
      saveAttachments(tx, {
        organizationId: org.id,
        ticketId: id,
        replyId: null,
        files: [{ filename: "screenshot.txt", content: Buffer.from("the first message's file") }],
      }),
    );
    const author = { organizationId: org.id, ticketId: id, authorType: "agent" as const, authorId: users.agent2.id };
    await db.reply.create({ data: { ...author, authorEmail: users.agent2.email, ...markdownBody("**Fixed** it") } });
    // HTML an older renderer made is made again on reading.
    await db.reply.create({
      data: {
        ...author,
        authorEmail: users.agent2.email,
        ...markdownBody("_again_"),
        contentHtml: "<p>old</p>",
        contentHtmlVersion: 0,
      },
    });
    const sent = await db.reply.findFirstOrThrow({ where: { ticketId: id }, orderBy: { createdAt: "asc" } });
    const articles = await Promise.all(
      ["Reset a password", "Export invoices"].map((title) =>
        db.kbArticle.create({
          data: {
            organizationId: org.id,
            title,
            slug: title.toLowerCase().replace(/ /g, "-"),
            body: title,
            bodyHtml: "",
            bodyHtmlVersion: 0,
          },
        }),
      ),
    );
    await db.kbArticleSent.createMany({
      data: articles.map((a) => ({
        organizationId: org.id,
        ticketId: id,
        replyId: sent.id,
        articleId: a.id,
        createdAt: sent.createdAt,
      })),
    });
    await db.reply.create({
      data: {
        organizationId: org.id,
        ticketId: id,
        authorType: "customer",
        authorEmail: ticket.customerEmail,
        content: "Thanks",
      },
    });
    const head = `Received: from mx\r\nFrom: "Casey"\r\n <${ticket.customerEmail}>\r\nSubject: Still\r\n on fire\r\n\r\nBody`;
    await db.inboundMessage.create({
      data: {
        organizationId: org.id,
        dedupKey: `pane-${id}`,
        raw: Buffer.from(head),
        size: head.length,
        source: "smtp",
        envelope: {},
        status: "processed",
        ticketId: id,
        authResults: { spf: "pass", dkim: "fail" },
      },
    });
    await db.mailAddressFailure.create({
      data: { organizationId: org.id, email: ticket.customerEmail, code: "550" },
    });
    await db.satisfactionRating.create({
      data: {
        organizationId: org.id,
        ticketId: id,
        score: "good",
        comment: "Quick",
        agentId: users.agent.id,
        ratedAt: new Date(),
        updatedAt: new Date(),
      },
    });
    const other = await db.ticket.create({
      data: { ...ticketData(ticket), ticketNumber: 11, subject: "An earlier one", status: "closed" },
    });
    const [merged, related] = await Promise.all(
      [20, 21].map((ticketNumber) =>
        db.ticket.create({ data: { ...ticketData(ticket), ticketNumber, customerEmail: "someone-else@example.test" } }),
      ),
    );
    await db.ticket.update({ where: { id: merged!.id }, data: { mergedIntoId: id, status: "closed" } });
    // A link is stored once, the smaller id first, and shows from both tickets.
    const [first, second] = [id, related!.id].sort();
    await db.ticketLink.create({ data: { organizationId: org.id, ticketId: first!, linkedTicketId: second! } });
    // A deactivated agent who had the ticket open no longer counts as a viewer.
    await db.ticketPresence.create({ data: { organizationId: org.id, ticketId: id, userId: users.agent2.id } });
    await db.user.update({ where: { id: users.agent2.id }, data: { isActive: false } });

    const got = await call(pane, "agent", `/api/tickets/${id}/pane`, { id });
    expect(got.status).toBe(200);
    const { viewers: _theirs, ...theirs } = await staffParts(id);
    const { viewers, ...rest } = got.body as Record<string, unknown>;
    expect(rest).toEqual(theirs);
    expect(viewers).toEqual([]);
    // What each part holds, so the comparison above cannot pass on two empty answers.
    const body = got.body as Jsonify<TicketPane>;
    expect(body.ticket.tags).toEqual(["urgent", "billing"]);
    expect(body.ticket.attachments.map((a) => a.filename)).toEqual(["screenshot.txt"]);
    expect(body.replies.map((r) => r.html)).toEqual([
      "<p><strong>Fixed</strong> it</p>",
      "<p><em>again</em></p>",
      null,
    ]);
    expect(body.replies.map((r) => r.authorName)).toEqual([users.agent2.fullName, users.agent2.fullName, "Casey"]);
    expect(body.mail!.messages).toEqual([
      expect.objectContaining({
        from: `"Casey" <${ticket.customerEmail}>`,
        subject: "Still on fire",
        auth: { spf: "pass", dkim: "fail", dmarc: "none" },
        status: "processed",
      }),
    ]);
    expect(body.mail!.customerAddressFailing).toEqual({
      code: "550",
      failedAt: expect.any(String),
    });
    expect(body.customer).toMatchObject({ known: true, totalTickets: 2, openTickets: 1 });
    expect(body.customer!.otherTickets).toEqual([expect.objectContaining({ id: other.id, status: "closed" })]);
    expect(body.rating).toEqual({
      rating: expect.objectContaining({ score: "good", agentName: users.agent.fullName }),
    });
    expect(body.sla).toMatchObject({ policy: null, reason: null, calendar: { name: "24/7", timeZone: "UTC" } });
    // The customer wrote after the team's replies: a next reply is due.
    expect(body.sla!.targets.map((t) => t.target)).toEqual(["first_response", "next_response", "resolution"]);
    expect(body.relations).toEqual({
      mergedInto: null,
      merged: [expect.objectContaining({ id: merged!.id, ticketNumber: 20, status: "closed" })],
      related: [expect.objectContaining({ id: related!.id, ticketNumber: 21, status: ticket.status })],
    });
    expect(body.company).toEqual({
      company: expect.objectContaining({
        name: "Pane Co",
        notes: "Pays yearly",
        otherPeople: [{ email: "colleague@example.test", name: null, tickets: 0, addedByHand: true }],
        recentTickets: [expect.objectContaining({ id: other.id, ticketNumber: 11, status: "closed" })],
        totalTickets: 2,
        openTickets: 1,
      }),
    });
    expect(body.articlesSent).toEqual({
      sent: [
        {
          replyId: sent.id,
          articles: ["Export invoices", "Reset a password"].map((title) =>
            expect.objectContaining({ title, status: "draft" }),
          ),
        },
      ],
    });
  });

  it("holds the newest 100 changes of a long history, and where the earlier ones start, as the history call does", async () => {
    const ticket = await db.ticket.create({ data: { ...ticketData(world.a.ticket), ticketNumber: 12 } });
    const id = ticket.id;
    const start = Date.now() - 3_600_000;
    await db.auditEvent.createMany({
      data: Array.from({ length: 150 }, (_, i) => ({
        organizationId: world.a.org.id,
        action: "ticket.status_changed",
        targetType: "ticket",
        targetId: id,
        ticketId: id,
        metadata: { field: "status", from: "open", to: "pending" },
        // Two to a second: a page may end between two changes of the same moment.
        createdAt: new Date(start + Math.floor(i / 2) * 1000),
      })),
    });
    const got = await call(pane, "agent", `/api/tickets/${id}/pane`, { id });
    const own = await historyCall(id);
    const body = got.body as Jsonify<TicketPane>;
    expect(body.history).toEqual(own.body);
    expect(body.historyCursor).toBe(own.next);
    expect(body.history).toHaveLength(100);
    const newest = await db.auditEvent.findMany({
      where: { ticketId: id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 100,
      select: { id: true },
    });
    expect(body.history!.map((e) => e.id)).toEqual(newest.map((e) => e.id).reverse());
    const earlier = await historyCall(id, `?cursor=${body.historyCursor}`);
    expect((earlier.body as unknown as { id: string }[]).length).toBe(50);
    expect(earlier.next).toBeNull();
  });

  it("holds the newest 50 messages of a long conversation, and where the earlier ones start, as the replies call does", async () => {
    const ticket = await db.ticket.create({ data: { ...ticketData(world.a.ticket), ticketNumber: 14 } });
    const id = ticket.id;
    const start = Date.now() - 3_600_000;
    // Every third an internal note; two to each second, so ties are ordered by id.
    await db.reply.createMany({
      data: Array.from({ length: 80 }, (_, i) => ({
        organizationId: world.a.org.id,
        ticketId: id,
        authorType: "agent" as const,
        authorEmail: world.a.users.agent.email,
        type: i % 3 === 0 ? ("internal" as const) : ("public" as const),
        content: `message ${i}`,
        createdAt: new Date(start + Math.floor(i / 2) * 1000),
      })),
    });
    const newest = async (type?: "public") =>
      (
        await db.reply.findMany({
          where: { ticketId: id, ...(type && { type }) },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: 50,
          select: { id: true },
        })
      )
        .map((r) => r.id)
        .reverse();

    const staff = (await call(pane, "agent", `/api/tickets/${id}/pane`, { id })).body as Jsonify<TicketPane>;
    const own = await repliesCall(id);
    expect(staff.replies).toEqual(own.body);
    expect(staff.repliesCursor).toBe(own.next);
    expect(staff.replies.map((r) => r.id)).toEqual(await newest());
    const earlier = await repliesCall(id, `?cursor=${staff.repliesCursor}`);
    expect((earlier.body as unknown as { content: string }[]).map((r) => r.content)).toEqual(
      Array.from({ length: 30 }, (_, i) => `message ${i}`),
    );
    expect(earlier.next).toBeNull();

    // The customer's 53 public messages: the newest 50, then 3.
    const theirs = (await call(pane, "end_user", `/api/tickets/${id}/pane`, { id })).body as Jsonify<TicketPane>;
    expect(theirs.replies.map((r) => r.id)).toEqual(await newest("public"));
    const rest = await repliesCall(id, `?cursor=${theirs.repliesCursor}`, "end_user");
    expect((rest.body as unknown as { content: string }[]).map((r) => r.content)).toEqual([
      "message 1",
      "message 2",
      "message 4",
    ]);
    expect(rest.next).toBeNull();
  });

  it("names the ticket's tags in its order, leaving out a tag deleted since", async () => {
    const names = ["first", "gone", "last"];
    const tags = await Promise.all(
      names.map((name) => db.tag.create({ data: { organizationId: world.a.org.id, name } })),
    );
    const ticket = await db.ticket.create({
      data: { ...ticketData(world.a.ticket), ticketNumber: 13, tagIds: [tags[2]!.id, tags[1]!.id, tags[0]!.id] },
    });
    await db.tag.delete({ where: { id: tags[1]!.id } });
    const id = ticket.id;
    const got = await call(pane, "agent", `/api/tickets/${id}/pane`, { id });
    expect((got.body as Jsonify<TicketPane>).ticket.tags).toEqual(["last", "first"]);
    expect(got.body.ticket).toEqual((await call(detail, "agent", `/api/tickets/detail/${id}`, { id })).body);
  });

  it("shows no customer history for a ticket whose customer is not known", async () => {
    const { ticket } = world.a;
    const unknown = await db.ticket.create({
      data: { ...ticketData(ticket), ticketNumber: 3, customerEmail: PLACEHOLDER_CUSTOMER_EMAIL },
    });
    const id = unknown.id;
    const got = await call(pane, "agent", `/api/tickets/${id}/pane`, { id });
    expect(got.status).toBe(200);
    const theirs = await call(customer, "agent", `/api/tickets/${id}/customer`, { id });
    expect(got.body.customer).toEqual(theirs.body);
    expect(got.body.customer).toMatchObject({ known: false, totalTickets: 1, otherTickets: [] });
  });

  it("gives the ticket's customer their ticket and public conversation only", async () => {
    const id = world.a.ticket.id;
    const got = await call(pane, "end_user", `/api/tickets/${id}/pane`, { id });
    expect(got.status).toBe(200);
    expect(Object.keys(got.body).sort()).toEqual(["replies", "repliesCursor", "ticket"]);
    expect(got.body.ticket).toEqual((await call(detail, "end_user", `/api/tickets/detail/${id}`, { id })).body);
    const own = await repliesCall(id, "", "end_user");
    expect(got.body.replies).toEqual(own.body);
    expect(got.body.repliesCursor).toBe(own.next);
    expect((got.body.replies as { type: string }[]).map((r) => r.type)).toEqual(["public"]);
    expect(JSON.stringify(got.body)).not.toContain("internal note");
    // Authors are named, never given by address.
    expect(JSON.stringify(got.body.replies)).not.toContain("authorEmail");
  });

  it("answers 404 for another organisation's ticket and for an id that is no ticket", async () => {
    for (const id of [world.b.ticket.id, "not-a-ticket"]) {
      const got = await call(pane, "agent", `/api/tickets/${id}/pane`, { id });
      expect(got).toEqual({ status: 404, body: { error: "Ticket not found", code: "not_found" } });
    }
  });
});

/** A new ticket's columns copied from another of the same organisation. */
function ticketData(t: World["a"]["ticket"]) {
  const { id: _id, ...rest } = t;
  return { ...rest, fieldVersions: {}, customFields: {}, tagIds: [] };
}
