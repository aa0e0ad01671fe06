import { GET as replies } from "@/app/api/replies/[ticketId]/route";
import { db } from "@/lib/server/db";
import { saveAttachments } from "@/lib/services/tickets/attachments";
import { makeRequest, params, readJson } from "../helpers/request";
import { cookieOf, setUpWorld, type World } from "../security/world";
import { PAGE_QUERY_RULES } from "../helpers/page-query";
import { portalAuth } from "../helpers/portal-auth";

// GET /api/replies/{ticketId} a page at a time, through each entrance: staff see notes too, a
// customer (signed in, or holding a portal token) the public messages only. Each page is the
// newest messages before its cursor, oldest first; X-Next-Cursor says where the earlier ones start.

let world: World;
setUpWorld((w) => (world = w));

type Message = { id: string; content: string; type: string; attachments: { filename: string }[] };
type Entrance = "agent" | "end_user" | "portal token";

async function headersOf(entrance: Entrance): Promise<Record<string, string>> {
  return entrance === "portal token" ? portalAuth(world.a.org.slug, world.a.portalToken) : cookieOf(world, entrance);
}

async function page(entrance: Entrance, ticketId: string, query = "", headers?: Record<string, string>) {
  const res = await replies(
    makeRequest(`/api/replies/${ticketId}${query}`, { headers: headers ?? (await headersOf(entrance)) }),
    params({ ticketId }),
  );
  const { status, body } = await readJson(res);
  return { status, body: body as unknown as Message[] & { error?: string }, next: res.headers.get("x-next-cursor") };
}

/** Every page from the newest, each page's messages oldest first, joined oldest first. */
async function readAll(entrance: Entrance, ticketId: string, limit = "") {
  const pages: Message[][] = [];
  let cursor: string | null = null;
  do {
    const got = await page(entrance, ticketId, `?${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(got.status).toBe(200);
    pages.push(got.body);
    cursor = got.next;
  } while (cursor);
  return { pages, messages: pages.reverse().flat() };
}

let ticketNumber = 100;

/** A ticket of the world's customer with 130 messages, every third an internal note, three to each second. */
async function longConversation() {
  const { org, users } = world.a;
  const { id: _id, ...ticket } = world.a.ticket;
  const created = await db.ticket.create({
    data: { ...ticket, ticketNumber: ++ticketNumber, fieldVersions: {}, customFields: {}, tagIds: [] },
  });
  const start = Date.now() - 3_600_000;
  await db.reply.createMany({
    data: Array.from({ length: 130 }, (_, i) => ({
      organizationId: org.id,
      ticketId: created.id,
      authorType: "agent" as const,
      authorEmail: users.agent.email,
      type: i % 3 === 0 ? ("internal" as const) : ("public" as const),
      content: `message ${i}`,
      createdAt: new Date(start + Math.floor(i / 3) * 1000),
    })),
  });
  const all = await db.reply.findMany({
    where: { ticketId: created.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, type: true },
  });
  return { id: created.id, all: all.map((r) => r.id), public: all.filter((r) => r.type === "public").map((r) => r.id) };
}

describe("GET /api/replies/{ticketId}, page by page", () => {
  it("gives staff the newest 50 messages, notes included, then each earlier page from the cursor", async () => {
    const { id, all } = await longConversation();
    const { pages, messages } = await readAll("agent", id);
    expect(pages.map((p) => p.length)).toEqual([30, 50, 50]);
    expect(messages.map((m) => m.id)).toEqual(all);
  });

  it.each(["end_user", "portal token"] as const)(
    "gives a customer by %s the newest 50 public messages, then the earlier ones",
    async (entrance) => {
      const conversation = await longConversation();
      expect(conversation.public).toHaveLength(86);
      const { pages, messages } = await readAll(entrance, conversation.id);
      expect(pages.map((p) => p.length)).toEqual([36, 50]);
      expect(messages.map((m) => m.id)).toEqual(conversation.public);
      expect(messages.every((m) => m.type === "public")).toBe(true);
    },
  );

  it.each(["agent", "end_user", "portal token"] as const)("takes a page size up to 200 by %s", async (entrance) => {
    const { id, all } = await longConversation();
    const whole = await page(entrance, id, "?limit=200");
    expect(whole.next).toBeNull();
    expect(whole.body).toHaveLength(entrance === "agent" ? all.length : 86);
    const few = await readAll(entrance, id, "limit=40");
    expect(few.pages[few.pages.length - 1]).toHaveLength(40);
    expect(few.messages.map((m) => m.id)).toEqual(whole.body.map((m) => m.id));
  });

  it.each(["agent", "portal token"] as const)("puts each file on its message's page only, by %s", async (entrance) => {
    const { id, public: shown } = await longConversation();
    const oldest = shown[0]!;
    const newest = shown[shown.length - 1]!;
    for (const [replyId, filename] of [
      [oldest, "old.txt"],
      [newest, "new.txt"],
    ] as const) {
      await db.$transaction((tx) =>
        saveAttachments(tx, {
          organizationId: world.a.org.id,
          ticketId: id,
          replyId,
          files: [{ filename, content: Buffer.from(filename) }],
        }),
      );
    }
    const files = (messages: Message[]) => messages.flatMap((m) => m.attachments.map((f) => `${m.id} ${f.filename}`));
    const first = await page(entrance, id);
    expect(files(first.body)).toEqual([`${newest} new.txt`]);
    const { messages } = await readAll(entrance, id);
    expect(files(messages)).toEqual([`${oldest} old.txt`, `${newest} new.txt`]);
  });

  it.each(PAGE_QUERY_RULES)("rejects %s through each entrance", async (query, message) => {
    const id = world.a.ticket.id;
    for (const entrance of ["agent", "end_user", "portal token"] as const) {
      expect(await page(entrance, id, query)).toMatchObject({ status: 400, body: { error: message } });
    }
  });

  it("is not found for another tenant's ticket and for another customer's", async () => {
    const { id } = await longConversation();
    const notFound = { status: 404, body: { error: "Ticket not found" } };
    expect(await page("agent", id, "", await cookieOf(world, "other_org_admin"))).toMatchObject(notFound);
    expect(await page("agent", world.b.ticket.id)).toMatchObject(notFound);
    expect(await page("end_user", world.b.ticket.id)).toMatchObject(notFound);
    expect(
      await page("portal token", id, "", portalAuth(world.a.org.slug, world.a.otherEmailPortalToken)),
    ).toMatchObject(notFound);
    expect(await page("portal token", id, "", portalAuth(world.b.org.slug, world.b.portalToken))).toMatchObject(
      notFound,
    );
  });
});
