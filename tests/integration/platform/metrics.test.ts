import { GET as metrics } from "@/app/api/platform/metrics/route";
import type { Plan, TicketStatus } from "@/generated/prisma/enums";
import { createTickets, createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { itRefusesAllButPlatformAdmins } from "../helpers/platform-admin-only";

type User = { id: string; sessionVersion: number };
async function get(user: User | null) {
  const headers = user ? { cookie: await sessionCookie(user) } : undefined;
  return readJson(await metrics(makeRequest("/api/platform/metrics", { headers }), params()));
}

/** Known data: what each organisation holds, from which the expected figures are counted here. */
const SEED: { plan: Plan; users: { active: boolean }[]; tickets: TicketStatus[] }[] = [
  { plan: "free", users: [{ active: true }, { active: false }], tickets: ["open", "open", "resolved"] },
  {
    plan: "starter",
    users: [{ active: true }, { active: true }, { active: true }],
    tickets: ["pending", "in_progress", "closed", "closed", "resolved"],
  },
  { plan: "enterprise", users: [{ active: false }], tickets: [] },
  { plan: "enterprise", users: [], tickets: ["open"] },
];

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants(); // two pro organisations: 5 active users, no tickets
  for (const [i, org] of SEED.entries()) {
    const created = await db.organization.create({
      data: { name: `Seeded ${i}`, slug: `seeded-${i}`, plan: org.plan },
    });
    for (const u of org.users) await createUser(created.id, "agent", { isActive: u.active });
    await createTickets(created.id, org.tickets);
  }
});

describe("GET /api/platform/metrics", () => {
  it("equals the counts of the seeded data", async () => {
    const tickets = SEED.flatMap((o) => o.tickets);
    const users = SEED.flatMap((o) => o.users);
    const plans = [...SEED.map((o) => o.plan), "pro", "pro"];
    const { status, body } = await get(world.users.platform_admin);
    expect(status).toBe(200);
    expect(body).toEqual({
      totalOrganizations: SEED.length + 2,
      totalUsers: users.length + 5,
      activeUsers: users.filter((u) => u.active).length + 5,
      totalTickets: tickets.length,
      openTickets: tickets.filter((s) => s === "open" || s === "pending" || s === "in_progress").length,
      resolvedTickets: tickets.filter((s) => s === "resolved" || s === "closed").length,
      planDistribution: {
        free: plans.filter((p) => p === "free").length,
        starter: plans.filter((p) => p === "starter").length,
        pro: plans.filter((p) => p === "pro").length,
        enterprise: plans.filter((p) => p === "enterprise").length,
      },
    });
    // The same figures by hand: 6 organisations, 11 users (9 active), 9 tickets (5 open, 4 resolved).
    expect(body).toMatchObject({
      totalOrganizations: 6,
      totalUsers: 11,
      activeUsers: 9,
      totalTickets: 9,
      openTickets: 5,
      resolvedTickets: 4,
      planDistribution: { free: 1, starter: 1, pro: 2, enterprise: 2 },
    });
  });

  it("follows a change at once (nothing is cached)", async () => {
    const org = await db.organization.findFirstOrThrow({ where: { slug: "seeded-0" } });
    await db.organization.update({ where: { id: org.id }, data: { plan: "pro" } });
    const { body } = await get(world.users.platform_admin);
    expect(body.planDistribution).toEqual({ free: 0, starter: 1, pro: 3, enterprise: 2 });
    await db.organization.update({ where: { id: org.id }, data: { plan: "free" } });
  });

  itRefusesAllButPlatformAdmins(get, () => world.users);
});
