import type { Role } from "@/generated/prisma/enums";
import { can, type RoleHolder } from "./table";

type Membership = { role: string; isActive: boolean };

/** Roles that take one of the plan's agent seats while active: everyone who works tickets. */
export const SEAT_ROLES = ["agent", "org_admin", "platform_admin"] as const satisfies readonly Role[];

export function holdsSeat({ role, isActive }: Membership): boolean {
  return isActive && (SEAT_ROLES as readonly string[]).includes(role);
}

/** A ticket can be assigned to the active people holding a seat. */
export const ASSIGNABLE_ROLES = SEAT_ROLES;

/** The role an organisation must keep one active holder of, so someone can still run it. */
export const ORGANIZATION_ADMIN_ROLE = "org_admin" satisfies Role;

/** Whether a change of role or active state leaves the organisation one active admin fewer. */
export function losesActiveAdmin(before: Membership, after: Membership): boolean {
  const isAdmin = (m: Membership) => m.isActive && m.role === ORGANIZATION_ADMIN_ROLE;
  return isAdmin(before) && !isAdmin(after);
}

/** Roles an admin may give in User Management. */
export const EDITABLE_ROLES = ["end_user", "agent", "org_admin", "platform_admin"] as const satisfies readonly Role[];
export type EditableRole = (typeof EDITABLE_ROLES)[number];

export function isEditableRole(role: string): role is EditableRole {
  return (EDITABLE_ROLES as readonly string[]).includes(role);
}

/** Roles only a holder of `platform_admins.manage` may give, take away or (de)activate. */
const PLATFORM_ROLES: readonly string[] = ["platform_admin"] satisfies Role[];

/** Whether the actor may change this user's role or active state at all (an org admin may not touch a platform admin). */
export function mayManageUser(actor: RoleHolder | null | undefined, target: RoleHolder): boolean {
  return can(actor, "users.manage") && (!PLATFORM_ROLES.includes(target.role) || can(actor, "platform_admins.manage"));
}

/** Whether the actor may give this role (an org admin may not promote anyone to platform admin). */
export function mayGrantRole(actor: RoleHolder | null | undefined, role: string): boolean {
  return (
    can(actor, "users.manage") &&
    isEditableRole(role) &&
    (!PLATFORM_ROLES.includes(role) || can(actor, "platform_admins.manage"))
  );
}

/** An invitation brings in an agent or an organisation admin; an agent unless chosen otherwise. */
export const INVITE_ROLES = ["agent", "org_admin"] as const satisfies readonly Role[];
export type InviteRole = (typeof INVITE_ROLES)[number];
export const DEFAULT_INVITE_ROLE: InviteRole = "agent";
