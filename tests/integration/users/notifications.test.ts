import { GET, PUT } from "@/app/api/users/notifications/route";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// An admin turns the weekly summary email of the reports on or off in their profile:
// GET and PUT /api/users/notifications read and set the caller's own preference, nobody else's;
// only those who see the whole organisation's reports have it.

type User = { id: string; sessionVersion: number };
const headers = async (user: User | null): Promise<Record<string, string>> =>
  user ? { cookie: await sessionCookie(user) } : {};
const get = async (user: User | null) =>
  readJson(await GET(makeRequest("/api/users/notifications", { headers: await headers(user) }), params()));
const put = async (user: User | null, body: unknown) =>
  readJson(
    await PUT(makeRequest("/api/users/notifications", { method: "PUT", body, headers: await headers(user) }), params()),
  );
const stored = async (id: string) =>
  (await db.user.findUniqueOrThrow({ where: { id }, select: { weeklySummaryEmail: true } })).weeklySummaryEmail;

let world: TwoTenants;
beforeEach(async () => {
  world = await freshTwoTenants();
});

describe("/api/users/notifications", () => {
  it.each(["org_admin", "platform_admin"] as const)("lets a %s turn their weekly summary on and off", async (role) => {
    const admin = world.users[role];
    expect(await get(admin)).toEqual({ status: 200, body: { weeklySummaryEmail: false } });
    expect(await put(admin, { weeklySummaryEmail: true })).toEqual({
      status: 200,
      body: { weeklySummaryEmail: true },
    });
    expect(await stored(admin.id)).toBe(true);
    expect((await get(admin)).body).toEqual({ weeklySummaryEmail: true });
    expect((await put(admin, { weeklySummaryEmail: false })).body).toEqual({ weeklySummaryEmail: false });
    expect(await stored(admin.id)).toBe(false);
  });

  it("changes only the caller's own preference", async () => {
    await put(world.users.org_admin, { weeklySummaryEmail: true });
    expect(await stored(world.users.platform_admin.id)).toBe(false);
    expect(await stored(world.users.otherAdmin.id)).toBe(false);
    // A user id in the body names nobody: the preference is the caller's.
    await put(world.users.otherAdmin, { weeklySummaryEmail: false, userId: world.users.org_admin.id });
    expect(await stored(world.users.org_admin.id)).toBe(true);
  });

  it.each([
    [{}, "weeklySummaryEmail must be true or false"],
    [{ weeklySummaryEmail: "yes" }, "weeklySummaryEmail must be true or false"],
    [{ weeklySummaryEmail: null }, "weeklySummaryEmail must be true or false"],
    [{ weeklySummaryEmail: 1 }, "weeklySummaryEmail must be true or false"],
  ])("refuses %j with a readable message", async (body, message) => {
    const res = await put(world.users.org_admin, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await stored(world.users.org_admin.id)).toBe(false);
  });

  it.each(["agent", "end_user"] as const)(
    "refuses an %s: the whole organisation's figures are not theirs",
    async (role) => {
      const user = world.users[role];
      expect((await get(user)).status).toBe(403);
      expect((await put(user, { weeklySummaryEmail: true })).status).toBe(403);
      expect(await stored(user.id)).toBe(false);
    },
  );

  it("asks an anonymous caller to sign in", async () => {
    expect((await get(null)).status).toBe(401);
    expect((await put(null, { weeklySummaryEmail: true })).status).toBe(401);
  });
});
