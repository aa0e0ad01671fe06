import { GET as check } from "@/app/api/auth/check/route";
import { PUT as setAvailability } from "@/app/api/users/availability/route";
import { GET as teamList } from "@/app/api/users/organization/[organizationId]/route";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { untilForgotten } from "../helpers/session-users";

// An agent says from the sidebar footer whether automatic assignment may give them new tickets:
// PUT /api/users/availability sets the caller's own (nobody else's), the session shape the
// workspace reads carries it at once, and admins see it in the team list.

type User = { id: string; sessionVersion: number };
const headers = async (user: User | null): Promise<Record<string, string>> =>
  user ? { cookie: await sessionCookie(user) } : {};
const put = async (user: User | null, body: unknown) =>
  readJson(
    await setAvailability(
      makeRequest("/api/users/availability", { method: "PUT", body, headers: await headers(user) }),
      params(),
    ),
  );
const whoAmI = async (user: User) =>
  (await readJson(await check(makeRequest("/api/auth/check", { headers: await headers(user) }), params()))).body as {
    user: { availability: string };
  };

let world: TwoTenants;
beforeEach(async () => {
  world = await freshTwoTenants();
});

const availabilityOf = async (id: string) =>
  (await db.user.findUniqueOrThrow({ where: { id }, select: { availability: true } })).availability;

describe("PUT /api/users/availability", () => {
  it("sets the signed-in agent away and back, seen at once in their session", async () => {
    const { agent } = world.users;
    expect((await whoAmI(agent)).user.availability).toBe("available");
    const res = await put(agent, { availability: "away" });
    expect(res).toMatchObject({ status: 200, body: { user: { id: agent.id, availability: "away" } } });
    expect(await availabilityOf(agent.id)).toBe("away");
    expect((await whoAmI(agent)).user.availability).toBe("away");

    expect((await put(agent, { availability: "available" })).body).toMatchObject({
      user: { availability: "available" },
    });
    expect((await whoAmI(agent)).user.availability).toBe("available");
  });

  // Written straight to the database, as another process would: heard through the trigger's NOTIFY.
  it("is heard by every process when another one changes it", async () => {
    const { agent } = world.users;
    expect((await whoAmI(agent)).user.availability).toBe("available");
    await db.user.update({ where: { id: agent.id }, data: { availability: "away" } });
    await untilForgotten(agent.id);
    expect((await whoAmI(agent)).user.availability).toBe("away");
  });

  it.each(["org_admin", "platform_admin"] as const)("lets a %s set their own", async (role) => {
    const user = world.users[role];
    expect((await put(user, { availability: "away" })).status).toBe(200);
    expect(await availabilityOf(user.id)).toBe("away");
    expect(await availabilityOf(world.users.agent.id)).toBe("available");
  });

  it.each([
    ["an unknown value", { availability: "busy" }],
    ["no value", {}],
    ["a value of the wrong type", { availability: true }],
  ])("refuses %s with a 400 naming the field", async (_, body) => {
    const res = await put(world.users.agent, body);
    expect(res).toMatchObject({
      status: 400,
      body: { code: "validation_failed", issues: [{ path: "availability" }] },
    });
    expect(await availabilityOf(world.users.agent.id)).toBe("available");
  });

  it("changes only the caller, whatever user id the body names", async () => {
    const res = await put(world.users.agent, { availability: "away", id: world.users.org_admin.id });
    expect(res.status).toBe(200);
    expect(await availabilityOf(world.users.org_admin.id)).toBe("available");
    expect(await availabilityOf(world.users.agent.id)).toBe("away");
  });

  it("forbids customers and anonymous callers", async () => {
    expect((await put(world.users.end_user, { availability: "away" })).status).toBe(403);
    expect((await put(null, { availability: "away" })).status).toBe(401);
    expect(await availabilityOf(world.users.end_user.id)).toBe("available");
  });
});

describe("the team list", () => {
  it("shows admins each member's availability, of their own organisation only", async () => {
    await put(world.users.agent, { availability: "away" });
    const res = await readJson(
      await teamList(
        makeRequest(`/api/users/organization/${world.org.id}`, { headers: await headers(world.users.org_admin) }),
        params({ organizationId: world.org.id }),
      ),
    );
    const rows = res.body as unknown as { id: string; availability: string }[];
    expect(rows.find((r) => r.id === world.users.agent.id)?.availability).toBe("away");
    expect(rows.find((r) => r.id === world.users.org_admin.id)?.availability).toBe("available");

    const foreign = await teamList(
      makeRequest(`/api/users/organization/${world.other.id}`, { headers: await headers(world.users.org_admin) }),
      params({ organizationId: world.other.id }),
    );
    expect(foreign.status).toBe(404);
  });
});
