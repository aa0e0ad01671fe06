import { GET as searchTagsRoute } from "@/app/api/tags/route";
import { PUT as update } from "@/app/api/tickets/[id]/route";
import { PATCH as tagsRoute } from "@/app/api/tickets/[id]/tags/route";
import { GET as history } from "@/app/api/tickets/[id]/history/route";
import { PATCH as bulk } from "@/app/api/tickets/bulk/route";
import { GET as detail } from "@/app/api/tickets/detail/[id]/route";
import { GET as list } from "@/app/api/tickets/route";
import { GET as stats } from "@/app/api/tickets/stats/route";
import { historySentence } from "@/lib/format/ticket-history";
import { TAG_SEARCH_LIMIT } from "@/lib/services/tickets/tags";
import { TAGS_PER_ORGANIZATION_MAX } from "@/lib/schemas/tags";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { ticketNumbersPaged } from "../helpers/ticket-list";

type User = { id: string; sessionVersion: number };
type Role = "platform_admin" | "org_admin" | "agent" | "end_user";
const as = async (user: User) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;
let ids: string[];
let foreignId: string;
let customerTicketId: string;

async function makeTicket(organizationId: string, number: number, overrides: Record<string, unknown> = {}) {
  const due = new Date(Date.now() + 3_600_000);
  const t = await db.ticket.create({
    data: {
      organizationId,
      ticketNumber: number,
      subject: `Tagged ${number}`,
      description: "d",
      customerName: "Casey",
      customerEmail: "casey@x.test",
      priority: "medium",
      status: "open",
      firstResponseDueAt: due,
      resolutionDueAt: due,
      slaRiskAt: due,
      ...overrides,
    },
  });
  return t.id;
}

async function tag(user: User, id: string, body: unknown) {
  return readJson(
    await tagsRoute(
      makeRequest(`/api/tickets/${id}/tags`, { method: "PATCH", body, headers: await as(user) }),
      params({ id }),
    ),
  );
}

async function listOf(user: User, query: string) {
  const res = await list(makeRequest(`/api/tickets${query}`, { headers: await as(user) }), params());
  return { status: res.status, body: (await res.json()) as unknown };
}

async function search(user: User, query: string) {
  const res = await searchTagsRoute(makeRequest(`/api/tags${query}`, { headers: await as(user) }), params());
  return { status: res.status, body: (await res.json()) as unknown };
}

const tagRows = (organizationId: string) =>
  db.tag.findMany({ where: { organizationId }, select: { name: true }, orderBy: { name: "asc" } });
const ticketsOf = (body: unknown) => body as { id: string; ticketNumber: number; tags?: string[] }[];

beforeEach(async () => {
  world = await freshTwoTenants();
  ids = [await makeTicket(world.org.id, 1), await makeTicket(world.org.id, 2), await makeTicket(world.org.id, 3)];
  customerTicketId = await makeTicket(world.org.id, 4, { customerEmail: world.users.end_user.email });
  foreignId = await makeTicket(world.other.id, 1);
});

