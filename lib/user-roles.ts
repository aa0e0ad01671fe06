import type { Role } from "@/generated/prisma/enums";

/** Spec §6: roles an admin may give in User Management. */
export const EDITABLE_ROLES = ["end_user", "agent", "org_admin", "platform_admin"] as const satisfies readonly Role[];
export type EditableRole = (typeof EDITABLE_ROLES)[number];

/** The Edit Role dialog's labels (spec §2). */
export const EDIT_ROLE_LABELS: Record<EditableRole, string> = {
  end_user: "End User",
  agent: "Agent",
  org_admin: "Org Admin",
  platform_admin: "Platform Admin",
};

/** Spec §6: an invitation brings in an agent or an organisation admin; agent by default. */
export const INVITE_ROLES = ["agent", "org_admin"] as const satisfies readonly Role[];
export type InviteRole = (typeof INVITE_ROLES)[number];

/** The invite forms' labels (Settings > Team, onboarding step 3). */
export const INVITE_ROLE_LABELS: Record<InviteRole, string> = { agent: "Agent", org_admin: "Organization Admin" };
