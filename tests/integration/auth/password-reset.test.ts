import { POST as forgot } from "@/app/api/auth/forgot-password/route";
import { POST as reset } from "@/app/api/auth/reset-password/route";
import { POST as login } from "@/app/api/login/route";
import { hashToken } from "@/lib/auth/tokens";
import { drainJobs } from "../helpers/jobs";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { linkIn, startSmtp } from "../helpers/smtp";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ip = 0;
// Each use of a link from its own address: these tests are about links, not the per-address throttle.
const fresh = () => ({ "x-forwarded-for": `10.3.${(++ip >> 8) & 255}.${ip & 255}` });
const askReset = (email: string) =>
  forgot(
    makeRequest("/api/auth/forgot-password", {
      method: "POST",
      body: { email },
      headers: { "x-forwarded-for": `10.2.0.${++ip}` },
    }),
    params(),
  );
const redeem = (token: string, newPassword = "new-password-123") =>
  reset(
    makeRequest("/api/auth/reset-password", { method: "POST", body: { token, newPassword }, headers: fresh() }),
    params(),
  );

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  process.env.APP_URL = "https://help.ticketry.test";
});
afterAll(() => smtp.stop());

describe("forgot and reset password", () => {
  it("emails a one-hour link built from APP_URL (not the Host header) and resets with it", async () => {
    const org = await createOrg();
    const user = await createUser(org.id);
    const res = await forgot(
      makeRequest("/api/auth/forgot-password", {
        method: "POST",
        body: { email: ` ${user.email.toUpperCase()} ` },
        headers: { host: "evil.example" },
      }),
      params(),
    );
    expect(await readJson(res)).toEqual({
      status: 200,
      body: { message: "If an account exists for this email, a password reset link has been sent." },
    });

    const link = linkIn(await smtp.mailTo(user.email), "/reset-password");
    expect(link.origin).toBe("https://help.ticketry.test");
    const token = link.searchParams.get("token")!;
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);

    const stored = await db.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(60 * 60 * 1000);

    expect(await readJson(await redeem(token))).toMatchObject({
      status: 200,
      body: { message: expect.stringContaining("reset") },
    });
    const signIn = await login(
      makeRequest("/api/login", { method: "POST", body: { email: user.email, password: "new-password-123" } }),
      params(),
    );
    expect(signIn.status).toBe(200);
  });

  it("answers the same for an unknown email and sends nothing", async () => {
    smtp.clear();
    expect(await readJson(await askReset("nobody@example.test"))).toEqual({
      status: 200,
      body: { message: "If an account exists for this email, a password reset link has been sent." },
    });
    await drainJobs();
    expect(await db.passwordResetToken.count({ where: { user: { email: "nobody@example.test" } } })).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it("answers before the mail is sent, so its timing cannot tell whether the account exists", async () => {
    const user = await createUser((await createOrg()).id);
    smtp.hold();
    try {
      const answered = askReset(user.email).then((res) => res.status);
      const first = await Promise.race([answered, smtp.mailTo(user.email).then(() => "the mail, before the answer")]);
      expect(first).toBe(200);
    } finally {
      smtp.release();
    }
    await smtp.mailTo(user.email);
  });

  it("validates the email", async () => {
    expect(await readJson(await askReset(""))).toMatchObject({
      status: 400,
      body: { error: "Please enter your email address" },
    });
  });

  it("refuses a used, expired or unknown token", async () => {
    const org = await createOrg();
    const user = await createUser(org.id);
    const base = { organizationId: org.id, userId: user.id };
    await db.passwordResetToken.create({
      data: { ...base, tokenHash: hashToken("expired"), expiresAt: new Date(Date.now() - 1000) },
    });
    await db.passwordResetToken.create({
      data: { ...base, tokenHash: hashToken("used"), expiresAt: new Date(Date.now() + 60_000), usedAt: new Date() },
    });
    for (const token of ["expired", "used", "never-issued"]) {
      expect(await readJson(await redeem(token))).toEqual({
        status: 400,
        body: {
          error: "This password reset link is invalid or has expired. Please request a new one.",
          code: "bad_request",
        },
      });
    }
  });

  it.each([
    [{ newPassword: "long-enough" }, "Password reset token is missing"],
    [{ token: "  ", newPassword: "long-enough" }, "Password reset token is missing"],
    [{ token: "abc", newPassword: "short" }, "Password must be at least 8 characters"],
  ])("validates %j", async (body, message) => {
    expect(
      await readJson(
        await reset(makeRequest("/api/auth/reset-password", { method: "POST", body, headers: fresh() }), params()),
      ),
    ).toMatchObject({ status: 400, body: { error: message } });
  });

  it("lets exactly one of 20 concurrent uses of a token succeed", async () => {
    const org = await createOrg();
    const user = await createUser(org.id);
    await db.passwordResetToken.create({
      data: {
        organizationId: org.id,
        userId: user.id,
        tokenHash: hashToken("race"),
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => redeem("race", `password-number-${i}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(1);
  });

  it("throttles reset requests per account", async () => {
    const org = await createOrg();
    const user = await createUser(org.id);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await askReset(user.email)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
