import { GET as check } from "@/app/api/auth/check/route";
import { POST as login } from "@/app/api/login/route";
import { POST as logout } from "@/app/api/logout/route";
import { PATCH as changePassword } from "@/app/api/users/password/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { hashToken } from "@/lib/auth/tokens";
import { LOGIN_ACCOUNT_THROTTLED } from "@/lib/services/users/login-throttle";
import { createOrg, createUser, cookieFrom, PASSWORD, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { untilForgotten } from "../helpers/session-users";

let ipCounter = 0;
const freshIp = () => ({ "x-forwarded-for": `10.0.0.${++ipCounter}` });

async function whoAmI(cookie: string) {
  return readJson(await check(makeRequest("/api/auth/check", { headers: { cookie } }), params()));
}

async function signIn(email: string, password = PASSWORD) {
  return login(makeRequest("/api/login", { method: "POST", body: { email, password }, headers: freshIp() }), params());
}

beforeAll(resetDatabase);

describe("POST /api/login", () => {
  it("signs in with the right password: HttpOnly, SameSite=Lax session cookie of at most 7 days", async () => {
    const org = await createOrg();
    const user = await createUser(org.id, "agent");
    const res = await signIn(`  ${user.email.toUpperCase()} `);
    const { status, body } = await readJson(res);
    expect(status).toBe(200);
    expect(body.user).toEqual({
      id: user.id,
      fullName: user.fullName,
      email: user.email,
      username: user.username,
      avatar: null,
      role: "agent",
      isActive: true,
      availability: "available",
      organizationId: org.id,
    });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const maxAge = Number(setCookie.match(/Max-Age=(\d+)/i)![1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
    expect(await whoAmI(cookieFrom(res))).toMatchObject({
      status: 200,
      body: { isAuthenticated: true, user: { id: user.id } },
    });
    expect(await db.auditEvent.count({ where: { action: "user.login", actorId: user.id } })).toBe(1);
  });

  it("gives the same 401 for an unknown email, a wrong password and a deactivated user", async () => {
    const org = await createOrg();
    const user = await createUser(org.id);
    const inactive = await createUser(org.id, "agent", { isActive: false });
    const answers = await Promise.all(
      [signIn("nobody@example.test"), signIn(user.email, "wrong-password"), signIn(inactive.email)].map(async (r) =>
        readJson(await r),
      ),
    );
    for (const answer of answers)
      expect(answer).toEqual({
        status: 401,
        body: { error: "Invalid email or password", code: "invalid_credentials" },
      });
  });

  it.each([
    [{ email: "", password: "x" }, "Please enter your email and password"],
    [{ email: "a@b.test", password: "" }, "Please enter your email and password"],
    [{ password: "x" }, "Please enter your email and password"],
    [{ email: "a@b.test" }, "Please enter your email and password"],
  ])("rejects %j with 400", async (body, message) => {
    const res = await login(makeRequest("/api/login", { method: "POST", body }), params());
    expect(await readJson(res)).toMatchObject({ status: 400, body: { error: message } });
  });

  it("throttles failures per account with 429 and Retry-After, even from many addresses", async () => {
    const org = await createOrg();
    const user = await createUser(org.id);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(user.email, "wrong")).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    const blocked = await signIn(user.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await blocked.json()).toEqual({ error: LOGIN_ACCOUNT_THROTTLED, code: "rate_limited" });
  });

  it("throttles per client address across accounts", async () => {
    const headers = { "x-forwarded-for": "192.0.2.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++) {
      const res = await login(
        makeRequest("/api/login", { method: "POST", body: { email: `n${i}@example.test`, password: "x" }, headers }),
        params(),
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(50);
    expect(statuses.slice(50)).toEqual([429, 429]);
  }, 60_000); // 52 password checks (argon2): past Jest's 5 s on a busy machine

  it("rejects a cross-site login attempt", async () => {
    const res = await login(
      makeRequest("/api/login", {
        method: "POST",
        body: { email: "a@b.test", password: "x" },
        headers: { origin: "https://evil.example" },
      }),
      params(),
    );
    expect(res.status).toBe(403);
  });
});

describe("GET /api/auth/check", () => {
  it("says anonymous for no cookie and for a forged one", async () => {
    expect(await whoAmI("")).toEqual({ status: 200, body: { isAuthenticated: false, user: null } });
    expect(await whoAmI("next-auth.session-token=forged.token.value")).toEqual({
      status: 200,
      body: { isAuthenticated: false, user: null },
    });
  });

  it("says anonymous for a deactivated user's cookie", async () => {
    const org = await createOrg();
    const user = await createUser(org.id);
    const cookie = await sessionCookie(user);
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    await untilForgotten(user.id);
    expect((await whoAmI(cookie)).body.isAuthenticated).toBe(false);
  });
});

describe("revoked sessions: a copied cookie stops working at once", () => {
  let user: Awaited<ReturnType<typeof createUser>>;
  let cookie: string;
  beforeEach(async () => {
    const org = await createOrg();
    user = await createUser(org.id);
    cookie = cookieFrom(await signIn(user.email));
    expect((await whoAmI(cookie)).body.isAuthenticated).toBe(true);
  });

  it("after logout", async () => {
    const res = await logout(makeRequest("/api/logout", { method: "POST", headers: { cookie } }), params());
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/i);
    expect((await whoAmI(cookie)).body.isAuthenticated).toBe(false);
  });

  it("after a password change (the changing browser gets a fresh cookie)", async () => {
    const res = await changePassword(
      makeRequest("/api/users/password", {
        method: "PATCH",
        body: { currentPassword: PASSWORD, newPassword: "a-brand-new-one" },
        headers: { cookie },
      }),
      params(),
    );
    expect(await readJson(res.clone())).toEqual({ status: 200, body: { message: "Password changed successfully" } });
    expect((await whoAmI(cookie)).body.isAuthenticated).toBe(false);
    expect((await whoAmI(cookieFrom(res))).body.isAuthenticated).toBe(true);
  });

  it("after a password reset", async () => {
    await db.passwordResetToken.create({
      data: {
        organizationId: user.organizationId,
        userId: user.id,
        tokenHash: hashToken("reset-me"),
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const res = await resetPassword(
      makeRequest("/api/auth/reset-password", {
        method: "POST",
        body: { token: "reset-me", newPassword: "another-password" },
      }),
      params(),
    );
    expect(res.status).toBe(200);
    expect((await whoAmI(cookie)).body.isAuthenticated).toBe(false);
  });

  // Written straight to the database, as another process would: heard through the trigger's NOTIFY.
  it("after deactivation", async () => {
    await db.user.update({ where: { id: user.id }, data: { isActive: false, sessionVersion: { increment: 1 } } });
    await untilForgotten(user.id);
    expect((await whoAmI(cookie)).body.isAuthenticated).toBe(false);
  });

  it("after a role change", async () => {
    await db.user.update({ where: { id: user.id }, data: { role: "org_admin", sessionVersion: { increment: 1 } } });
    await untilForgotten(user.id);
    expect((await whoAmI(cookie)).body.isAuthenticated).toBe(false);
  });
});
