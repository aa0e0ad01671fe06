import { hashToken, newToken } from "@/lib/auth/tokens";
import { createOrg, createTickets, createUser, nextTicketNumber, PASSWORD, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { startSmtp } from "../helpers/smtp";
import { invoke } from "./discover";
import type { Call, Method } from "./route-table";
import { portalAuth } from "../helpers/portal-auth";

// Concurrency: parallel requests cannot break the invariants. Every test fires its requests
// at once (Promise.all) through the real route handlers and checks the database afterwards.

jest.setTimeout(60_000);

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
});
afterAll(() => smtp.stop());

type User = { id: string; sessionVersion: number };
let ip = 0;
async function as(user: User | null, route: string, method: Method, call: Call) {
  const headers: Record<string, string> = { "x-forwarded-for": `10.77.${(++ip >> 8) & 255}.${ip & 255}` };
  if (user) {
    const fresh = await db.user.findUniqueOrThrow({
      where: { id: user.id },
      select: { id: true, sessionVersion: true },
    });
    headers.cookie = await sessionCookie(fresh);
  }
  const res = await invoke(route, method, call, headers);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const parallel = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));
const statuses = (rs: { status: number }[]) => rs.map((r) => r.status).sort();

async function ticketIn(organizationId: string, number = 1) {
  const due = new Date(Date.now() + 86_400_000);
  await nextTicketNumber(organizationId);
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: number,
      subject: "Shared",
      description: "d",
      customerName: "C",
      customerEmail: "c@example.test",
      firstResponseDueAt: due,
      resolutionDueAt: due,
      slaRiskAt: due,
    },
  });
}

describe("ticket numbers", () => {
  it("stay unique and gap-free per organisation (when every creation succeeds) under parallel agent and portal creates in two organisations", async () => {
    const [a, b] = [await createOrg("enterprise"), await createOrg("enterprise")];
    const [agentA, agentB] = [await createUser(a.id, "agent"), await createUser(b.id, "agent")];
    // Two portal sign-ins: one alone may open only so many tickets in a few minutes.
    const portalTokens = [newToken(), newToken()];
    for (const token of portalTokens) {
      await db.portalSession.create({
        data: {
          organizationId: a.id,
          email: "buyer@example.test",
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + 3_600_000),
        },
      });
    }
    const results = await parallel(60, (i) =>
      i % 3 === 0
        ? invoke(
            "/api/portal/tickets",
            "POST",
            { body: { subject: `p${i}`, description: "d" } },
            portalAuth(a.slug, portalTokens[(i / 3) % 2]!),
          ).then((r) => r.status)
        : as(i % 3 === 1 ? agentA : agentB, "/api/tickets", "POST", {
            body: { subject: `s${i}`, description: "d" },
          }).then((r) => r.status),
    );
    expect(results.filter((s) => s !== 201)).toEqual([]);
    for (const org of [a, b]) {
      const numbers = (
        await db.ticket.findMany({
          where: { organizationId: org.id },
          select: { ticketNumber: true },
          orderBy: { ticketNumber: "asc" },
        })
      ).map((t) => t.ticketNumber);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      // No half-written ticket: every ticket has its creation event.
      expect(
        await db.ticket.count({
          where: { organizationId: org.id, auditEvents: { none: { action: "ticket.created" } } },
        }),
      ).toBe(0);
    }
    expect(await db.ticket.count({ where: { organizationId: a.id } })).toBe(40);
    expect(await db.ticket.count({ where: { organizationId: b.id } })).toBe(20);
  });
});

describe("plan limits", () => {
  it("the free plan's 150th ticket is created once, whatever the race", async () => {
    const org = await createOrg("free");
    const admin = await createUser(org.id, "org_admin");
    await createTickets(org.id, 147, new Date(Date.now() + 86_400_000));
    const results = await parallel(12, (i) =>
      as(admin, "/api/tickets", "POST", { body: { subject: `race ${i}`, description: "d" } }),
    );
    expect(statuses(results)).toEqual([...Array(3).fill(201), ...Array(9).fill(403)]);
    expect(await db.ticket.count({ where: { organizationId: org.id } })).toBe(150);
  });

  it("support addresses never exceed the plan's allowance", async () => {
    const org = await createOrg("pro"); // 5 addresses
    const admin = await createUser(org.id, "org_admin");
    const results = await parallel(12, (i) =>
      as(admin, "/api/support-emails", "POST", {
        body: { email: `desk-${i}-${org.id.slice(-6)}@example.test`, displayName: `Desk ${i}` },
      }),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.every((r) => r.status === 201 || (r.status >= 400 && r.status < 500))).toBe(true);
    expect(await db.supportEmail.count({ where: { organizationId: org.id } })).toBe(5);
  });
});

