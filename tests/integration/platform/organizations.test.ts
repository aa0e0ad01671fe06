import { GET as getOne } from "@/app/api/organizations/[id]/route";
import { GET as list } from "@/app/api/organizations/route";
import type { TicketStatus } from "@/generated/prisma/enums";
import {
  createOrg,
  createTickets,
  createUser,
  freshTwoTenants,
  sessionCookie,
  type TwoTenants,
} from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { OPEN_STATUSES } from "@/lib/tickets/fields";

type User = { id: string; sessionVersion: number };
type OrgJson = {
  id: string;
  name: string;
  plan: string;
  createdAt: string;
  supportEmails: { email: string }[];
  stats: { totalTickets: number; openTickets: number };
};

async function directory(user: User | null, query = "") {
  const headers = user ? { cookie: await sessionCookie(user) } : undefined;
  const res = await list(makeRequest(`/api/organizations${query}`, { headers }), params());
  return {
    status: res.status,
    body: (await res.json()) as OrgJson[] & { error?: string },
    next: res.headers.get("x-next-cursor"),
  };
}
async function one(user: User | null, id: string) {
  const headers = user ? { cookie: await sessionCookie(user) } : undefined;
  return readJson(await getOne(makeRequest(`/api/organizations/${id}`, { headers }), params({ id })));
}

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
  await createTickets(world.org.id, ["open", "pending", "in_progress", "resolved", "closed", "open"]);
  await createTickets(world.other.id, ["closed"]);
  await db.supportEmail.createMany({
    data: [
      { organizationId: world.other.id, email: "help@other.test", displayName: "Help" },
      { organizationId: world.other.id, email: "billing@other.test", displayName: "Billing", isActive: false },
    ],
  });
});

