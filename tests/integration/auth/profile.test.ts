import { PATCH as changePassword } from "@/app/api/users/password/route";
import { PATCH as updateProfile } from "@/app/api/users/profile/route";
import { GET as check } from "@/app/api/auth/check/route";
import { verifyPassword } from "@/lib/auth/password";
import { createOrg, createUser, PASSWORD, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

beforeAll(resetDatabase);

async function signedIn() {
  const org = await createOrg();
  const user = await createUser(org.id, "agent");
  return { user, cookie: await sessionCookie(user) };
}

const patchProfile = (cookie: string, body: unknown) =>
  updateProfile(makeRequest("/api/users/profile", { method: "PATCH", body, headers: { cookie } }), params());
const patchPassword = (cookie: string, body: unknown) =>
  changePassword(makeRequest("/api/users/password", { method: "PATCH", body, headers: { cookie } }), params());

describe("PATCH /api/users/profile", () => {
  it("changes the name at once and the session stays valid; a new email waits for its link", async () => {
    const { user, cookie } = await signedIn();
    const res = await patchProfile(cookie, {
      fullName: " Renamed Person ",
      email: " Renamed@Example.test ",
      currentPassword: PASSWORD,
      role: "platform_admin",
    });
    expect(await readJson(res)).toMatchObject({
      status: 200,
      body: {
        user: { id: user.id, fullName: "Renamed Person", email: user.email, role: "agent" },
        pendingEmail: "renamed@example.test",
      },
    });
    const auth = await readJson(await check(makeRequest("/api/auth/check", { headers: { cookie } }), params()));
    expect(auth.body).toMatchObject({ isAuthenticated: true, user: { fullName: "Renamed Person", email: user.email } });
  });

  it.each([
    [{ fullName: "", email: "a@b.test" }, "Full name is required"],
    [{ fullName: "A", email: "" }, "Please enter your email address"],
    [{ fullName: "A", email: "nope" }, "Please enter a valid email address"],
  ])("validates %j", async (body, message) => {
    const { cookie } = await signedIn();
    expect(await readJson(await patchProfile(cookie, body))).toMatchObject({ status: 400, body: { error: message } });
  });

  it("needs a session", async () => {
    expect((await patchProfile("", { fullName: "A", email: "a@b.test" })).status).toBe(401);
  });
});

describe("PATCH /api/users/password", () => {
  it("verifies the current password first", async () => {
    const { user, cookie } = await signedIn();
    expect(
      await readJson(await patchPassword(cookie, { currentPassword: "wrong", newPassword: "whatever-123" })),
    ).toEqual({ status: 400, body: { error: "Current password is incorrect", code: "bad_request" } });
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(stored.passwordHash, PASSWORD)).toBe(true);
  });

  it("enforces the minimum length with the spec's text", async () => {
    const { cookie } = await signedIn();
    expect(
      await readJson(await patchPassword(cookie, { currentPassword: PASSWORD, newPassword: "short" })),
    ).toMatchObject({ status: 400, body: { error: "Password must be at least 8 characters long." } });
  });

  it("stores the new password (argon2id) and records the change", async () => {
    const { user, cookie } = await signedIn();
    expect((await patchPassword(cookie, { currentPassword: PASSWORD, newPassword: "fresh-password-1" })).status).toBe(
      200,
    );
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(stored.passwordHash, "fresh-password-1")).toBe(true);
    expect(await db.auditEvent.count({ where: { actorId: user.id, action: "user.password_changed" } })).toBe(1);
  });

  it("needs a session", async () => {
    expect((await patchPassword("", { currentPassword: PASSWORD, newPassword: "fresh-password-1" })).status).toBe(401);
  });
});