describe("seats", () => {
  it("parallel invitations never promise more seats than the plan has", async () => {
    const org = await createOrg("starter"); // 2 seats
    const admin = await createUser(org.id, "org_admin");
    const results = await parallel(8, (i) =>
      as(admin, "/api/team-invites", "POST", {
        body: { email: `hire-${i}-${org.id.slice(-6)}@example.test`, role: "agent" },
      }),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await db.teamInvite.count({ where: { organizationId: org.id, acceptedAt: null } })).toBe(1);
  });

  it("parallel accepts of separate invitations fill the free seats and no more", async () => {
    const org = await createOrg("starter");
    const admin = await createUser(org.id, "org_admin");
    const tokens = Array.from({ length: 6 }, () => newToken());
    await db.teamInvite.createMany({
      data: tokens.map((t, i) => ({
        organizationId: org.id,
        email: `joiner-${i}-${org.id.slice(-6)}@example.test`,
        role: "agent" as const,
        tokenHash: hashToken(t),
        invitedById: admin.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    });
    const results = await parallel(6, (i) =>
      as(null, "/api/team-invites/accept", "POST", {
        body: { token: tokens[i], fullName: "Joiner", password: "joiner-password" },
      }),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(
      await db.user.count({
        where: { organizationId: org.id, isActive: true, role: { in: ["agent", "org_admin", "platform_admin"] } },
      }),
    ).toBe(2);
  });

  it("parallel promotions of customers to agents stop at the seat limit", async () => {
    const org = await createOrg("starter");
    const admin = await createUser(org.id, "org_admin");
    const customers = await parallel(5, () => createUser(org.id, "end_user"));
    const results = await parallel(5, (i) =>
      as(admin, "/api/users/[id]", "PATCH", { params: { id: customers[i]!.id }, body: { role: "agent" } }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(
      await db.user.count({ where: { organizationId: org.id, role: { in: ["agent", "org_admin"] }, isActive: true } }),
    ).toBe(2);
  });
});

describe("single-use tokens", () => {
  it("one password reset token resets once", async () => {
    const org = await createOrg("pro");
    const user = await createUser(org.id, "agent");
    const token = newToken();
    await db.passwordResetToken.create({
      data: {
        organizationId: org.id,
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const results = await parallel(8, (i) =>
      as(null, "/api/auth/reset-password", "POST", { body: { token, newPassword: `new-password-${i}` } }),
    );
    expect(statuses(results)).toEqual([200, ...Array(7).fill(400)]);
    expect(await db.auditEvent.count({ where: { actorId: user.id, action: "user.password_reset" } })).toBe(1);
  });

  it("one invitation creates one account", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin");
    const token = newToken();
    const email = `once-${org.id.slice(-6)}@example.test`;
    await db.teamInvite.create({
      data: {
        organizationId: org.id,
        email,
        role: "agent",
        tokenHash: hashToken(token),
        invitedById: admin.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const results = await parallel(8, (i) =>
      as(null, "/api/team-invites/accept", "POST", {
        body: { token, fullName: `Twin ${i}`, password: "twin-password" },
      }),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || r.status === 404 || r.status === 409)).toBe(true);
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it("one portal code opens one session", async () => {
    const org = await createOrg("pro");
    const email = `portal-${org.id.slice(-6)}@example.test`;
    smtp.clear();
    expect((await as(null, "/api/portal/access", "POST", { body: { org: org.slug, email } })).status).toBe(200);
    // Read the code where the mail gives it: the organisation's name can be eight digits too.
    const code = (await smtp.mailTo(email)).text.match(/portal is:\s*(\d{8})\b/)![1]!;
    const results = await parallel(8, () =>
      as(null, "/api/portal/access", "POST", { body: { org: org.slug, email, code } }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await db.portalSession.count({ where: { organizationId: org.id, email } })).toBe(1);
  });
});

describe("last-admin protection", () => {
  it("two admins demoting each other at once leave one admin", async () => {
    for (let round = 0; round < 5; round++) {
      const org = await createOrg("pro");
      const [x, y] = [await createUser(org.id, "org_admin"), await createUser(org.id, "org_admin")];
      const results = await Promise.all([
        as(x, "/api/users/[id]", "PATCH", { params: { id: y.id }, body: { role: "agent" } }),
        as(y, "/api/users/[id]", "PATCH", { params: { id: x.id }, body: { isActive: false } }),
      ]);
      expect(results.some((r) => r.status === 200)).toBe(true);
      expect(
        await db.user.count({ where: { organizationId: org.id, role: "org_admin", isActive: true } }),
      ).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("two agents changing one ticket", () => {
  type Change = { field: string; from: string | null; to: string | null };
  async function historyOf(ticketId: string): Promise<Change[]> {
    const events = await db.auditEvent.findMany({
      where: { ticketId, action: { not: "ticket.created" } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { metadata: true },
    });
    return events.map((e) => e.metadata as Change);
  }

  it("different fields: both changes are kept and both are in the history", async () => {
    const org = await createOrg("pro");
    const [one, two] = [await createUser(org.id, "agent"), await createUser(org.id, "agent")];
    for (let round = 0; round < 5; round++) {
      const ticket = await ticketIn(org.id, round + 1);
      const results = await Promise.all([
        as(one, "/api/tickets/[id]", "PUT", { params: { id: ticket.id }, body: { status: "pending" } }),
        as(two, "/api/tickets/[id]", "PUT", { params: { id: ticket.id }, body: { priority: "urgent" } }),
      ]);
      expect(statuses(results)).toEqual([200, 200]);
      const after = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } });
      expect({ status: after.status, priority: after.priority }).toEqual({ status: "pending", priority: "urgent" });
      const history = await historyOf(ticket.id);
      expect(history).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: "status", to: "pending" }),
          expect.objectContaining({ field: "priority", to: "urgent" }),
        ]),
      );
      expect(history).toHaveLength(2);
    }
  });

  it("the same field: the later change wins, both are in the history and the history chains to the final value", async () => {
    const org = await createOrg("pro");
    const [one, two] = [await createUser(org.id, "agent"), await createUser(org.id, "agent")];
    for (let round = 0; round < 12; round++) {
      const ticket = await ticketIn(org.id, round + 1);
      const results = await Promise.all([
        as(one, "/api/tickets/[id]", "PUT", {
          params: { id: ticket.id },
          body: { status: "pending", priority: "high" },
        }),
        as(two, "/api/tickets/[id]", "PUT", {
          params: { id: ticket.id },
          body: { status: "resolved", priority: "low" },
        }),
      ]);
      expect(statuses(results)).toEqual([200, 200]);
      const after = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } });
      for (const field of ["status", "priority"] as const) {
        const changes = (await historyOf(ticket.id)).filter((c) => c.field === field);
        expect(changes).toHaveLength(2);
        // A consistent trail: each change starts from the value the previous one set, and the last one is what the ticket shows.
        expect(changes[0]!.from).toBe(ticket[field]);
        expect(changes[1]!.from).toBe(changes[0]!.to);
        expect(changes[1]!.to).toBe(after[field]);
      }
      // Field by field, the later writer wins both fields together: no mix of the two requests.
      expect([
        ["pending", "high"],
        ["resolved", "low"],
      ]).toContainEqual([after.status, after.priority]);
    }
  });
});

describe("sign-in under load", () => {
  it("parallel logins with the right password all succeed and record one event each", async () => {
    const org = await createOrg("pro");
    const user = await createUser(org.id, "agent");
    const results = await parallel(8, () =>
      as(null, "/api/login", "POST", { body: { email: user.email, password: PASSWORD } }),
    );
    expect(statuses(results)).toEqual(Array(8).fill(200));
    expect(await db.auditEvent.count({ where: { actorId: user.id, action: "user.login" } })).toBe(8);
  });
});
