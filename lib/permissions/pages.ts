import { can, type Permission, type RoleHolder } from "./table";

export type ProtectedRoute = { prefix: string; permission: Permission | null };

/** Signed-in pages and the permission each needs (none: any signed-in user); prefixes cover their sub-paths. */
export const PROTECTED_ROUTES: readonly ProtectedRoute[] = [
  { prefix: "/platform-admin", permission: "platform.view" },
  { prefix: "/admin", permission: "admin.view" },
  { prefix: "/users", permission: "users.manage" },
  { prefix: "/onboarding", permission: "organization.setup" },
  { prefix: "/app", permission: null },
  { prefix: "/profile", permission: null },
  { prefix: "/settings", permission: null },
];

/** Where unauthenticated visitors of a protected page are sent (configurable, default /). */
export const UNAUTHENTICATED_REDIRECT = process.env.NEXT_PUBLIC_UNAUTHENTICATED_REDIRECT ?? "/";
/** Where a session is sent until its user enrols the second factor the organisation requires. */
export const TWO_FACTOR_SETUP = "/two-factor-setup";
/** Where signed-in users without the page's permission are sent. */
export const FORBIDDEN_REDIRECT = "/app";

export function routeAccess(pathname: string): ProtectedRoute | undefined {
  return PROTECTED_ROUTES.find((r) => pathname === r.prefix || pathname.startsWith(`${r.prefix}/`));
}

/** Whether a signed-in user may open the page (an unprotected page or one needing no permission: yes). */
export function mayOpen(user: RoleHolder, access: ProtectedRoute | undefined): boolean {
  return !access?.permission || can(user, access.permission);
}

/** Where a sign-in lands when it was sent nowhere in particular: platform admins run the platform. */
export function landingPage(user: RoleHolder): string {
  return can(user, "platform.view") ? "/platform-admin" : "/app";
}
