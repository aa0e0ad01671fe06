import { GET as listRoute } from "@/app/api/v1/tickets/route";
import { GET as getRoute } from "@/app/api/v1/tickets/[id]/route";
import { apiRequestLimit, spendRequest } from "@/lib/services/api/caller";
import { apiTokenOf } from "../helpers/api-token";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";

// The public API's tickets: a token of the organisation reads its tickets a page at a time, in the
// envelope and with the headers integrators expect; nothing else opens it.

type Page = { data: { ticketNumber: number; subject: string }[]; next_cursor: string | null };

let org: { id: string };
let other: { id: string };
let otherTicketId: string;
let reader: Awaited<ReturnType<typeof apiTokenOf>>;

async function ticket(organizationId: string, n: number) {
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: n,
      subject: `Ticket ${n}`,
      description: "d",
      customerName: "Casey",
      customerEmail: "casey@x.test",
      createdAt: new Date(Date.UTC(2026, 11, 1, n)),
    },
  });
}

const list = async (query: string, headers: Record<string, string>) => {
  const res = await listRoute(makeRequest(`/api/v1/tickets${query}`, { headers }), params());
  return { res, body: (await res.json()) as Page & { error?: string; code?: string } };
};

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg("enterprise");
  other = await createOrg("enterprise");
  for (const n of [1, 2, 3]) await ticket(org.id, n);
  otherTicketId = (await ticket(other.id, 1)).id;
  reader = await apiTokenOf(org.id, ["tickets:read"]);
});

describe("GET /api/v1/tickets", () => {
  it("lists the organisation's tickets newest first in { data, next_cursor }, with the token's budget in the headers", async () => {
    const { res, body } = await list("", reader.headers);
    expect(res.status).toBe(200);
    expect(body.data.map((t) => t.ticketNumber)).toEqual([3, 2, 1]);
    expect(body.next_cursor).toBeNull();
    expect(res.headers.get("link")).toBeNull();
    expect(res.headers.get("ratelimit-policy")).toBe(`"per-token";q=${apiRequestLimit().limit};w=60`);
    expect(res.headers.get("ratelimit")).toMatch(/^"per-token";r=\d+;t=\d+$/);
  });

  it("pages with the cursor it names in the body and in a Link header", async () => {
    const first = await list("?limit=2&status=open", reader.headers);
    expect(first.body.data.map((t) => t.ticketNumber)).toEqual([3, 2]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const link = first.res.headers.get("link")!;
    const next = new URL(/^<(.+)>; rel="next"$/.exec(link)![1]!);
    expect(next.pathname).toBe("/api/v1/tickets");
    expect(Object.fromEntries(next.searchParams)).toEqual({
      limit: "2",
      status: "open",
      cursor: first.body.next_cursor,
    });
    const second = await list(next.search, reader.headers);
    expect(second.body).toEqual({ data: [expect.objectContaining({ ticketNumber: 1 })], next_cursor: null });
  });

  it("refuses a call without a token, with a session cookie, or with an unknown token: 401", async () => {
    const admin = await createUser(org.id, "org_admin");
    const refused: Record<string, string>[] = [
      {},
      { cookie: await sessionCookie(admin) },
      { authorization: "Bearer tkt_0000000000000000000000000000000000000000" },
      { authorization: "Basic abc" },
    ];
    for (const headers of refused) {
      const { res, body } = await list("", { ...headers, "x-forwarded-for": "10.9.8.7" });
      expect({ status: res.status, code: body.code }).toEqual({ status: 401, code: "unauthorized" });
    }
  });

  it("refuses a token without the tickets:read scope: 403 insufficient_scope", async () => {
    const users = await apiTokenOf(org.id, ["users:read"]);
    const { res, body } = await list("", users.headers);
    expect({ status: res.status, code: body.code }).toEqual({ status: 403, code: "insufficient_scope" });
    expect(body.error).toBe("This token lacks the tickets:read scope");
  });

  it("validates the query as the workspace does: 400 with the field's message", async () => {
    const { res, body } = await list("?sort=random", reader.headers);
    expect({ status: res.status, error: body.error }).toEqual({ status: 400, error: "Unknown sort" });
  });

  it("answers 429 with Retry-After once the token has used its minute's requests, and says so in RateLimit", async () => {
    const busy = await apiTokenOf(org.id, ["tickets:read"]);
    await db.rateLimitBucket.create({
      data: { key: `api_token:${busy.id}`, count: apiRequestLimit().limit, resetAt: new Date(Date.now() + 30_000) },
    });
    const { res, body } = await list("", busy.headers);
    expect({ status: res.status, code: body.code }).toEqual({ status: 429, code: "rate_limited" });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.headers.get("ratelimit")).toMatch(/^"per-token";r=0;t=\d+$/);
    // Another token of the same organisation keeps its own budget.
    expect((await list("", reader.headers)).res.status).toBe(200);
  });
});

describe("the budget of requests", () => {
  afterEach(() => delete process.env.API_REQUESTS_PER_MINUTE);

  it("is API_REQUESTS_PER_MINUTE when set, and a setting that is not a whole number stops the call with a clear message", async () => {
    process.env.API_REQUESTS_PER_MINUTE = "2";
    const token = await apiTokenOf(org.id, ["tickets:read"]);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await list("", token.headers)).res.status);
    expect(statuses).toEqual([200, 200, 429]);
    process.env.API_REQUESTS_PER_MINUTE = "lots";
    expect(() => apiRequestLimit()).toThrow(/API_REQUESTS_PER_MINUTE must be a whole number of requests, at least 1/);
  });
});

describe("counting a token's requests", () => {
  it("adds a process's requests to the shared count in batches, at least once a second, and tells the remainder from both", async () => {
    const { id } = await apiTokenOf(org.id, ["tickets:read"]);
    const shared = async () =>
      (await db.rateLimitBucket.findUniqueOrThrow({ where: { key: `api_token:${id}` } })).count;
    const t0 = Date.now();
    const spent = [];
    for (let i = 0; i < 3; i++) spent.push(await spendRequest(id, t0 + i));
    expect(spent.map((b) => b.remaining)).toEqual([599, 598, 597]);
    expect(await shared()).toBe(1);
    expect((await spendRequest(id, t0 + 1_001)).remaining).toBe(596);
    expect(await shared()).toBe(4);
  });
});

describe("GET /api/v1/tickets/{id}", () => {
  const get = async (id: string, headers: Record<string, string>) => {
    const res = await getRoute(makeRequest(`/api/v1/tickets/${id}`, { headers }), params({ id }));
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("answers one ticket of the organisation with the files of its first message", async () => {
    const own = await db.ticket.findFirstOrThrow({ where: { organizationId: org.id, ticketNumber: 2 } });
    const { status, body } = await get(own.id, reader.headers);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: own.id, ticketNumber: 2, subject: "Ticket 2", attachments: [] });
  });

  it("answers another organisation's ticket and an unknown id with 404", async () => {
    expect((await get(otherTicketId, reader.headers)).status).toBe(404);
    expect((await get("no-such-ticket", reader.headers)).status).toBe(404);
  });
});
