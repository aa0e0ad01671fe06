import { Role } from "@/generated/prisma/enums";
import { landingPage, mayOpen, PROTECTED_ROUTES, routeAccess } from "@/lib/permissions/pages";

describe("protected pages", () => {
  it("a prefix covers the page and its sub-paths, not look-alikes", () => {
    expect(routeAccess("/admin")?.prefix).toBe("/admin");
    expect(routeAccess("/admin/anything")?.prefix).toBe("/admin");
    expect(routeAccess("/administrator")).toBeUndefined();
    expect(routeAccess("/pricing")).toBeUndefined();
  });

  // Which roles each page serves, written out by hand.
  const SERVED: Record<string, Role[]> = {
    "/platform-admin": ["platform_admin"],
    "/admin": ["platform_admin", "org_admin"],
    "/users": ["platform_admin", "org_admin"],
    "/onboarding": ["platform_admin", "org_admin"],
    "/app": ["platform_admin", "org_admin", "agent", "end_user"],
    "/profile": ["platform_admin", "org_admin", "agent", "end_user"],
    "/settings": ["platform_admin", "org_admin", "agent", "end_user"],
  };

  it.each(PROTECTED_ROUTES.map((r) => [r.prefix, r] as const))("%s serves exactly its roles", (prefix, access) => {
    expect(Object.values(Role).filter((role) => mayOpen({ role }, access))).toEqual(
      Object.values(Role).filter((r) => SERVED[prefix]!.includes(r)),
    );
  });

  it("lists every protected page", () => {
    expect(PROTECTED_ROUTES.map((r) => r.prefix).sort()).toEqual(Object.keys(SERVED).sort());
  });

  it("a page outside the table is open to any signed-in user", () => {
    expect(mayOpen({ role: "end_user" }, routeAccess("/pricing"))).toBe(true);
  });

  it("platform admins land on /platform-admin, everyone else on /app", () => {
    expect(landingPage({ role: Role.platform_admin })).toBe("/platform-admin");
    for (const role of [Role.org_admin, Role.agent, Role.end_user]) expect(landingPage({ role })).toBe("/app");
  });
});
