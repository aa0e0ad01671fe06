import { POST as onboardingInvites } from "@/app/api/onboarding/invites/route";
import { POST as accept } from "@/app/api/team-invites/accept/route";
import { DELETE as revoke } from "@/app/api/team-invites/[id]/route";
import { GET as listInvites, POST as invite } from "@/app/api/team-invites/route";
import { GET as verify } from "@/app/api/team-invites/verify/route";
import { POST as login } from "@/app/api/login/route";
import { GET as seats } from "@/app/api/users/seats/route";
import { hashToken } from "@/lib/auth/tokens";
import { drainJobs } from "../helpers/jobs";
import { createOrg, createUser, sessionCookie, twoTenants } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { linkIn, startSmtp } from "../helpers/smtp";

type User = { id: string; sessionVersion: number };
const DAY = 24 * 3600 * 1000;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let world: Awaited<ReturnType<typeof twoTenants>>;
let n = 0;
const email = (prefix = "invitee") => `${prefix}-${++n}@example.test`;

async function postInvite(user: User | null, body: unknown) {
  const headers: Record<string, string> = user ? { cookie: await sessionCookie(user) } : {};
  return readJson(await invite(makeRequest("/api/team-invites", { method: "POST", body, headers }), params()));
}
async function postOnboarding(user: User | null, body: unknown) {
  const headers: Record<string, string> = user ? { cookie: await sessionCookie(user) } : {};
  return readJson(
    await onboardingInvites(makeRequest("/api/onboarding/invites", { method: "POST", body, headers }), params()),
  );
}
// Each call from its own address: these tests are about invitations, not the per-address throttle.
let address = 0;
const acceptToken = (token: string, fullName = "New Teammate", password = "joining-password") =>
  accept(
    makeRequest("/api/team-invites/accept", {
      method: "POST",
      body: { token, fullName, password },
      headers: { "x-forwarded-for": `10.67.${(++address >> 8) & 255}.${address & 255}` },
    }),
    params(),
  );
const tokenFrom = async (to: string) => linkIn(await smtp.mailTo(to), "/accept-invite").searchParams.get("token")!;

/** An invitation written directly (no seat check), for set-ups the API would refuse. */
async function rawInvite(organizationId: string, token: string, to = `${token}@example.test`) {
  return db.teamInvite.create({
    data: {
      organizationId,
      email: to,
      role: "agent",
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 7 * DAY),
    },
  });
}

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  process.env.APP_URL = "https://help.ticketry.test";
  world = await twoTenants();
});
afterAll(() => smtp.stop());

