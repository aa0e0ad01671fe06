type User = { id: string; sessionVersion: number };
type Answer = { status: number; body: unknown };

/**
 * The refusals every platform-admin-only endpoint shares: 403 for each role of an organisation,
 * 401 without a session. `users` is read when the tests run (the world is made in beforeAll).
 */
export function itRefusesAllButPlatformAdmins(
  get: (user: User | null) => Promise<Answer>,
  users: () => Record<"org_admin" | "agent" | "end_user", User>,
) {
  it.each(["org_admin", "agent", "end_user"] as const)("refuses a %s with 403", async (role) => {
    expect(await get(users()[role])).toEqual({
      status: 403,
      body: { error: "You do not have permission to do this", code: "forbidden" },
    });
  });

  it("needs a session", async () => {
    expect(await get(null)).toEqual({ status: 401, body: { error: "Authentication required", code: "unauthorized" } });
  });
}
