import type { Role } from "@/generated/prisma/enums";

export const ADMIN_ROLES = ["platform_admin", "org_admin"] as const satisfies readonly Role[];
export const STAFF_ROLES = ["platform_admin", "org_admin", "agent"] as const satisfies readonly Role[];

/** Spec §4 role labels; any other value reads End User. */
export function roleLabel(role: string): string {
  return { platform_admin: "Platform Admin", org_admin: "Admin", agent: "Agent", end_user: "End User" }[role] ?? "End User";
}

/** Spec §2 profile role titles. */
export function roleTitle(role: string): string {
  return (
    { platform_admin: "Platform Administrator", org_admin: "Organization Administrator", agent: "Support Agent", end_user: "End User" }[role] ??
    "End User"
  );
}

export function isAdmin(role: string): boolean {
  return (ADMIN_ROLES as readonly string[]).includes(role);
}
