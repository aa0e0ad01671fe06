import { POST as reply } from "@/app/api/replies/route";
import { GET as articlesSent } from "@/app/api/tickets/[id]/articles-sent/route";
import { POST as create } from "@/app/api/tickets/route";
import type { KbArticleStatus } from "@/generated/prisma/enums";
import { REPLY_ARTICLES_MAX } from "@/lib/schemas/tickets";
import type { ArticlesSent } from "@/lib/schemas/kb-sent";
import { ARTICLE_NOT_FOUND_FOR_REPLY } from "@/lib/services/kb/sent";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// An agent inserts knowledge base articles into a reply: the reply records them as sent, in its
// own transaction, and the ticket lists them under the reply. An id that is not one of the
// organisation's articles, or too many of them, refuses the reply and saves nothing.

type User = { id: string; sessionVersion: number };
const headers = async (user: User) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

async function newTicket() {
  const res = await create(
    makeRequest("/api/tickets", {
      method: "POST",
      body: { subject: "How do I reset my password?", description: "Locked out", customerEmail: "dana@x.test" },
      headers: await headers(world.users.agent),
    }),
    params(),
  );
  return (await res.json()) as { id: string; version: number };
}

let n = 0;
const article = (organizationId: string, status: KbArticleStatus = "published") => {
  n += 1;
  return db.kbArticle.create({
    data: {
      organizationId,
      title: `Resetting your password ${n}`,
      slug: `resetting-your-password-${n}`,
      body: "Open **Settings**.",
      bodyHtml: "<p>Open <strong>Settings</strong>.</p>",
      bodyHtmlVersion: 1,
      status,
    },
  });
};

const send = async (user: User, body: unknown) =>
  readJson(await reply(makeRequest("/api/replies", { method: "POST", body, headers: await headers(user) }), params()));
const sentOn = async (user: User, ticketId: string) => {
  const res = await articlesSent(
    makeRequest(`/api/tickets/${ticketId}/articles-sent`, { headers: await headers(user) }),
    params({ id: ticketId }),
  );
  return { status: res.status, body: (await res.json()) as Partial<ArticlesSent> };
};
const snapshot = async (ticketId: string) => ({
  replies: await db.reply.count({ where: { ticketId } }),
  sent: await db.kbArticleSent.count({ where: { ticketId } }),
  events: await db.auditEvent.count({ where: { ticketId } }),
});

describe("POST /api/replies with articleIds", () => {
  it("records each inserted article as sent with the reply, once, and the ticket lists them under it", async () => {
    const t = await newTicket();
    const published = await article(world.org.id);
    const internal = await article(world.org.id, "internal");
    const res = await send(world.users.agent, {
      ticketId: t.id,
      content: `See [${published.title}](https://help.example/articles/${published.slug})`,
      articleIds: [published.id, internal.id, published.id],
    });
    expect(res.status).toBe(201);
    const rows = await db.kbArticleSent.findMany({
      where: { replyId: String(res.body.id) },
      orderBy: { articleId: "asc" },
    });
    expect(rows.map((r) => [r.articleId, r.ticketId, r.organizationId])).toEqual(
      [published.id, internal.id].sort().map((id) => [id, t.id, world.org.id]),
    );

    const listed = await sentOn(world.users.org_admin, t.id);
    expect(listed.status).toBe(200);
    const [sent, ...more] = listed.body.sent ?? [];
    expect(more).toEqual([]);
    expect(sent?.replyId).toBe(res.body.id);
    expect(sent?.articles.map((a) => [a.id, a.status]).sort()).toEqual(
      [
        [published.id, "published"],
        [internal.id, "internal"],
      ].sort(),
    );
  });

  it("works with a status change; on an internal note the articles are checked but not sent", async () => {
    const t = await newTicket();
    const a = await article(world.org.id, "internal");
    const resolved = await send(world.users.agent, {
      ticketId: t.id,
      content: "Done",
      status: "resolved",
      articleIds: [a.id],
    });
    expect(resolved.status).toBe(201);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("resolved");
    const note = await send(world.users.agent, {
      ticketId: t.id,
      content: "Internal steps",
      type: "internal",
      articleIds: [a.id],
    });
    expect(note.status).toBe(201);
    expect(await db.kbArticleSent.count({ where: { ticketId: t.id, articleId: a.id } })).toBe(1);
    expect(
      (
        await send(world.users.agent, {
          ticketId: t.id,
          content: "Gone",
          type: "internal",
          articleIds: ["not-an-article"],
        })
      ).status,
    ).toBe(400);
  });

  it("refuses another organisation's article or an unknown id with a 400, and saves nothing", async () => {
    const t = await newTicket();
    const mine = await article(world.org.id);
    const foreign = await article(world.other.id);
    const before = await snapshot(t.id);
    for (const articleIds of [[mine.id, foreign.id], ["not-an-article"]]) {
      const res = await send(world.users.agent, { ticketId: t.id, content: "Have a look", articleIds });
      expect(res).toMatchObject({ status: 400, body: { error: ARTICLE_NOT_FOUND_FOR_REPLY } });
    }
    expect(await snapshot(t.id)).toEqual(before);
  });

  it(`refuses more than ${REPLY_ARTICLES_MAX} articles, and ids that are not text`, async () => {
    const t = await newTicket();
    const many = await Promise.all(Array.from({ length: REPLY_ARTICLES_MAX + 1 }, () => article(world.org.id)));
    const before = await snapshot(t.id);
    const tooMany = await send(world.users.agent, {
      ticketId: t.id,
      content: "All of them",
      articleIds: many.map((a) => a.id),
    });
    expect(tooMany).toMatchObject({
      status: 400,
      body: { error: `A reply may send at most ${REPLY_ARTICLES_MAX} articles` },
    });
    for (const articleIds of ["one", [42], [""]]) {
      const res = await send(world.users.agent, { ticketId: t.id, content: "Bad", articleIds });
      expect(res.status).toBe(400);
    }
    expect(await snapshot(t.id)).toEqual(before);
    // Exactly the limit goes through.
    const ok = await send(world.users.agent, {
      ticketId: t.id,
      content: "Ten",
      articleIds: many.slice(0, REPLY_ARTICLES_MAX).map((a) => a.id),
    });
    expect(ok.status).toBe(201);
    expect(await db.kbArticleSent.count({ where: { replyId: String(ok.body.id) } })).toBe(REPLY_ARTICLES_MAX);
  });

  it("refuses articles from a customer's own reply (403), and lists sent articles only to staff", async () => {
    const customerTicket = await db.ticket.create({
      data: {
        organizationId: world.org.id,
        ticketNumber: 900,
        subject: "Mine",
        description: "d",
        customerName: "End User",
        customerEmail: (await db.user.findUniqueOrThrow({ where: { id: world.users.end_user.id } })).email,
      },
    });
    const a = await article(world.org.id);
    const res = await send(world.users.end_user, { ticketId: customerTicket.id, content: "Hi", articleIds: [a.id] });
    expect(res.status).toBe(403);
    expect((await sentOn(world.users.end_user, customerTicket.id)).status).toBe(403);
    // Another organisation's ticket is not found.
    expect((await sentOn(world.users.otherAdmin, customerTicket.id)).status).toBe(404);
  });
});
