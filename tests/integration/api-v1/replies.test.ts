import { GET as listRoute, POST as replyRoute } from "@/app/api/v1/tickets/[id]/replies/route";
import { GET as staffThread } from "@/app/api/replies/[ticketId]/route";
import { apiTokenOf } from "../helpers/api-token";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";
import { historyOf, send, writeRefusals, WRITE_REFUSED } from "./write-calls";

// A ticket's conversation through the public API: a token with tickets:write replies to the
// customer or adds an internal note as the team ("Support" in the thread, the token's name in the
// history); tickets:read reads the conversation a page at a time, replies and notes marked by type.

type Reply = {
  id: string;
  ticketId: string;
  content: string;
  type: string;
  authorType: string;
  authorName: string;
  authorEmail: string;
  html: string | null;
  ticketVersion?: number;
  attachments: unknown[];
};
type Page = { data: Reply[]; next_cursor: string | null };

let org: { id: string };
let other: { id: string };
let writer: Awaited<ReturnType<typeof apiTokenOf>>;
let reader: Awaited<ReturnType<typeof apiTokenOf>>;

const reply = (id: string, body: unknown, headers: Record<string, string> = writer.headers) =>
  send<Reply>(replyRoute, `/api/v1/tickets/${id}/replies`, { body, headers, values: { id } });
const list = (id: string, query = "", headers: Record<string, string> = reader.headers) =>
  send<Page>(listRoute, `/api/v1/tickets/${id}/replies${query}`, { method: "GET", headers, values: { id } });

async function ticketOf(organizationId: string) {
  const counter = await db.ticket.count({ where: { organizationId } });
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: 1000 + counter,
      subject: "Charged twice",
      description: "d",
      customerName: "Dana",
      customerEmail: "dana@example.test",
    },
  });
}

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg("enterprise");
  other = await createOrg("enterprise");
  writer = await apiTokenOf(org.id, ["tickets:write"], "CRM sync");
  reader = await apiTokenOf(org.id, ["tickets:read"], "Status page");
});

