import type { EditableRole, InviteRole } from "./rules";

/** Role badges, the sidebar, profile details, activity sentences and invitation mails; any other value reads End User. */
export function roleLabel(role: string): string {
  return (
    { platform_admin: "Platform Admin", org_admin: "Admin", agent: "Agent", end_user: "End User" }[role] ?? "End User"
  );
}

/** The profile header's role title. */
export function roleTitle(role: string): string {
  return (
    {
      platform_admin: "Platform Administrator",
      org_admin: "Organization Administrator",
      agent: "Support Agent",
      end_user: "End User",
    }[role] ?? "End User"
  );
}

/** The Edit Role dialog's choices. */
export const EDIT_ROLE_LABELS: Record<EditableRole, string> = {
  end_user: "End User",
  agent: "Agent",
  org_admin: "Org Admin",
  platform_admin: "Platform Admin",
};

/** The invite forms' choices (Settings > Team, onboarding step 3). */
export const INVITE_ROLE_LABELS: Record<InviteRole, string> = { agent: "Agent", org_admin: "Organization Admin" };

/** The accept-invitation page: an organisation admin reads Admin, an agent Agent, anything else Team Member. */
export function invitationRoleName(role: string): string {
  return { org_admin: "Admin", agent: "Agent" }[role] ?? "Team Member";
}
