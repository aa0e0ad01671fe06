import { GET as check } from "@/app/api/auth/check/route";
import { POST as confirm } from "@/app/api/users/email/confirm/route";
import { PATCH as updateProfile } from "@/app/api/users/profile/route";
import { drainJobs } from "../helpers/jobs";
import { hashToken } from "@/lib/auth/tokens";
import { cookieFrom, createOrg, createUser, PASSWORD, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { linkIn, startSmtp } from "../helpers/smtp";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let n = 0;
const fresh = () => `moved-${++n}-${Date.now()}@example.test`;

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  process.env.APP_URL = "https://help.ticketry.test";
});
// Mail goes out after the answer: let the last notices reach the SMTP server before it stops.
afterAll(async () => {
  await drainJobs();
  await smtp.stop();
});

async function agent() {
  const user = await createUser((await createOrg()).id, "agent");
  return { user, cookie: await sessionCookie(user) };
}
const patch = async (cookie: string, body: unknown) =>
  readJson(
    await updateProfile(makeRequest("/api/users/profile", { method: "PATCH", body, headers: { cookie } }), params()),
  );
const follow = (token: string, cookie = "") =>
  confirm(makeRequest("/api/users/email/confirm", { method: "POST", body: { token }, headers: { cookie } }), params());
const signedIn = async (cookie: string) =>
  (await readJson(await check(makeRequest("/api/auth/check", { headers: { cookie } }), params()))).body.isAuthenticated;
const tokenIn = async (to: string) => linkIn(await smtp.mailTo(to), "/confirm-email").searchParams.get("token")!;

describe("changing one's email address", () => {
  it("answers for another organisation's address exactly as for a free one, and moves nothing", async () => {
    const { user, cookie } = await agent();
    const other = await createUser((await createOrg()).id, "org_admin");
    const free = fresh();
    const taken = await patch(cookie, { fullName: "Agent", email: other.email, currentPassword: PASSWORD });
    const open = await patch(cookie, { fullName: "Agent", email: free, currentPassword: PASSWORD });
    expect(taken).toEqual({ ...open, body: { ...open.body, pendingEmail: other.email } });
    expect(taken.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    // Only the free address gets a link; the owner of the taken one hears nothing.
    await tokenIn(free);
    await drainJobs();
    expect(smtp.messages.filter((m) => m.to.includes(other.email))).toHaveLength(0);
  });

  it("needs the current password", async () => {
    const { cookie } = await agent();
    expect(await patch(cookie, { fullName: "Agent", email: fresh() })).toMatchObject({
      status: 400,
      body: { error: "Please enter your current password to change your email address" },
    });
    expect(await patch(cookie, { fullName: "Agent", email: fresh(), currentPassword: "wrong" })).toMatchObject({
      status: 400,
      body: { error: "Current password is incorrect" },
    });
  });

  it("takes effect when the link sent to the new address is followed: once, other sessions end, the old address is told", async () => {
    const { user, cookie } = await agent();
    const elsewhere = await sessionCookie(user);
    const to = fresh();
    expect((await patch(cookie, { fullName: "Agent", email: to, currentPassword: PASSWORD })).status).toBe(200);
    const token = await tokenIn(to);
    const stored = await db.emailChangeToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);

    const res = await follow(token, cookie);
    expect(await readJson(res)).toEqual({ status: 200, body: { message: "Your email address has been changed." } });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(to);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await signedIn(cookieFrom(res))).toBe(true);
    const notice = await smtp.mailTo(user.email);
    expect(notice.text).toContain(`was changed to ${to}`);
    expect(await db.auditEvent.count({ where: { actorId: user.id, action: "user.email_changed" } })).toBe(1);

    expect(await readJson(await follow(token))).toMatchObject({ status: 400 });
  });

  it("refuses an expired or unknown link, and a link that lost the race for its address", async () => {
    const { user, cookie } = await agent();
    const to = fresh();
    await patch(cookie, { fullName: "Agent", email: to, currentPassword: PASSWORD });
    const token = await tokenIn(to);
    expect((await follow("not-a-token")).status).toBe(400);
    await createUser(user.organizationId, "agent", { email: to });
    expect(await readJson(await follow(token))).toEqual({
      status: 409,
      body: { error: "This email address is already in use", code: "conflict" },
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);

    await db.emailChangeToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(0) } });
    expect((await follow(token)).status).toBe(400);
  });

  it("only the newest request's link works", async () => {
    const { cookie } = await agent();
    const [first, second] = [fresh(), fresh()];
    await patch(cookie, { fullName: "Agent", email: first, currentPassword: PASSWORD });
    const older = await tokenIn(first);
    await patch(cookie, { fullName: "Agent", email: second, currentPassword: PASSWORD });
    const newer = await tokenIn(second);
    expect((await follow(older)).status).toBe(400);
    expect((await follow(newer)).status).toBe(200);
  });
});