describe("POST /api/v1/tickets/{id}/replies", () => {
  it("replies to the customer as the team: 201 with the reply as the thread lists it, the token named in the history", async () => {
    const ticket = await ticketOf(org.id);
    const { status, body } = await reply(ticket.id, { content: "The **second** charge is refunded." });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      ticketId: ticket.id,
      content: "The **second** charge is refunded.",
      type: "public",
      authorType: "agent",
      authorName: "Support",
      html: expect.stringContaining("<strong>second</strong>"),
      ticketVersion: expect.any(Number),
      attachments: [],
    });
    const { ticketVersion: _version, ...asListed } = body;
    expect((await list(ticket.id)).body.data).toEqual([asListed]);
    expect(await historyOf(ticket.id)).toEqual(["CRM sync (API) replied"]);
    const stored = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } });
    expect(stored.firstRespondedAt).not.toBeNull();
  });

  it("reads as the team in the workspace's thread too", async () => {
    const ticket = await ticketOf(org.id);
    await reply(ticket.id, { content: "On it" });
    const admin = await createUser(org.id, "org_admin");
    const res = await staffThread(
      makeRequest(`/api/replies/${ticket.id}`, { headers: { cookie: await sessionCookie(admin) } }),
      params({ ticketId: ticket.id }),
    );
    const thread = (await res.json()) as Reply[];
    expect(thread.map((r) => ({ authorName: r.authorName, content: r.content }))).toEqual([
      { authorName: "Support", content: "On it" },
    ]);
  });

  it("adds an internal note, and with a status moves the ticket with the reply (Send and set ...)", async () => {
    const ticket = await ticketOf(org.id);
    const note = await reply(ticket.id, { content: "Customer is on the old plan", type: "internal" });
    expect(note.body.type).toBe("internal");
    const answer = await reply(ticket.id, { content: "Refunded, closing this", status: "resolved" });
    expect(answer.status).toBe(201);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).status).toBe("resolved");
    expect(await historyOf(ticket.id)).toEqual([
      "CRM sync (API) added an internal note",
      "CRM sync (API) replied",
      "CRM sync (API) changed the status from Open to Resolved",
    ]);
  });

  it("refuses a reply on a version that another reply has passed (409), as the composer does", async () => {
    const ticket = await ticketOf(org.id);
    const first = await reply(ticket.id, { content: "One" });
    await reply(ticket.id, { content: "Two" });
    const stale = await reply(ticket.id, { content: "Three", version: first.body.ticketVersion });
    expect({ status: stale.status, code: stale.body.code }).toEqual({ status: 409, code: "stale_version" });
  });

  it.each([
    [{}, "Reply cannot be empty"],
    [{ content: "   " }, "Reply cannot be empty"],
    [{ content: "x".repeat(20_001) }, "Reply is too long"],
    [{ content: "Hi", type: "private" }, "Unknown reply type"],
    [{ content: "Hi", status: "archived" }, "Unknown status"],
    [{ content: "Hi", version: 1.5 }, "version must be a whole number"],
  ])("refuses %j with 400, writing nothing", async (body, message) => {
    const ticket = await ticketOf(org.id);
    const res = await reply(ticket.id, body);
    expect({ status: res.status, error: res.body.error }).toEqual({
      status: 400,
      error: expect.stringContaining(message),
    });
    expect(await db.reply.count({ where: { ticketId: ticket.id } })).toBe(0);
  });

  it("answers 404 for another organisation's ticket and writes nothing there", async () => {
    const theirs = await ticketOf(other.id);
    const res = await reply(theirs.id, { content: "Hello" });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: "not_found" });
    expect(await db.reply.count({ where: { ticketId: theirs.id } })).toBe(0);
  });

  it("needs tickets:write: tickets:read alone is 403, a revoked or expired token 401", async () => {
    const ticket = await ticketOf(org.id);
    expect(
      await writeRefusals(org.id, "tickets:write", (headers) => reply(ticket.id, { content: "Hi" }, headers)),
    ).toEqual(WRITE_REFUSED);
    expect(await db.reply.count({ where: { ticketId: ticket.id } })).toBe(0);
  });
});

describe("GET /api/v1/tickets/{id}/replies", () => {
  it("pages through the conversation oldest first within a page, replies and notes marked by type", async () => {
    const ticket = await ticketOf(org.id);
    for (const [content, type] of [
      ["one", "public"],
      ["two", "internal"],
      ["three", "public"],
    ])
      await reply(ticket.id, { content, type });
    const newest = await list(ticket.id, "?limit=2");
    expect(newest.status).toBe(200);
    expect(newest.body.data.map((r) => [r.content, r.type])).toEqual([
      ["two", "internal"],
      ["three", "public"],
    ]);
    expect(newest.body.next_cursor).toEqual(expect.any(String));
    const link = new URL(/^<(.+)>; rel="next"$/.exec(newest.headers.get("link")!)![1]!);
    expect(link.searchParams.get("cursor")).toBe(newest.body.next_cursor);
    const earlier = await list(ticket.id, link.search);
    expect(earlier.body).toEqual({ data: [expect.objectContaining({ content: "one" })], next_cursor: null });
  });

  it("answers 404 for another organisation's ticket, and refuses a token without tickets:read", async () => {
    const theirs = await ticketOf(other.id);
    expect((await list(theirs.id)).status).toBe(404);
    const ticket = await ticketOf(org.id);
    const writeOnly = await list(ticket.id, "", writer.headers);
    expect({ status: writeOnly.status, code: writeOnly.body.code }).toEqual({
      status: 403,
      code: "insufficient_scope",
    });
  });

  it.each(["?limit=0", "?limit=201", "?limit=x", `?cursor=${"c".repeat(201)}`])(
    "refuses %s with 400",
    async (query) => {
      const ticket = await ticketOf(org.id);
      expect((await list(ticket.id, query)).status).toBe(400);
    },
  );
});
