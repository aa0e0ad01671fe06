import { POST as accept } from "@/app/api/team-invites/accept/route";
import { GET as verify } from "@/app/api/team-invites/verify/route";
import { POST as login } from "@/app/api/login/route";
import { hashToken } from "@/lib/auth/tokens";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

const DAY = 24 * 3600 * 1000;

async function invite(
  organizationId: string,
  token: string,
  overrides: { email?: string; role?: "agent" | "org_admin"; expiresAt?: Date; acceptedAt?: Date } = {},
) {
  return db.teamInvite.create({
    data: {
      organizationId,
      email: overrides.email ?? `${token}@example.test`,
      role: overrides.role ?? "agent",
      tokenHash: hashToken(token),
      expiresAt: overrides.expiresAt ?? new Date(Date.now() + 7 * DAY),
      acceptedAt: overrides.acceptedAt ?? null,
    },
  });
}

const verifyToken = async (token: string) =>
  readJson(await verify(makeRequest(`/api/team-invites/verify?token=${encodeURIComponent(token)}`), params()));
// Each call from its own address: these tests are about invitations, not the per-address throttle.
let address = 0;
const acceptToken = (token: string, body: Record<string, unknown> = {}) =>
  accept(
    makeRequest("/api/team-invites/accept", {
      method: "POST",
      body: { token, fullName: "New Person", password: "joining-password", ...body },
      headers: { "x-forwarded-for": `10.66.${(++address >> 8) & 255}.${address & 255}` },
    }),
    params(),
  );

beforeAll(resetDatabase);

describe("GET /api/team-invites/verify", () => {
  it("returns the email, role and organisation name of a live invitation", async () => {
    const org = await createOrg("pro");
    await invite(org.id, "live-token", { role: "org_admin" });
    expect(await verifyToken("live-token")).toEqual({
      status: 200,
      body: { email: "live-token@example.test", role: "org_admin", organizationName: org.name },
    });
  });

  it("rejects unknown, expired and used invitations with an error", async () => {
    const org = await createOrg("pro");
    await invite(org.id, "expired-token", { expiresAt: new Date(Date.now() - 1000) });
    await invite(org.id, "used-token", { acceptedAt: new Date() });
    for (const token of ["unknown-token", "expired-token", "used-token"]) {
      expect(await verifyToken(token)).toEqual({
        status: 404,
        body: { error: "Invalid or expired invitation", code: "not_found" },
      });
    }
  });

  it("needs a token", async () => {
    expect(await readJson(await verify(makeRequest("/api/team-invites/verify"), params()))).toMatchObject({
      status: 400,
      body: { error: "No invitation token provided" },
    });
  });
});

describe("POST /api/team-invites/accept", () => {
  it("creates the user in the inviting organisation with the invited role and email, once", async () => {
    const org = await createOrg("pro");
    await invite(org.id, "accept-me", { role: "org_admin", email: "joiner@example.test" });
    const res = await acceptToken("accept-me", {
      email: "attacker@example.test",
      role: "platform_admin",
      organizationId: "elsewhere",
    });
    expect(await readJson(res)).toEqual({
      status: 201,
      body: { message: "Your account has been created. Please login to continue." },
    });
    const user = await db.user.findUniqueOrThrow({ where: { email: "joiner@example.test" } });
    expect(user).toMatchObject({ organizationId: org.id, role: "org_admin", fullName: "New Person", isActive: true });
    expect(await db.user.count({ where: { email: "attacker@example.test" } })).toBe(0);

    expect((await acceptToken("accept-me")).status).toBe(404);
    const signIn = await login(
      makeRequest("/api/login", {
        method: "POST",
        body: { email: "joiner@example.test", password: "joining-password" },
      }),
      params(),
    );
    expect(signIn.status).toBe(200);
  });

  it("refuses an expired invitation", async () => {
    const org = await createOrg("pro");
    await invite(org.id, "too-late", { expiresAt: new Date(Date.now() - 1) });
    expect(await readJson(await acceptToken("too-late"))).toEqual({
      status: 404,
      body: { error: "Invalid or expired invitation", code: "not_found" },
    });
  });

  it.each([
    [{ fullName: " " }, "Full name is required"],
    [{ password: "short" }, "Password must be at least 8 characters"],
    [{ token: "" }, "No invitation token provided"],
  ])("validates %j", async (change, message) => {
    expect(await readJson(await acceptToken("whatever", change))).toMatchObject({
      status: 400,
      body: { error: message },
    });
  });

  it("checks the plan's seat limit when accepting, and the invitation stays usable", async () => {
    const org = await createOrg("free");
    await createUser(org.id, "org_admin");
    await invite(org.id, "no-seat");
    const res = await acceptToken("no-seat");
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatch(/seats are all in use/);
    expect(await db.teamInvite.findFirstOrThrow({ where: { tokenHash: hashToken("no-seat") } })).toMatchObject({
      acceptedAt: null,
    });
  });

  it("lets exactly one of 20 concurrent accepts of one invitation succeed", async () => {
    const org = await createOrg("enterprise");
    await invite(org.id, "race-invite");
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => acceptToken("race-invite").then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(await db.user.count({ where: { email: "race-invite@example.test" } })).toBe(1);
  });

  it("admits only as many of 10 parallel invitations as there are seats", async () => {
    const org = await createOrg("starter"); // 2 seats
    await createUser(org.id, "org_admin");
    await Promise.all(Array.from({ length: 10 }, (_, i) => invite(org.id, `seat-${i}`)));
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => acceptToken(`seat-${i}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(await db.user.count({ where: { organizationId: org.id, isActive: true } })).toBe(2);
  });
});