describe("GET /api/organizations", () => {
  it("gives a platform admin every organisation, newest first, with stats and support emails", async () => {
    const { status, body, next } = await directory(world.users.platform_admin);
    expect(status).toBe(200);
    expect(next).toBeNull();
    expect(body.map((o) => o.id)).toEqual([world.other.id, world.org.id]);
    const own = body.find((o) => o.id === world.org.id)!;
    expect(own).toMatchObject({
      name: world.org.name,
      plan: "pro",
      supportEmails: [],
      stats: { totalTickets: 6, openTickets: 4 },
    });
    expect(new Date(own.createdAt).getTime()).toBe(world.org.createdAt.getTime());
    const other = body.find((o) => o.id === world.other.id)!;
    expect(other.stats).toEqual({ totalTickets: 1, openTickets: 0 });
    expect(other.supportEmails.map((e) => e.email)).toEqual(["help@other.test", "billing@other.test"]);
  });

  it("counts as open exactly the open views' statuses", async () => {
    const { body } = await directory(world.users.platform_admin);
    const expected = ["open", "pending", "in_progress", "resolved", "closed", "open"].filter((s) =>
      OPEN_STATUSES.includes(s as TicketStatus),
    ).length;
    expect(body.find((o) => o.id === world.org.id)!.stats.openTickets).toBe(expected);
  });

  it("is not for customers: an end user gets 403, not even their own organisation", async () => {
    expect(await directory(world.users.end_user)).toMatchObject({ status: 403, body: { code: "forbidden" } });
  });

  it.each(["org_admin", "agent"] as const)("gives a %s only their own organisation", async (role) => {
    const { status, body, next } = await directory(world.users[role]);
    expect(status).toBe(200);
    expect(next).toBeNull();
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ id: world.org.id, stats: { totalTickets: 6, openTickets: 4 } });
  });

  it("does not let a non-platform user reach another organisation through search or a cursor", async () => {
    expect((await directory(world.users.otherAdmin, `?q=${encodeURIComponent(world.org.name)}`)).body).toEqual([]);
    const all = await directory(world.users.platform_admin, "?limit=1");
    expect((await directory(world.users.otherAdmin, `?cursor=${all.next}`)).body).toEqual([]);
  });

  it("searches names case-insensitively on the server", async () => {
    const named = await db.organization.create({ data: { name: "Zebra Logistics", slug: "zebra-logistics" } });
    await db.organization.create({ data: { name: "Yak Shaving Ltd", slug: "yak" } });
    const { body } = await directory(world.users.platform_admin, "?q=zEBRA%20log");
    expect(body.map((o) => o.id)).toEqual([named.id]);
    expect((await directory(world.users.platform_admin, "?q=nothing-like-this")).body).toEqual([]);
  });

  it("treats LIKE wildcards in the search as plain characters", async () => {
    const percent = await db.organization.create({ data: { name: "100% Uptime Co", slug: "percent" } });
    expect(
      (await directory(world.users.platform_admin, `?q=${encodeURIComponent("0% up")}`)).body.map((o) => o.id),
    ).toEqual([percent.id]);
    expect(
      (await directory(world.users.platform_admin, `?q=${encodeURIComponent("%")}`)).body.map((o) => o.id),
    ).toEqual([percent.id]);
    expect((await directory(world.users.platform_admin, `?q=${encodeURIComponent("_")}`)).body).toEqual([]);
  });

  it("pages with a keyset cursor until every organisation was seen once", async () => {
    for (let i = 0; i < 5; i++) await createOrg("starter");
    const total = await db.organization.count();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof directory>> = await directory(
        world.users.platform_admin,
        `?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.map((o) => o.id));
      cursor = page.next;
      pages++;
    } while (cursor && pages < 50);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(pages).toBe(Math.ceil(total / 2));
  });

  it("keeps a search across pages", async () => {
    const a = await db.organization.create({ data: { name: "Paged Alpha", slug: "paged-a" } });
    const b = await db.organization.create({ data: { name: "Paged Beta", slug: "paged-b" } });
    const first = await directory(world.users.platform_admin, "?q=paged&limit=1");
    expect(first.body.map((o) => o.id)).toEqual([b.id]);
    const second = await directory(world.users.platform_admin, `?q=paged&limit=1&cursor=${first.next}`);
    expect(second.body.map((o) => o.id)).toEqual([a.id]);
    expect(second.next).toBeNull();
  });

  it.each([
    ["?limit=0", "limit must be at least 1"],
    ["?limit=201", "limit must be at most 200"],
    ["?limit=abc", "limit must be a number"],
    ["?limit=1.5", "limit must be a whole number"],
    [`?q=${"x".repeat(201)}`, "Search is too long"],
    ["?cursor=not-a-cursor", "Invalid cursor"],
  ])("rejects %s", async (query, message) => {
    const { status, body } = await directory(world.users.platform_admin, query);
    expect(status).toBe(400);
    expect(body.error).toBe(message);
  });

  it("needs a session", async () => {
    const { status, body } = await directory(null);
    expect(status).toBe(401);
    expect(body.error).toBe("Authentication required");
  });
});

describe("GET /api/organizations/{id}", () => {
  it.each(["platform_admin", "org_admin", "agent"] as const)("gives a %s their own organisation", async (role) => {
    expect(await one(world.users[role], world.org.id)).toMatchObject({
      status: 200,
      body: {
        id: world.org.id,
        name: world.org.name,
        plan: "pro",
        onboardingCompleted: true,
        supportEmails: [],
        stats: { totalTickets: 6, openTickets: 4 },
      },
    });
  });

  it("gives a platform admin any organisation", async () => {
    const { status, body } = await one(world.users.platform_admin, world.other.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: world.other.id, stats: { totalTickets: 1, openTickets: 0 } });
    expect((body.supportEmails as unknown[]).length).toBe(2);
  });

  it("refuses an end user any organisation with 403, their own and another alike (plan and totals are the team's)", async () => {
    for (const id of [world.org.id, world.other.id, "no-such-org"])
      expect(await one(world.users.end_user, id)).toEqual({
        status: 403,
        body: { error: "You do not have permission to do this", code: "forbidden" },
      });
  });

  it.each(["org_admin", "agent"] as const)("answers 404 to a %s asking for another tenant", async (role) => {
    expect(await one(world.users[role], world.other.id)).toEqual({
      status: 404,
      body: { error: "Organization not found", code: "not_found" },
    });
  });

  it("answers 404 for an unknown id, even to a platform admin", async () => {
    expect(await one(world.users.platform_admin, "no-such-org")).toEqual({
      status: 404,
      body: { error: "Organization not found", code: "not_found" },
    });
  });

  it("needs a session", async () => {
    expect(await one(null, world.org.id)).toEqual({
      status: 401,
      body: { error: "Authentication required", code: "unauthorized" },
    });
  });

  it("is not fooled by a deactivated platform admin's cookie", async () => {
    const gone = await createUser(world.org.id, "platform_admin", { isActive: false });
    expect((await one(gone, world.other.id)).status).toBe(401);
  });
});
