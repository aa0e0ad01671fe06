import { GET as check } from "@/app/api/auth/check/route";
import { POST as register } from "@/app/api/register/route";
import { cookieFrom } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";

let ip = 0;
const valid = () => ({
  fullName: " Dana Founder ",
  email: ` Dana.${++ip}@Example.test `,
  companyName: " Dana's Café ",
  password: "long-enough-password",
});
const post = (body: unknown, headers: Record<string, string> = { "x-forwarded-for": `10.1.0.${++ip}` }) =>
  register(makeRequest("/api/register", { method: "POST", body, headers }), params());

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  process.env.APP_URL = "https://help.ticketry.test";
});
afterAll(() => smtp.stop());

describe("POST /api/register", () => {
  it("creates a free organisation pending onboarding and its org admin, and signs in", async () => {
    const input = valid();
    const res = await post(input);
    const { status, body } = await readJson(res);
    expect(status).toBe(201);
    const email = input.email.trim().toLowerCase();
    expect(body.user).toMatchObject({ email, fullName: "Dana Founder", role: "org_admin", isActive: true });
    expect(body.organization).toMatchObject({
      name: "Dana's Café",
      slug: "dana-s-cafe",
      plan: "free",
      onboardingCompleted: false,
    });

    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const auth = await readJson(
      await check(makeRequest("/api/auth/check", { headers: { cookie: cookieFrom(res) } }), params()),
    );
    expect(auth.body).toMatchObject({ isAuthenticated: true, user: { id: user.id } });
  });

  it("gives a second organisation of the same name its own slug", async () => {
    const res = await post({ ...valid(), companyName: "Dana's Café" });
    expect((await readJson(res)).body.organization).toMatchObject({ slug: "dana-s-cafe-2" });
  });

  it("refuses a duplicate email with 409 and creates nothing", async () => {
    const input = valid();
    await post(input);
    const orgs = await db.organization.count();
    const res = await post({ ...input, companyName: "Another" });
    expect(await readJson(res)).toEqual({
      status: 409,
      body: { error: "An account with this email already exists", code: "conflict" },
    });
    expect(await db.organization.count()).toBe(orgs);
  });

  it.each([
    ["fullName", { fullName: "  " }, "Please fill in all required fields"],
    ["email", { email: "" }, "Please fill in all required fields"],
    ["companyName", { companyName: "" }, "Please fill in all required fields"],
    ["password", { password: "" }, "Please fill in all required fields"],
    ["short password", { password: "1234567" }, "Password must be at least 8 characters"],
    ["malformed email", { email: "not-an-email" }, "Please enter a valid email address"],
  ])("rejects a missing or bad %s with 400", async (_, change, message) => {
    const before = await db.user.count();
    expect(await readJson(await post({ ...valid(), ...change }))).toMatchObject({
      status: 400,
      body: { error: message },
    });
    expect(await db.user.count()).toBe(before);
  });

  it("ignores fields the client must not set (role, plan, organizationId)", async () => {
    const input = {
      ...valid(),
      role: "platform_admin",
      plan: "enterprise",
      organizationId: "someone-else",
      isActive: false,
    };
    const { body } = await readJson(await post(input));
    expect(body.user).toMatchObject({ role: "org_admin", isActive: true });
    expect(body.organization).toMatchObject({ plan: "free" });
  });

  it("throttles sign-ups per email across client addresses, and tells the address's owner", async () => {
    const input = valid();
    const owner = input.email.trim().toLowerCase();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post({ ...input, companyName: `Try ${i}` })).status);
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429]);
    const notice = await smtp.mailTo(owner);
    expect(notice.text).toContain("Someone tried to create a new Ticketry organisation with this email address");
    expect(notice.text).toContain("https://help.ticketry.test/forgot-password");
  });

  it("throttles sign-ups per client address", async () => {
    const headers = { "x-forwarded-for": "198.51.100.9" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(valid(), headers)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});
