import { route } from "@/lib/http/server/route";
import { getSessionUser } from "@/lib/auth/session";
import type { SessionUser } from "@/lib/schemas/session-user";
import { makeRequest, params, readJson } from "../helpers/request";

// The session lookup is its own unit (tested with the accounts work); here only the
// wrapper's permission decision is under test.
jest.mock("@/lib/auth/session", () => ({ getSessionUser: jest.fn() }));
const session = jest.mocked(getSessionUser);

const agent: SessionUser = {
  id: "u1",
  organizationId: "o1",
  role: "agent",
  email: "a@x.test",
  fullName: "A",
  username: "a",
  avatar: null,
  isActive: true,
  availability: "available",
  sessionVersion: 0,
};

describe("route wrapper: permission", () => {
  const adminsOnly = route({ permission: "users.manage" }, ({ user }) => ({ userId: user.id }));
  const platformOnly = route({ permission: "platform.view" }, ({ user }) => ({ userId: user.id }));
  const anyUser = route({}, ({ user }) => ({ role: user.role }));

  it("rejects a signed-in user whose role lacks the permission with 403", async () => {
    session.mockResolvedValue(agent);
    expect(await readJson(await adminsOnly(makeRequest("/api/x"), params()))).toEqual({
      status: 403,
      body: { error: "You do not have permission to do this", code: "forbidden" },
    });
  });

  it("lets a role holding the permission through with its user", async () => {
    session.mockResolvedValue({ ...agent, role: "org_admin" });
    expect(await readJson(await adminsOnly(makeRequest("/api/x"), params()))).toEqual({
      status: 200,
      body: { userId: "u1" },
    });
  });

  it("asks the permission table: an organisation admin is refused a platform permission, a platform admin passes", async () => {
    session.mockResolvedValue({ ...agent, role: "org_admin" });
    expect((await platformOnly(makeRequest("/api/x"), params())).status).toBe(403);
    session.mockResolvedValue({ ...agent, role: "platform_admin" });
    expect(await readJson(await platformOnly(makeRequest("/api/x"), params()))).toEqual({
      status: 200,
      body: { userId: "u1" },
    });
  });

  it("lets any signed-in user through when no permission is given", async () => {
    session.mockResolvedValue({ ...agent, role: "end_user" });
    expect(await readJson(await anyUser(makeRequest("/api/x"), params()))).toEqual({
      status: 200,
      body: { role: "end_user" },
    });
  });

  it("checks the origin before the session", async () => {
    session.mockClear().mockResolvedValue(agent);
    const res = await anyUser(
      makeRequest("/api/x", { method: "POST", headers: { origin: "https://evil.example" } }),
      params(),
    );
    expect(await readJson(res)).toEqual({
      status: 403,
      body: { error: "Cross-site request rejected", code: "cross_site_rejected" },
    });
    expect(session).not.toHaveBeenCalled();
  });
});
