import { GET as listRoute } from "@/app/api/v1/users/route";
import { GET as getRoute } from "@/app/api/v1/users/[id]/route";
import { apiTokenOf } from "../helpers/api-token";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { allPages, callApi, REFUSED, refusals } from "./calls";

// The public API's team: a users:read token reads its organisation's agents and admins, each with
// their groups, and never a portal account, another organisation's member or a sign-in secret.

type ApiUser = { id: string; fullName: string; email: string; role: string; groupIds: string[] };

let org: { id: string };
let headers: Record<string, string>;
let team: { id: string; fullName: string }[];
let stranger: { id: string };
let customer: { id: string };
let groupId: string;

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg("enterprise");
  const other = await createOrg("enterprise");
  team = [];
  for (const [i, role] of (["org_admin", "agent", "agent"] as const).entries()) {
    const user = await createUser(org.id, role, { fullName: `Member ${i}` });
    team.push(
      await db.user.update({ where: { id: user.id }, data: { createdAt: new Date(Date.UTC(2026, 0, 1 + i)) } }),
    );
  }
  customer = await createUser(org.id, "end_user");
  stranger = await createUser(other.id, "agent");
  groupId = (
    await db.group.create({
      data: {
        organizationId: org.id,
        name: "Billing",
        nameKey: "billing",
        members: { create: { userId: team[1]!.id } },
      },
    })
  ).id;
  headers = (await apiTokenOf(org.id, ["users:read"])).headers;
});

describe("GET /api/v1/users", () => {
  it("lists the team newest first with role, availability and groups, and nothing of their sign-in", async () => {
    const { status, body, link } = await callApi<{ data: ApiUser[]; next_cursor: null }>(
      listRoute,
      "/api/v1/users",
      headers,
    );
    expect({ status, link, next_cursor: body.next_cursor }).toEqual({ status: 200, link: null, next_cursor: null });
    expect(body.data.map((u) => u.fullName)).toEqual(["Member 2", "Member 1", "Member 0"]);
    expect(body.data[1]).toEqual({
      id: team[1]!.id,
      fullName: "Member 1",
      email: expect.any(String),
      role: "agent",
      isActive: true,
      availability: "available",
      groupIds: [groupId],
      createdAt: "2026-01-02T00:00:00.000Z",
    });
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|sessionVersion|avatar|\$argon|\$2[aby]\$/);
    expect(body.data.map((u) => u.id)).not.toContain(customer.id);
    expect(body.data.map((u) => u.id)).not.toContain(stranger.id);
  });

  it("pages through the team with the cursor in the body and the Link header", async () => {
    const pages = await allPages<ApiUser>(listRoute, "/api/v1/users", headers, 2);
    expect(pages.map((p) => p.map((u) => u.fullName))).toEqual([["Member 2", "Member 1"], ["Member 0"]]);
  });

  it.each([
    ["limit=0", "limit must be at least 1"],
    ["limit=201", "limit must be at most 200"],
    ["limit=1.5", "limit must be a whole number"],
    ["limit=many", "limit must be a number"],
    [`cursor=${"x".repeat(201)}`, "Invalid cursor"],
    ["cursor=bm90LWEtY3Vyc29y", "Invalid cursor"],
  ])("refuses %s: 400 %s", async (query, error) => {
    const { status, body } = await callApi(listRoute, `/api/v1/users?${query}`, headers);
    expect({ status, error: body.error }).toEqual({ status: 400, error });
  });

  it("refuses a token without users:read (403 insufficient_scope), a revoked or expired one and none (401)", async () => {
    expect(await refusals(listRoute, "/api/v1/users", org.id, "users:read")).toEqual(REFUSED);
  });
});

describe("GET /api/v1/users/{id}", () => {
  const get = (id: string) => callApi<ApiUser>(getRoute, `/api/v1/users/${id}`, headers, { id });

  it("answers one member of the team", async () => {
    const { status, body } = await get(team[0]!.id);
    expect({ status, id: body.id, role: body.role, groupIds: body.groupIds }).toEqual({
      status: 200,
      id: team[0]!.id,
      role: "org_admin",
      groupIds: [],
    });
  });

  it("answers 404 for another organisation's member, a portal account and an unknown id", async () => {
    for (const id of [stranger.id, customer.id, "no-such-user"])
      expect({ id, status: (await get(id)).status }).toEqual({ id, status: 404 });
  });

  it("refuses a token without users:read, a revoked or expired one and none", async () => {
    const get = (req: Parameters<typeof getRoute>[0]) =>
      getRoute(req, { params: Promise.resolve({ id: team[0]!.id }) });
    expect(await refusals(get, `/api/v1/users/${team[0]!.id}`, org.id, "users:read")).toEqual(REFUSED);
  });
});
