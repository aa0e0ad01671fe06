import {
  EDIT_ROLE_LABELS,
  INVITE_ROLE_LABELS,
  invitationRoleName,
  roleLabel,
  roleTitle,
} from "@/lib/permissions/labels";

describe("role labels, each screen's own words", () => {
  it("badges, sidebar and activity read Platform Admin / Admin / Agent / End User; anything else End User", () => {
    expect(["platform_admin", "org_admin", "agent", "end_user", "other"].map(roleLabel)).toEqual([
      "Platform Admin",
      "Admin",
      "Agent",
      "End User",
      "End User",
    ]);
  });

  it("the profile header reads the long titles", () => {
    expect(["platform_admin", "org_admin", "agent", "end_user", "other"].map(roleTitle)).toEqual([
      "Platform Administrator",
      "Organization Administrator",
      "Support Agent",
      "End User",
      "End User",
    ]);
  });

  it("the Edit Role dialog, the invite forms and the accept-invitation page", () => {
    expect(EDIT_ROLE_LABELS).toEqual({
      end_user: "End User",
      agent: "Agent",
      org_admin: "Org Admin",
      platform_admin: "Platform Admin",
    });
    expect(INVITE_ROLE_LABELS).toEqual({ agent: "Agent", org_admin: "Organization Admin" });
    expect(["org_admin", "agent", "end_user", "platform_admin"].map(invitationRoleName)).toEqual([
      "Admin",
      "Agent",
      "Team Member",
      "Team Member",
    ]);
  });
});
