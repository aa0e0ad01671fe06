import { PATCH as patch } from "@/app/api/organizations/[id]/route";
import { POST as accept } from "@/app/api/team-invites/accept/route";
import { POST as createTicket } from "@/app/api/tickets/route";
import { GET as usage } from "@/app/api/usage/route";
import { hashToken } from "@/lib/auth/tokens";
import { PLANS } from "@/lib/plans/limits";
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

type User = { id: string; sessionVersion: number };

async function changePlan(user: User | null, id: string, body: unknown, headers: Record<string, string> = {}) {
  const cookie: Record<string, string> = user ? { cookie: await sessionCookie(user) } : {};
  return readJson(
    await patch(
      makeRequest(`/api/organizations/${id}`, { method: "PATCH", body, headers: { ...cookie, ...headers } }),
      params({ id }),
    ),
  );
}

async function usageOf(user: User) {
  return readJson(await usage(makeRequest("/api/usage", { headers: { cookie: await sessionCookie(user) } }), params()));
}

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

describe("PATCH /api/organizations/{id}", () => {
  it("lets a platform admin change another organisation's plan and records it there", async () => {
    const target = await createOrg("free");
    const admin = world.users.platform_admin;
    const { status, body } = await changePlan(admin, target.id, { plan: "pro" });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: target.id,
      name: target.name,
      plan: "pro",
      stats: { totalTickets: 0, openTickets: 0 },
      supportEmails: [],
    });
    expect((await db.organization.findUniqueOrThrow({ where: { id: target.id } })).plan).toBe("pro");
    const events = await db.auditEvent.findMany({ where: { action: "organization.plan_changed" } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      organizationId: target.id,
      actorId: admin.id,
      actorType: "user",
      actorLabel: (await db.user.findUniqueOrThrow({ where: { id: admin.id } })).email,
      targetType: "organization",
      targetId: target.id,
      metadata: { from: "free", to: "pro" },
    });
  });

  it("records nothing when the plan is already the one asked for", async () => {
    const target = await createOrg("starter");
    expect(await changePlan(world.users.platform_admin, target.id, { plan: "starter" })).toMatchObject({
      status: 200,
      body: { plan: "starter" },
    });
    expect(await db.auditEvent.count({ where: { organizationId: target.id } })).toBe(0);
  });

  it.each(["org_admin", "agent", "end_user"] as const)(
    "refuses a %s, even for their own organisation",
    async (role) => {
      expect(await changePlan(world.users[role], world.org.id, { plan: "enterprise" })).toEqual({
        status: 403,
        body: { error: "You do not have permission to do this", code: "forbidden" },
      });
      expect(await changePlan(world.users[role], world.other.id, { plan: "enterprise" })).toMatchObject({
        status: 403,
      });
      expect((await db.organization.findUniqueOrThrow({ where: { id: world.org.id } })).plan).toBe("pro");
      expect(
        await db.auditEvent.count({
          where: { action: "organization.plan_changed", organizationId: { in: [world.org.id, world.other.id] } },
        }),
      ).toBe(0);
    },
  );

  it("needs a session", async () => {
    expect(await changePlan(null, world.org.id, { plan: "free" })).toEqual({
      status: 401,
      body: { error: "Authentication required", code: "unauthorized" },
    });
  });

  it("answers 404 for an unknown organisation", async () => {
    expect(await changePlan(world.users.platform_admin, "no-such-org", { plan: "pro" })).toEqual({
      status: 404,
      body: { error: "Organization not found", code: "not_found" },
    });
  });

  it.each([[{ plan: "platinum" }], [{ plan: "" }], [{ plan: 3 }], [{}]])(
    "rejects %j with a clear message",
    async (body) => {
      expect(await changePlan(world.users.platform_admin, world.other.id, body)).toMatchObject({
        status: 400,
        body: { error: "Plan must be one of free, starter, pro or enterprise" },
      });
      expect((await db.organization.findUniqueOrThrow({ where: { id: world.other.id } })).plan).toBe("pro");
    },
  );

  it("rejects a cross-site request", async () => {
    expect(
      await changePlan(
        world.users.platform_admin,
        world.other.id,
        { plan: "free" },
        { origin: "https://evil.example" },
      ),
    ).toEqual({
      status: 403,
      body: { error: "Cross-site request rejected", code: "cross_site_rejected" },
    });
  });
});

describe("a plan change takes effect on limits at once", () => {
  async function invite(organizationId: string, token: string) {
    await db.teamInvite.create({
      data: {
        organizationId,
        email: `${token}@example.test`,
        role: "agent",
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    return accept(
      makeRequest("/api/team-invites/accept", {
        method: "POST",
        body: { token, fullName: "New Agent", password: "joining-password" },
      }),
      params(),
    );
  }

  it("opens a second agent seat when a free organisation moves to starter, and closes it again on the way back", async () => {
    const org = await createOrg("free");
    await createUser(org.id, "org_admin"); // the free plan's one seat
    const full = await readJson(await invite(org.id, "seat-before-upgrade"));
    expect(full).toEqual({
      status: 409,
      body: {
        error: "Your Free plan's agent seats are all in use. Upgrade your plan to add more team members.",
        code: "seat_limit_reached",
      },
    });

    expect((await changePlan(world.users.platform_admin, org.id, { plan: "starter" })).status).toBe(200);
    expect((await invite(org.id, "seat-after-upgrade")).status).toBe(201);
    expect(await db.user.count({ where: { organizationId: org.id } })).toBe(2);

    // Starter's two seats are now taken: a third is refused under the Starter name.
    expect((await readJson(await invite(org.id, "seat-third"))).body.error).toBe(
      "Your Starter plan's agent seats are all in use. Upgrade your plan to add more team members.",
    );
    // Moving down keeps both members but leaves no room.
    expect((await changePlan(world.users.platform_admin, org.id, { plan: "free" })).status).toBe(200);
    expect(await db.user.count({ where: { organizationId: org.id, isActive: true } })).toBe(2);
    expect((await invite(org.id, "seat-after-downgrade")).status).toBe(409);
  });

  it("changes the ticket limit in the usage figures and ticket creation", async () => {
    const org = await createOrg("free");
    const agent = await createUser(org.id, "org_admin");
    await createTickets(org.id, PLANS.free.tickets);
    const post = async () =>
      createTicket(
        makeRequest("/api/tickets", {
          method: "POST",
          body: { subject: "one more", description: "d" },
          headers: { cookie: await sessionCookie(agent) },
        }),
        params(),
      );

    expect(await usageOf(agent)).toMatchObject({
      status: 200,
      body: { plan: "free", tickets: { current: 150, limit: 150, remaining: 0, percentUsed: 100 } },
    });
    expect(await readJson(await post())).toEqual({
      status: 403,
      body: {
        error: "Ticket limit reached: your Free plan allows 150 tickets. Upgrade your plan to create more.",
        code: "ticket_limit_reached",
      },
    });

    expect((await changePlan(world.users.platform_admin, org.id, { plan: "starter" })).status).toBe(200);
    expect(await usageOf(agent)).toMatchObject({
      body: { plan: "starter", tickets: { current: 150, limit: 500, remaining: 350, percentUsed: 30 } },
    });
    expect((await post()).status).toBe(201);

    expect((await changePlan(world.users.platform_admin, org.id, { plan: "enterprise" })).status).toBe(200);
    expect(await usageOf(agent)).toMatchObject({
      body: { plan: "enterprise", tickets: { current: 151, limit: -1, remaining: -1, percentUsed: 0 } },
    });
  });
});
