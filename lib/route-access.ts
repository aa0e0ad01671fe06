import type { Role } from "@/generated/prisma/enums";

/** Spec §2 route table for signed-in pages; prefixes cover their sub-paths. */
export const PROTECTED_ROUTES: { prefix: string; roles: readonly Role[] | "any" }[] = [
  { prefix: "/platform-admin", roles: ["platform_admin"] },
  { prefix: "/admin", roles: ["platform_admin", "org_admin"] },
  { prefix: "/users", roles: ["platform_admin", "org_admin"] },
  { prefix: "/onboarding", roles: "any" },
  { prefix: "/app", roles: "any" },
  { prefix: "/profile", roles: "any" },
  { prefix: "/settings", roles: "any" },
];

/** Where unauthenticated visitors of a protected page are sent (configurable, default /). */
export const UNAUTHENTICATED_REDIRECT = process.env.NEXT_PUBLIC_UNAUTHENTICATED_REDIRECT ?? "/";
/** Where signed-in users without the page's role are sent. */
export const FORBIDDEN_REDIRECT = "/app";

export function routeAccess(pathname: string) {
  return PROTECTED_ROUTES.find((r) => pathname === r.prefix || pathname.startsWith(`${r.prefix}/`));
}

export function roleAllowed(roles: readonly Role[] | "any", role: Role): boolean {
  return roles === "any" || roles.includes(role);
}
