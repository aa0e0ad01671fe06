import { GET as check } from "@/app/api/auth/check/route";
import { POST as login } from "@/app/api/login/route";
import { GET as status } from "@/app/api/users/two-factor/route";
import { DELETE as disableTotp, POST as beginTotp } from "@/app/api/users/two-factor/totp/route";
import { POST as confirmTotp } from "@/app/api/users/two-factor/totp/confirm/route";
import { hashToken } from "@/lib/auth/tokens";
import { LOGIN_THROTTLED } from "@/lib/services/users/login-throttle";
import { cookieFrom, createOrg, createUser, PASSWORD, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { codeFor, enrolTotp } from "../helpers/two-factor";

let ipCounter = 0;
const freshIp = () => `10.2.0.${++ipCounter}`;

const signIn = async (body: Record<string, unknown>, ip = freshIp()) =>
  login(makeRequest("/api/login", { method: "POST", body, headers: { "x-forwarded-for": ip } }), params());

const post = (handler: typeof beginTotp, path: string, cookie: string, body?: unknown) =>
  handler(makeRequest(path, { method: "POST", body, headers: { cookie } }), params());

async function agentWithCookie() {
  const org = await createOrg("pro");
  const user = await createUser(org.id, "agent");
  return { org, user, cookie: await sessionCookie(user) };
}

beforeAll(resetDatabase);

describe("enrolling an authenticator", () => {
  it("gives a base32 secret and its otpauth address, sealed at rest and pending until confirmed", async () => {
    const { user, cookie } = await agentWithCookie();
    const { status: code, body } = await readJson(await post(beginTotp, "/api/users/two-factor/totp", cookie));
    expect(code).toBe(200);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl).toContain(`secret=${body.secret}`);
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Ticketry:/);
    const row = await db.userTotp.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.secret).not.toContain(body.secret as string);
    expect(row.secret).toMatch(/^v1\./);
    expect(row.confirmedAt).toBeNull();
    // Pending is not on: signing in needs no code yet.
    expect((await signIn({ email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it("refuses a wrong code, then turns on with a right one and answers ten recovery codes, stored hashed", async () => {
    const { user, cookie } = await agentWithCookie();
    const begun = await readJson(await post(beginTotp, "/api/users/two-factor/totp", cookie));
    const secret = begun.body.secret as string;
    const wrong = await readJson(
      await post(confirmTotp, "/api/users/two-factor/totp/confirm", cookie, { code: codeFor(secret, 5) }),
    );
    expect(wrong).toMatchObject({ status: 400, body: { code: "bad_request" } });
    const { status: code, body } = await readJson(
      await post(confirmTotp, "/api/users/two-factor/totp/confirm", cookie, { code: codeFor(secret) }),
    );
    expect(code).toBe(200);
    const codes = body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const text of codes) expect(text).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await db.recoveryCode.findMany({ where: { userId: user.id } });
    expect(stored.map((row) => row.codeHash).sort()).toEqual(codes.map((c) => hashToken(c.replace("-", ""))).sort());
    expect(await db.auditEvent.count({ where: { action: "user.two_factor_enabled", actorId: user.id } })).toBe(1);
    expect(
      (await readJson(await status(makeRequest("/api/users/two-factor", { headers: { cookie } }), params()))).body,
    ).toEqual({
      enabled: true,
      pending: false,
      recoveryCodesLeft: 10,
      required: false,
    });
    // On already: a second enrolment is a conflict until it is turned off.
    expect((await post(beginTotp, "/api/users/two-factor/totp", cookie)).status).toBe(409);
  });

  it("refuses confirming before starting, and a code that is not one", async () => {
    const { cookie } = await agentWithCookie();
    expect((await post(confirmTotp, "/api/users/two-factor/totp/confirm", cookie, { code: "123456" })).status).toBe(
      400,
    );
    for (const code of ["", "12 34; DROP", "x".repeat(40)]) {
      const { status: answer, body } = await readJson(
        await post(confirmTotp, "/api/users/two-factor/totp/confirm", cookie, { code }),
      );
      expect(answer).toBe(400);
      expect(typeof body.error).toBe("string");
    }
  });

  it("needs a signed-in user", async () => {
    expect((await post(beginTotp, "/api/users/two-factor/totp", "")).status).toBe(401);
  });
});

describe("signing in with two-factor on", () => {
  it("asks for the code (two_factor_required), refuses a wrong one (invalid_code), accepts the right one once", async () => {
    const { user, cookie } = await agentWithCookie();
    const { secret } = await enrolTotp(cookie);
    const asked = await readJson(await signIn({ email: user.email, password: PASSWORD }));
    expect(asked).toEqual({
      status: 401,
      body: { error: "Enter the code from your authenticator app", code: "two_factor_required" },
    });
    // A wrong password is still the same 401 as ever: the code is asked for only after the password.
    expect(
      (await readJson(await signIn({ email: user.email, password: "nope", code: codeFor(secret) }))).body.code,
    ).toBe("invalid_credentials");
    const wrong = await readJson(await signIn({ email: user.email, password: PASSWORD, code: codeFor(secret, 4) }));
    expect(wrong).toMatchObject({ status: 401, body: { code: "invalid_code" } });
    // The code that confirmed enrolment was this step's: the next step's (one step of drift) signs in.
    const next = codeFor(secret, 1);
    const res = await signIn({ email: user.email, password: PASSWORD, code: next });
    expect(res.status).toBe(200);
    const me = await readJson(
      await check(makeRequest("/api/auth/check", { headers: { cookie: cookieFrom(res) } }), params()),
    );
    expect(me.body).toMatchObject({ isAuthenticated: true, user: { id: user.id } });
    // Replayed within its window: refused.
    expect((await readJson(await signIn({ email: user.email, password: PASSWORD, code: next }))).body.code).toBe(
      "invalid_code",
    );
    const event = await db.auditEvent.findFirstOrThrow({
      where: { action: "user.login", actorId: user.id },
      orderBy: { createdAt: "desc" },
    });
    expect(event.metadata).toMatchObject({ secondFactor: "totp" });
  });

  it("of three concurrent sign-ins with one code, exactly one gets in", async () => {
    const { user, cookie } = await agentWithCookie();
    const { secret } = await enrolTotp(cookie);
    const code = codeFor(secret, 1);
    const answers = await Promise.all([1, 2, 3].map(() => signIn({ email: user.email, password: PASSWORD, code })));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401, 401]);
  });

  it("takes a recovery code once (with or without its dash, any case) and records it", async () => {
    const { user, cookie } = await agentWithCookie();
    const { recoveryCodes } = await enrolTotp(cookie);
    const typed = recoveryCodes[0]!.replace("-", "").toUpperCase();
    expect((await signIn({ email: user.email, password: PASSWORD, code: typed })).status).toBe(200);
    expect(
      (await readJson(await signIn({ email: user.email, password: PASSWORD, code: recoveryCodes[0]! }))).body.code,
    ).toBe("invalid_code");
    expect((await signIn({ email: user.email, password: PASSWORD, code: recoveryCodes[1]! })).status).toBe(200);
    expect(await db.auditEvent.count({ where: { action: "user.recovery_code_used", actorId: user.id } })).toBe(2);
    expect(await db.recoveryCode.count({ where: { userId: user.id, usedAt: null } })).toBe(8);
  });

  it("throttles code guesses per account and address as passwords are", async () => {
    const { user, cookie } = await agentWithCookie();
    const { secret } = await enrolTotp(cookie);
    const ip = freshIp();
    const answers: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++)
      answers.push((await signIn({ email: user.email, password: PASSWORD, code: codeFor(secret, 10) }, ip)).status);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    const throttled = await readJson(
      await signIn({ email: user.email, password: PASSWORD, code: codeFor(secret, 1) }, ip),
    );
    expect(throttled).toMatchObject({ status: 429, body: { error: LOGIN_THROTTLED } });
  });
});

