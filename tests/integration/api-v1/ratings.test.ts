import { GET as listRoute } from "@/app/api/v1/ratings/route";
import { apiTokenOf } from "../helpers/api-token";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { allPages, callApi, REFUSED, refusals } from "./calls";

// The public API's satisfaction ratings: the organisation's, newest first, each with its ticket,
// score, comment and the agent it counts for; never another organisation's.

type ApiRating = { ticketNumber: number; score: string };
type Page = { data: ApiRating[]; next_cursor: string | null };

let org: { id: string };
let headers: Record<string, string>;
let agentId: string;
let number = 0;

async function rated(organizationId: string, day: number, score: "good" | "bad", comment: string | null = null) {
  const ticket = await db.ticket.create({
    data: {
      organizationId,
      ticketNumber: ++number,
      subject: "s",
      description: "d",
      customerName: "C",
      customerEmail: "c@x.test",
      status: "resolved",
    },
  });
  const at = new Date(Date.UTC(2026, 10, day));
  await db.satisfactionRating.create({
    data: { organizationId, ticketId: ticket.id, score, comment, agentId, ratedAt: at, updatedAt: at },
  });
  return ticket;
}

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg("enterprise");
  const other = await createOrg("enterprise");
  agentId = (await createUser(org.id, "agent")).id;
  await rated(org.id, 1, "good");
  await rated(org.id, 3, "bad", "Too slow");
  await rated(org.id, 2, "good", "Thanks");
  await rated(other.id, 4, "bad", "Other organisation");
  headers = (await apiTokenOf(org.id, ["ratings:read"])).headers;
});

describe("GET /api/v1/ratings", () => {
  it("lists the organisation's ratings newest first with their ticket, score, comment, agent and times", async () => {
    const { status, body } = await callApi<Page>(listRoute, "/api/v1/ratings", headers);
    expect(status).toBe(200);
    expect(body.next_cursor).toBeNull();
    expect(body.data.map((r) => r.ticketNumber)).toEqual([2, 3, 1]);
    const ticket = await db.ticket.findFirstOrThrow({ where: { organizationId: org.id, ticketNumber: 2 } });
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      ticketId: ticket.id,
      ticketNumber: 2,
      score: "bad",
      comment: "Too slow",
      agentId,
      ratedAt: "2026-11-03T00:00:00.000Z",
      updatedAt: "2026-11-03T00:00:00.000Z",
    });
    expect(JSON.stringify(body)).not.toContain("Other organisation");
  });

  it("pages through every rating once, following the Link header", async () => {
    const pages = await allPages<ApiRating>(listRoute, "/api/v1/ratings", headers, 2);
    expect(pages.map((p) => p.map((r) => r.ticketNumber))).toEqual([[2, 3], [1]]);
  });

  it.each([
    ["limit=0", "limit must be at least 1"],
    ["limit=201", "limit must be at most 200"],
    ["limit=1.5", "limit must be a whole number"],
    [`cursor=${"x".repeat(201)}`, "Invalid cursor"],
    ["cursor=bm90LWEtY3Vyc29y", "Invalid cursor"],
  ])("refuses %s: 400 %s", async (query, error) => {
    const { status, body } = await callApi(listRoute, `/api/v1/ratings?${query}`, headers);
    expect({ status, error: body.error }).toEqual({ status: 400, error });
  });

  it("refuses a token without ratings:read (403 insufficient_scope), a revoked or expired one and none (401)", async () => {
    expect(await refusals(listRoute, "/api/v1/ratings", org.id, "ratings:read")).toEqual(REFUSED);
  });
});