describe("POST /api/team-invites", () => {
  it("invites by email: 201, a 7-day invitation, an audit event and a mail with a working accept link", async () => {
    const to = email();
    const before = Date.now();
    const res = await postInvite(world.users.org_admin, { email: `  ${to.toUpperCase()} `, role: "org_admin" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email: to, role: "org_admin", expiresAt: expect.any(String) });
    const expiresAt = new Date(res.body.expiresAt as string).getTime();
    expect(expiresAt - before).toBeGreaterThanOrEqual(7 * DAY - 1000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(7 * DAY);

    const mail = await smtp.mailTo(to);
    expect(mail.text).toContain(world.org.name);
    const link = linkIn(mail, "/accept-invite");
    expect(link.origin + link.pathname).toBe("https://help.ticketry.test/accept-invite");
    const token = link.searchParams.get("token")!;
    const stored = await db.teamInvite.findFirstOrThrow({ where: { organizationId: world.org.id, email: to } });
    expect(stored).toMatchObject({
      tokenHash: hashToken(token),
      role: "org_admin",
      invitedById: world.users.org_admin.id,
      acceptedAt: null,
    });

    const verified = await readJson(
      await verify(makeRequest(`/api/team-invites/verify?token=${encodeURIComponent(token)}`), params()),
    );
    expect(verified).toEqual({ status: 200, body: { email: to, role: "org_admin", organizationName: world.org.name } });
    expect((await acceptToken(token)).status).toBe(201);
    expect(await db.user.findUniqueOrThrow({ where: { email: to } })).toMatchObject({
      organizationId: world.org.id,
      role: "org_admin",
    });
    const signIn = await login(
      makeRequest("/api/login", { method: "POST", body: { email: to, password: "joining-password" } }),
      params(),
    );
    expect(signIn.status).toBe(200);

    expect(
      await db.auditEvent.findFirst({
        where: { organizationId: world.org.id, action: "invite.sent", targetId: stored.id },
      }),
    ).toMatchObject({
      actorId: world.users.org_admin.id,
      targetType: "invite",
      metadata: { email: to, role: "org_admin" },
    });
  });

  it("defaults the role to agent, and a platform admin may invite", async () => {
    const to = email();
    expect(await postInvite(world.users.platform_admin, { email: to })).toMatchObject({
      status: 201,
      body: { email: to, role: "agent" },
    });
  });

  it.each([
    [{ email: "" }, "Please provide an email address"],
    [{ email: "   " }, "Please provide an email address"],
    [{}, "Please provide an email address"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ email: "ok@example.test", role: "end_user" }, "Role must be Agent or Organization Admin"],
    [{ email: "ok@example.test", role: "platform_admin" }, "Role must be Agent or Organization Admin"],
  ])("rejects %j", async (body, message) => {
    expect(await postInvite(world.users.org_admin, body)).toMatchObject({ status: 400, body: { error: message } });
  });

  it("is for admins only: 401 anonymous, 403 agent and end user", async () => {
    expect((await postInvite(null, { email: email() })).status).toBe(401);
    expect((await postInvite(world.users.agent, { email: email() })).status).toBe(403);
    expect((await postInvite(world.users.end_user, { email: email() })).status).toBe(403);
  });

  it("refuses a member of the organisation with 409", async () => {
    const existing = world.users.agent.email;
    expect(await postInvite(world.users.org_admin, { email: existing })).toEqual({
      status: 409,
      body: { error: `A user with the email ${existing} already exists`, code: "conflict" },
    });
  });

  it("answers for an address with an account in another organisation exactly as for a fresh one; only its owner is told", async () => {
    const admin = await createUser((await createOrg("pro")).id, "org_admin");
    const elsewhere = world.users.otherAdmin.email;
    const fresh = await postInvite(admin, { email: email(), role: "agent" });
    const taken = await postInvite(admin, { email: elsewhere, role: "agent" });
    const shape = (r: { status: number; body: Record<string, unknown> }) => ({
      status: r.status,
      fields: Object.keys(r.body).sort(),
      role: r.body.role,
    });
    expect(shape(taken)).toEqual(shape(fresh));
    expect(taken.body.email).toBe(elsewhere);
    const notice = await smtp.mailTo(elsewhere);
    expect(notice.text).toContain("already has a Ticketry account in another organisation");
    expect(notice.text).not.toContain("/accept-invite");
  });

  it("re-inviting replaces the earlier invitation: the old link stops working, the new one works", async () => {
    const to = email("again");
    await postInvite(world.users.org_admin, { email: to });
    const first = await tokenFrom(to);
    await drainJobs();
    smtp.clear();
    expect(await postInvite(world.users.org_admin, { email: to, role: "org_admin" })).toMatchObject({
      status: 201,
      body: { role: "org_admin" },
    });
    const second = await tokenFrom(to);
    expect(second).not.toBe(first);
    expect(await db.teamInvite.count({ where: { organizationId: world.org.id, email: to } })).toBe(1);
    expect(await readJson(await acceptToken(first))).toEqual({
      status: 404,
      body: { error: "Invalid or expired invitation", code: "not_found" },
    });
    expect((await acceptToken(second)).status).toBe(201);
    expect((await db.user.findUniqueOrThrow({ where: { email: to } })).role).toBe("org_admin");
  });

  it("counts seats in use plus live invitations to other emails against the plan", async () => {
    const org = await createOrg("starter"); // 2 seats
    const admin = await createUser(org.id, "org_admin");
    const first = email("seat");
    expect((await postInvite(admin, { email: first })).status).toBe(201);
    const full = await postInvite(admin, { email: email("seat") });
    expect(full.status).toBe(409);
    expect(full.body.error).toMatch(/seats are all in use/);
    // Re-inviting the pending email replaces its invitation rather than taking another seat.
    expect((await postInvite(admin, { email: first })).status).toBe(201);
    // Expired invitations and inactive or end-user accounts hold no seat.
    await db.teamInvite.updateMany({
      where: { organizationId: org.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await createUser(org.id, "agent", { isActive: false });
    await createUser(org.id, "end_user");
    expect((await postInvite(admin, { email: email("seat") })).status).toBe(201);
  });

  it("keeps the seat limit under 10 parallel invitations", async () => {
    const org = await createOrg("pro"); // 10 seats
    const admin = await createUser(org.id, "org_admin");
    await Promise.all(Array.from({ length: 6 }, () => createUser(org.id, "agent")));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => postInvite(admin, { email: email("parallel") })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await db.teamInvite.count({ where: { organizationId: org.id } })).toBe(3);
  });

  it("invites without limit on enterprise", async () => {
    const org = await createOrg("enterprise");
    const admin = await createUser(org.id, "org_admin");
    const results = await Promise.all(Array.from({ length: 12 }, () => postInvite(admin, { email: email("ent") })));
    expect(results.every((r) => r.status === 201)).toBe(true);
  });
});

describe("POST /api/onboarding/invites", () => {
  it("sends every invitation of the list: 201 {sent}, one mail each, audit events", async () => {
    const org = await createOrg("pro", { onboardingCompleted: false });
    const admin = await createUser(org.id, "org_admin");
    const a = email("wizard");
    const b = email("wizard");
    const res = await postOnboarding(admin, {
      invites: [
        { email: ` ${a} `, role: "agent" },
        { email: b.toUpperCase(), role: "org_admin" },
      ],
    });
    expect(res).toEqual({ status: 201, body: { sent: 2 } });
    expect(
      await db.teamInvite.findMany({
        where: { organizationId: org.id },
        select: { email: true, role: true },
        orderBy: { email: "asc" },
      }),
    ).toEqual(
      [
        { email: a, role: "agent" },
        { email: b, role: "org_admin" },
      ].sort((x, y) => x.email.localeCompare(y.email)),
    );
    expect((await acceptToken(await tokenFrom(b))).status).toBe(201);
    expect(await db.auditEvent.count({ where: { organizationId: org.id, action: "invite.sent" } })).toBe(2);
  });

  it.each([
    [{ invites: [] }, "Please add at least one team member"],
    [{}, "Please add at least one team member"],
    [{ invites: [{ email: "" }] }, "Please provide an email address"],
    [
      { invites: [{ email: "dup@example.test" }, { email: " DUP@example.test " }] },
      "This email has already been added",
    ],
    [{ invites: [{ email: "x@example.test", role: "platform_admin" }] }, "Role must be Agent or Organization Admin"],
    [
      { invites: Array.from({ length: 21 }, (_, i) => ({ email: `many-${i}@example.test` })) },
      "You can invite at most 20 team members at once",
    ],
  ])("rejects %j", async (body, message) => {
    expect(await postOnboarding(world.users.org_admin, body)).toMatchObject({ status: 400, body: { error: message } });
  });

  it("is for admins only", async () => {
    const body = { invites: [{ email: email() }] };
    expect((await postOnboarding(null, body)).status).toBe(401);
    expect((await postOnboarding(world.users.agent, body)).status).toBe(403);
    expect((await postOnboarding(world.users.end_user, body)).status).toBe(403);
    expect((await postOnboarding(world.users.platform_admin, body)).status).toBe(201);
  });

  it("is all or nothing: an existing account or too few seats creates no invitation and sends no mail", async () => {
    const org = await createOrg("starter"); // 2 seats: the admin holds one
    const admin = await createUser(org.id, "org_admin");
    await drainJobs();
    smtp.clear();
    const tooMany = await postOnboarding(admin, { invites: [{ email: email("aon") }, { email: email("aon") }] });
    expect(tooMany).toEqual({
      status: 409,
      body: {
        error: "Your Starter plan has 1 agent seat left. Invite fewer team members or upgrade your plan.",
        code: "seat_limit_reached",
      },
    });
    const taken = await postOnboarding(admin, {
      invites: [{ email: email("aon") }, { email: admin.email }],
    });
    expect(taken).toEqual({
      status: 409,
      body: { error: `A user with the email ${admin.email} already exists`, code: "conflict" },
    });
    expect(await db.teamInvite.count({ where: { organizationId: org.id } })).toBe(0);
    await drainJobs();
    expect(smtp.messages).toHaveLength(0);
  });
});

describe("GET /api/team-invites and GET /api/users/seats", () => {
  it("lists the live invitations of the admin's own organisation", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin");
    const live = email("live");
    await postInvite(admin, { email: live });
    await rawInvite(org.id, `expired-${n}`).then((i) =>
      db.teamInvite.update({ where: { id: i.id }, data: { expiresAt: new Date(Date.now() - 1) } }),
    );
    await postInvite(world.users.otherAdmin, { email: email("elsewhere") });
    const res = await readJson(
      await listInvites(
        makeRequest("/api/team-invites", { headers: { cookie: await sessionCookie(admin) } }),
        params(),
      ),
    );
    expect(res.status).toBe(200);
    expect((res.body as unknown as { email: string; role: string }[]).map((i) => [i.email, i.role])).toEqual([
      [live, "agent"],
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/token/i);
  });

  it("lists invitations for admins only", async () => {
    const get = async (user: User | null) =>
      (
        await listInvites(
          makeRequest("/api/team-invites", { headers: user ? { cookie: await sessionCookie(user) } : {} }),
          params(),
        )
      ).status;
    expect(await get(null)).toBe(401);
    expect(await get(world.users.agent)).toBe(403);
    expect(await get(world.users.end_user)).toBe(403);
    expect(await get(world.users.org_admin)).toBe(200);
    expect(await get(world.users.platform_admin)).toBe(200);
  });

  it("reports seats in use, live invitations and the limit to every member of the team, to no customer", async () => {
    const org = await createOrg("starter");
    const admin = await createUser(org.id, "org_admin");
    const customer = await createUser(org.id, "end_user");
    await createUser(org.id, "agent", { isActive: false });
    await postInvite(admin, { email: email("pending") });
    const seatsFor = async (user: User) =>
      readJson(
        await seats(makeRequest("/api/users/seats", { headers: { cookie: await sessionCookie(user) } }), params()),
      );
    expect(await seatsFor(admin)).toEqual({ status: 200, body: { plan: "starter", used: 1, pending: 1, limit: 2 } });
    expect((await seatsFor(customer)).status).toBe(403);
    const ent = await createOrg("enterprise");
    const entUser = await createUser(ent.id, "agent");
    expect(
      (
        await readJson(
          await seats(makeRequest("/api/users/seats", { headers: { cookie: await sessionCookie(entUser) } }), params()),
        )
      ).body,
    ).toMatchObject({ limit: -1, used: 1 });
    expect((await seats(makeRequest("/api/users/seats"), params())).status).toBe(401);
  });
});

describe("seat limit on accept", () => {
  it("admits exactly the free seat to 10 parallel accepts of 10 different invitations", async () => {
    // A free org has 1 seat. Its owner is an end user here so the seat is free to take.
    const org = await createOrg("free");
    await createUser(org.id, "end_user");
    await Promise.all(Array.from({ length: 10 }, (_, i) => rawInvite(org.id, `free-race-${i}`)));
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => acceptToken(`free-race-${i}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await db.user.count({ where: { organizationId: org.id, role: "agent", isActive: true } })).toBe(1);
  });

  it("admits exactly the free seats of a pro org to 10 parallel accepts", async () => {
    const org = await createOrg("pro"); // 10 seats
    await createUser(org.id, "org_admin");
    await Promise.all(Array.from({ length: 5 }, () => createUser(org.id, "agent")));
    await Promise.all(Array.from({ length: 10 }, (_, i) => rawInvite(org.id, `pro-race-${i}`)));
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => acceptToken(`pro-race-${i}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(await db.user.count({ where: { organizationId: org.id, isActive: true } })).toBe(10);
  });
});

describe("DELETE /api/team-invites/{id}", () => {
  const del = async (user: User | null, id: string) =>
    readJson(
      await revoke(
        makeRequest(`/api/team-invites/${id}`, {
          method: "DELETE",
          headers: user ? { cookie: await sessionCookie(user) } : {},
        }),
        params({ id }),
      ),
    );

  it("withdraws a pending invitation: its link stops working, its seat is free again, the event is recorded", async () => {
    const org = await createOrg("starter"); // 2 seats
    const admin = await createUser(org.id, "org_admin");
    const to = email("revoked");
    await postInvite(admin, { email: to });
    const token = await tokenFrom(to);
    expect((await postInvite(admin, { email: email("blocked") })).status).toBe(409);
    const stored = await db.teamInvite.findFirstOrThrow({ where: { organizationId: org.id, email: to } });

    expect(await del(admin, stored.id)).toEqual({ status: 200, body: { ok: true } });
    expect(await readJson(await acceptToken(token))).toEqual({
      status: 404,
      body: { error: "Invalid or expired invitation", code: "not_found" },
    });
    expect((await postInvite(admin, { email: email("now-fits") })).status).toBe(201);
    expect(
      await db.auditEvent.findFirst({ where: { organizationId: org.id, action: "invite.revoked" } }),
    ).toMatchObject({
      actorId: admin.id,
      targetType: "invite",
      targetId: stored.id,
      metadata: { email: to, role: "agent" },
    });
    expect(await del(admin, stored.id)).toEqual({
      status: 404,
      body: { error: "Invitation not found", code: "not_found" },
    });
  });

  it("is for admins of the invitation's own organisation; an accepted invitation cannot be withdrawn", async () => {
    const to = email("guarded");
    await postInvite(world.users.org_admin, { email: to });
    const stored = await db.teamInvite.findFirstOrThrow({ where: { organizationId: world.org.id, email: to } });
    expect((await del(null, stored.id)).status).toBe(401);
    expect((await del(world.users.agent, stored.id)).status).toBe(403);
    expect((await del(world.users.end_user, stored.id)).status).toBe(403);
    expect(await del(world.users.platform_admin, "no-such-invite")).toEqual({
      status: 404,
      body: { error: "Invitation not found", code: "not_found" },
    });
    expect(await del(world.users.otherAdmin, stored.id)).toEqual({
      status: 404,
      body: { error: "Invitation not found", code: "not_found" },
    });
    expect((await acceptToken(await tokenFrom(to))).status).toBe(201);
    expect(await del(world.users.org_admin, stored.id)).toEqual({
      status: 404,
      body: { error: "Invitation not found", code: "not_found" },
    });
    expect(await db.teamInvite.count({ where: { id: stored.id } })).toBe(1);
  });
});