describe("turning two-factor off", () => {
  const disable = (cookie: string, body: unknown) =>
    disableTotp(makeRequest("/api/users/two-factor/totp", { method: "DELETE", body, headers: { cookie } }), params());

  it("needs the password and a code together", async () => {
    const { user, cookie } = await agentWithCookie();
    const { secret } = await enrolTotp(cookie);
    expect((await disable(cookie, { password: PASSWORD })).status).toBe(400);
    expect((await disable(cookie, { code: codeFor(secret, 1) })).status).toBe(400);
    expect(
      await readJson(await disable(cookie, { password: "wrong-password", code: codeFor(secret, 1) })),
    ).toMatchObject({
      status: 400,
      body: { error: "Current password is incorrect" },
    });
    expect((await disable(cookie, { password: PASSWORD, code: codeFor(secret, 5) })).status).toBe(400);
    expect((await disable(cookie, { password: PASSWORD, code: codeFor(secret, 1) })).status).toBe(200);
    expect(await db.userTotp.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.auditEvent.count({ where: { action: "user.two_factor_disabled", actorId: user.id } })).toBe(1);
    expect((await signIn({ email: user.email, password: PASSWORD })).status).toBe(200);
    // Off already: nothing to turn off.
    expect((await disable(cookie, { password: PASSWORD, code: "123456" })).status).toBe(400);
  });

  it("takes a recovery code in place of the app's", async () => {
    const { cookie } = await agentWithCookie();
    const { recoveryCodes } = await enrolTotp(cookie);
    expect((await disable(cookie, { password: PASSWORD, code: recoveryCodes[3]! })).status).toBe(200);
  });

  it("is refused while the organisation requires two-factor", async () => {
    const { org, cookie } = await agentWithCookie();
    const { secret } = await enrolTotp(cookie);
    await db.organization.update({ where: { id: org.id }, data: { requireTwoFactor: true } });
    expect(await readJson(await disable(cookie, { password: PASSWORD, code: codeFor(secret, 1) }))).toMatchObject({
      status: 403,
      body: { code: "forbidden" },
    });
  });
});