describe("PATCH /api/tickets/{id}/tags", () => {
  it("adds tags, creating them on first use, raises the version and records one sentence per tag", async () => {
    const before = await db.ticket.findUniqueOrThrow({ where: { id: ids[0] } });
    const { status, body } = await tag(world.users.agent, ids[0]!, { add: ["Billing", "  VIP   customer "] });
    expect(status).toBe(200);
    expect(body.tags).toEqual(["Billing", "VIP customer"]);
    const after = await db.ticket.findUniqueOrThrow({ where: { id: ids[0] } });
    expect(body.version).toBe(after.version);
    expect(after.version).toBeGreaterThan(before.version);
    expect(await tagRows(world.org.id)).toEqual([{ name: "Billing" }, { name: "VIP customer" }]);

    const res = await history(
      makeRequest(`/api/tickets/${ids[0]}/history`, { headers: await as(world.users.agent) }),
      params({ id: ids[0]! }),
    );
    const events = (await res.json()) as { action: string; actorType: string; actorLabel: string; metadata: unknown }[];
    // Both were written in one transaction: their order within it is not what is tested.
    expect(events.map((e) => historySentence(e, new Map(), "Casey")).sort()).toEqual([
      `${world.users.agent.fullName} added the tag Billing`,
      `${world.users.agent.fullName} added the tag VIP customer`,
    ]);
  });

  it("reuses a tag whatever its case, keeps the first spelling and removes it in any case", async () => {
    await tag(world.users.agent, ids[0]!, { add: ["Billing"] });
    const second = await tag(world.users.org_admin, ids[1]!, { add: ["BILLING"] });
    expect(second.body.tags).toEqual(["Billing"]);
    expect(await tagRows(world.org.id)).toEqual([{ name: "Billing" }]);

    const again = await tag(world.users.agent, ids[0]!, { add: ["billing"] });
    expect(again.body.tags).toEqual(["Billing"]);
    const removed = await tag(world.users.agent, ids[0]!, { remove: ["bIlLiNg"] });
    expect(removed).toMatchObject({ status: 200, body: { tags: [] } });
    const events = await db.auditEvent.findMany({ where: { ticketId: ids[0] }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => [e.action, e.metadata])).toEqual([
      ["ticket.tag_added", { field: "tag", tag: "Billing" }],
      ["ticket.tag_removed", { field: "tag", tag: "Billing" }],
    ]);
  });

  it("changes nothing (no version, no history) when the ticket already is as asked", async () => {
    await tag(world.users.agent, ids[0]!, { add: ["billing"] });
    const before = await db.ticket.findUniqueOrThrow({ where: { id: ids[0] } });
    const { status, body } = await tag(world.users.agent, ids[0]!, { add: ["Billing"], remove: ["never-used"] });
    expect(status).toBe(200);
    expect(body).toEqual({ tags: ["billing"], version: before.version });
    expect(await db.auditEvent.count({ where: { ticketId: ids[0] } })).toBe(1);
  });

  it.each([
    ["an empty name", { add: [""] }, "Tag cannot be empty"],
    ["only spaces", { add: ["   "] }, "Tag cannot be empty"],
    ["41 characters", { add: ["x".repeat(41)] }, "Tag must be at most 40 characters"],
    ["a comma", { add: ["a,b"] }, "Tags cannot contain commas, line breaks or control characters"],
    ["a line break", { add: ["a\nb"] }, "Tags cannot contain commas, line breaks or control characters"],
    ["a control character", { add: ["a\u0007"] }, "Tags cannot contain commas, line breaks or control characters"],
    ["a name that is not text", { add: [42] }, "Tag must be text"],
    ["add that is not a list", { add: "billing" }, "add must be a list of tags"],
    ["more than 20 tags at once", { add: Array.from({ length: 21 }, (_, i) => `t${i}`) }, "At most 20 tags at once"],
    ["nothing to change", {}, "Nothing to change"],
    [
      "the same tag added and removed",
      { add: ["Billing"], remove: ["billing"] },
      "A tag cannot be added and removed at once",
    ],
  ])("refuses %s with 400 and changes nothing", async (_label, body, message) => {
    const res = await tag(world.users.agent, ids[0]!, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation_failed" });
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await db.tag.count()).toBe(0);
  });

  it("holds a ticket to 20 tags (409) while removing still works", async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `tag-${i}`);
    expect((await tag(world.users.agent, ids[0]!, { add: twenty })).status).toBe(200);
    const over = await tag(world.users.agent, ids[0]!, { add: ["one-more"] });
    expect(over).toMatchObject({ status: 409, body: { code: "tag_limit_reached" } });
    expect(await db.tag.count({ where: { name: "one-more" } })).toBe(0);
    const swap = await tag(world.users.agent, ids[0]!, { add: ["one-more"], remove: ["tag-0"] });
    expect(swap.status).toBe(200);
    expect((swap.body.tags as string[]).length).toBe(20);
  });

  it("holds an organisation to its tag allowance (409) but lets it reuse what it has", async () => {
    await db.tag.createMany({
      data: Array.from({ length: TAGS_PER_ORGANIZATION_MAX }, (_, i) => ({
        organizationId: world.org.id,
        name: `t${i}`,
      })),
    });
    expect(await tag(world.users.agent, ids[0]!, { add: ["brand-new"] })).toMatchObject({
      status: 409,
      body: { code: "tag_limit_reached" },
    });
    expect((await tag(world.users.agent, ids[0]!, { add: ["T1"] })).body.tags).toEqual(["t1"]);
    // The other organisation's allowance is its own.
    expect((await tag(world.users.otherAdmin, foreignId, { add: ["brand-new"] })).status).toBe(200);
  });

  it.each(["platform_admin", "org_admin", "agent"] as const)("lets %s tag", async (role: Role) => {
    expect((await tag(world.users[role], ids[0]!, { add: ["ok"] })).status).toBe(200);
  });

  it("refuses customers (403) even on their own ticket", async () => {
    const res = await tag(world.users.end_user, customerTicketId, { add: ["billing"] });
    expect(res).toMatchObject({ status: 403, body: { code: "forbidden" } });
    expect(await db.tag.count()).toBe(0);
  });

  it("answers 404 for another organisation's ticket and leaves it untouched", async () => {
    const res = await tag(world.users.agent, foreignId, { add: ["billing"] });
    expect(res).toMatchObject({ status: 404, body: { code: "not_found" } });
    expect(await db.tag.count()).toBe(0);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: foreignId } })).tagIds).toEqual([]);
  });

  it("makes one tag of two agents adding Billing and billing at the same moment", async () => {
    const results = await Promise.all([
      tag(world.users.agent, ids[0]!, { add: ["Billing"] }),
      tag(world.users.org_admin, ids[1]!, { add: ["billing"] }),
      tag(world.users.platform_admin, ids[0]!, { add: ["BILLING", "refund"] }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const tags = await db.tag.findMany({ where: { organizationId: world.org.id } });
    expect(tags.map((t) => t.name.toLowerCase()).sort()).toEqual(["billing", "refund"]);
    const billing = tags.find((t) => t.name.toLowerCase() === "billing")!;
    const rows = await db.ticket.findMany({
      where: { id: { in: [ids[0]!, ids[1]!] } },
      orderBy: { ticketNumber: "asc" },
    });
    expect(rows[0]!.tagIds.filter((id) => id === billing.id)).toHaveLength(1);
    expect(rows[1]!.tagIds).toEqual([billing.id]);
  });
});

describe("GET /api/tags (typeahead)", () => {
  beforeEach(async () => {
    await tag(world.users.agent, ids[0]!, { add: ["Billing", "bug", "Refund", "100%_done"] });
    await tag(world.users.otherAdmin, foreignId, { add: ["billing-other", "Bingo"] });
  });

  it("offers the organisation's tags starting with q in any case, alphabetically, up to limit", async () => {
    expect(await search(world.users.agent, "?q=B")).toEqual({
      status: 200,
      body: [expect.objectContaining({ name: "Billing" }), expect.objectContaining({ name: "bug" })],
    });
    expect((await search(world.users.agent, "?q=b&limit=1")).body).toEqual([
      expect.objectContaining({ name: "Billing" }),
    ]);
    expect(((await search(world.users.agent, "")).body as unknown[]).length).toBe(4);
  });

  it("treats % and _ as themselves", async () => {
    expect((await search(world.users.agent, "?q=100%25_")).body).toEqual([
      expect.objectContaining({ name: "100%_done" }),
    ]);
    expect((await search(world.users.agent, "?q=%25")).body).toEqual([]);
  });

  it.each([
    ["a limit above 50", "?limit=51", "limit must be at most 50"],
    ["a limit of 0", "?limit=0", "limit must be at least 1"],
    ["a search longer than a tag", `?q=${"x".repeat(41)}`, "Search is at most 40 characters"],
  ])("refuses %s with 400", async (_label, query, message) => {
    const res = await search(world.users.agent, query);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it("refuses customers (403)", async () => {
    expect((await search(world.users.end_user, "?q=b")).status).toBe(403);
  });

  it("is throttled per person (429 with Retry-After)", async () => {
    await db.rateLimitBucket.create({
      data: {
        key: `tag-search:user:${world.users.agent.id}`,
        count: TAG_SEARCH_LIMIT.limit,
        resetAt: new Date(Date.now() + 60_000),
      },
    });
    const res = await searchTagsRoute(makeRequest("/api/tags?q=b", { headers: await as(world.users.agent) }), params());
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await search(world.users.org_admin, "?q=b")).status).toBe(200);
  });
});

describe("tags in the ticket list, the detail and the dashboard", () => {
  beforeEach(async () => {
    await tag(world.users.agent, ids[0]!, { add: ["Billing", "VIP"] });
    await tag(world.users.agent, ids[2]!, { add: ["billing"] });
    await tag(world.users.agent, customerTicketId, { add: ["Internal remark"] });
    await tag(world.users.otherAdmin, foreignId, { add: ["Billing"] });
  });

  it("filters the list by a tag in any case, in every sort, and names each row's tags", async () => {
    for (const sort of ["activity", "created", "priority", "sla", "relevance&q=TAGGED"]) {
      const { status, body } = await listOf(world.users.agent, `?tag=BILLING&sort=${sort}`);
      expect(status).toBe(200);
      expect(
        ticketsOf(body)
          .map((t) => t.ticketNumber)
          .sort(),
      ).toEqual([1, 3]);
    }
    const all = ticketsOf((await listOf(world.users.agent, "")).body);
    expect(Object.fromEntries(all.map((t) => [t.ticketNumber, t.tags]))).toEqual({
      1: ["Billing", "VIP"],
      2: [],
      3: ["Billing"],
      4: ["Internal remark"],
    });
  });

  it("pages a tag filter with the keyset cursor", async () => {
    const first = await list(
      makeRequest("/api/tickets?tag=billing&limit=1", { headers: await as(world.users.agent) }),
      params(),
    );
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const second = await listOf(world.users.agent, `?tag=billing&limit=1&cursor=${cursor}`);
    const both = [...ticketsOf(await first.json()), ...ticketsOf(second.body)].map((t) => t.ticketNumber);
    expect(both.sort()).toEqual([1, 3]);
    // Best match first reads the tag's rows newest first too.
    expect(await ticketNumbersPaged(world.users.agent, "?tag=billing&sort=relevance&q=tagged")).toEqual([3, 1]);
  });

  // The filter reads the tag's own rows (TicketTag), which a trigger keeps in step with the
  // ticket: its tags, and its last activity for the "Last activity" order.
  it("follows each change of a tagged ticket: a new activity moves it up, a removed tag drops it", async () => {
    const numbers = async (query: string) =>
      ticketsOf((await listOf(world.users.agent, query)).body).map((t) => t.ticketNumber);
    await tag(world.users.agent, ids[1]!, { add: ["Billing"] });
    const before = await numbers("?tag=billing&sort=activity");
    expect(before).toEqual([2, 3, 1]);
    const res = await update(
      makeRequest(`/api/tickets/${ids[0]}`, {
        method: "PUT",
        body: { status: "pending" },
        headers: await as(world.users.agent),
      }),
      params({ id: ids[0]! }),
    );
    expect(res.status).toBe(200);
    expect(await numbers("?tag=billing&sort=activity")).toEqual([1, 2, 3]);
    expect(await numbers("?tag=billing&sort=created")).toEqual([3, 2, 1]);
    await tag(world.users.agent, ids[1]!, { remove: ["BILLING"] });
    expect(await numbers("?tag=billing&sort=activity")).toEqual([1, 3]);

    const rows = await db.ticketTag.findMany({ include: { ticket: true } });
    const tickets = await db.ticket.findMany();
    expect(rows.length).toBe(tickets.reduce((n, t) => n + t.tagIds.length, 0));
    for (const row of rows) {
      expect(row.ticket.tagIds).toContain(row.tagId);
      expect(row.ticketUpdatedAt).toEqual(row.ticket.updatedAt);
      expect(row.ticketCreatedAt).toEqual(row.ticket.createdAt);
    }
  });

  it("pages a tag filter in the Last activity order with the keyset cursor", async () => {
    const first = await list(
      makeRequest("/api/tickets?tag=billing&sort=activity&limit=1", { headers: await as(world.users.agent) }),
      params(),
    );
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const second = await listOf(world.users.agent, `?tag=billing&sort=activity&limit=1&cursor=${cursor}`);
    expect([...ticketsOf(await first.json()), ...ticketsOf(second.body)].map((t) => t.ticketNumber)).toEqual([3, 1]);
  });

  it("matches nothing for a tag the organisation never used (another tenant's included)", async () => {
    expect(await listOf(world.users.agent, "?tag=nope")).toEqual({ status: 200, body: [] });
    await tag(world.users.otherAdmin, foreignId, { add: ["only-theirs"] });
    expect(await listOf(world.users.agent, "?tag=only-theirs")).toEqual({ status: 200, body: [] });
  });

  it.each([
    ["an empty tag", "?tag=", "Tag cannot be empty"],
    ["a comma", "?tag=a%2Cb", "Tags cannot contain commas"],
  ])("refuses a filter with %s (400)", async (_label, query, message) => {
    const res = await listOf(world.users.agent, query);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it("keeps tags from customers: no tags in their list or detail, and no tag filter (403)", async () => {
    const own = ticketsOf((await listOf(world.users.end_user, "")).body);
    expect(own.map((t) => t.ticketNumber)).toEqual([4]);
    expect(own[0]).not.toHaveProperty("tags");
    expect(own[0]).not.toHaveProperty("tagIds");
    const res = await detail(
      makeRequest(`/api/tickets/detail/${customerTicketId}`, { headers: await as(world.users.end_user) }),
      params({ id: customerTicketId }),
    );
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(200);
    expect(body).not.toHaveProperty("tags");
    expect(body).not.toHaveProperty("tagIds");
    expect((await listOf(world.users.end_user, "?tag=Internal%20remark")).status).toBe(403);
  });

  it("shows staff the ticket's tags on its detail", async () => {
    const res = await detail(
      makeRequest(`/api/tickets/detail/${ids[0]}`, { headers: await as(world.users.agent) }),
      params({ id: ids[0]! }),
    );
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.tags).toEqual(["Billing", "VIP"]);
    expect(body).not.toHaveProperty("tagIds");
  });

  it("counts open tickets per tag for the dashboard's top tags (staff only)", async () => {
    await db.ticket.update({ where: { id: ids[2] }, data: { status: "resolved" } });
    const res = await stats(makeRequest("/api/tickets/stats", { headers: await as(world.users.agent) }), params());
    expect(((await res.json()) as { topTags: unknown }).topTags).toEqual([
      { name: "Billing", openTickets: 1 },
      { name: "Internal remark", openTickets: 1 },
      { name: "VIP", openTickets: 1 },
    ]);
    await tag(world.users.agent, ids[1]!, { add: ["vip"] });
    const again = await stats(makeRequest("/api/tickets/stats", { headers: await as(world.users.agent) }), params());
    expect(((await again.json()) as { topTags: unknown[] }).topTags[0]).toEqual({ name: "VIP", openTickets: 2 });
    const customer = await stats(
      makeRequest("/api/tickets/stats", { headers: await as(world.users.end_user) }),
      params(),
    );
    expect(((await customer.json()) as { topTags: unknown }).topTags).toEqual([]);
  });
});

describe("PATCH /api/tickets/bulk with tags", () => {
  const patch = async (user: User, body: unknown) =>
    readJson(
      await bulk(makeRequest("/api/tickets/bulk", { method: "PATCH", body, headers: await as(user) }), params()),
    );

  it("adds a tag to every selected ticket, each in its history, and takes it off again", async () => {
    await tag(world.users.agent, ids[0]!, { add: ["Urgent follow-up"] });
    const added = await patch(world.users.agent, { ids, addTags: ["urgent FOLLOW-UP"], status: "pending" });
    expect(added.status).toBe(200);
    const rows = await db.ticket.findMany({ where: { id: { in: ids } } });
    const [only] = await db.tag.findMany({ where: { organizationId: world.org.id } });
    for (const t of rows) expect(t).toMatchObject({ tagIds: [only!.id], status: "pending" });
    // Ticket 1 had it already: only the other two record an addition.
    expect(await db.auditEvent.count({ where: { action: "ticket.tag_added", ticketId: { in: ids } } })).toBe(3);

    const removed = await patch(world.users.agent, { ids, removeTags: ["Urgent Follow-Up"] });
    expect(removed.status).toBe(200);
    for (const t of await db.ticket.findMany({ where: { id: { in: ids } } })) expect(t.tagIds).toEqual([]);
    expect(await db.auditEvent.count({ where: { action: "ticket.tag_removed", ticketId: { in: ids } } })).toBe(3);
  });

  it("refuses the whole request (404) when one id is another organisation's", async () => {
    const res = await patch(world.users.agent, { ids: [...ids, foreignId], addTags: ["billing"] });
    expect(res.status).toBe(404);
    expect(await db.tag.count()).toBe(0);
    for (const t of await db.ticket.findMany()) expect(t.tagIds).toEqual([]);
  });

  it.each([
    ["a tag with a comma", { addTags: ["a,b"] }],
    ["tags that are not a list", { removeTags: "billing" }],
    ["the same tag added and removed", { addTags: ["x"], removeTags: ["X"] }],
    ["empty tag lists only", { addTags: [], removeTags: [] }],
  ])("refuses %s (400)", async (_label, change) => {
    expect((await patch(world.users.agent, { ids, ...change })).status).toBe(400);
    expect(await db.tag.count()).toBe(0);
  });

  it("refuses customers (403)", async () => {
    expect((await patch(world.users.end_user, { ids: [customerTicketId], addTags: ["x"] })).status).toBe(403);
  });
});
