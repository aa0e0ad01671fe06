import { Role } from "@/generated/prisma/enums";
import {
  ASSIGNABLE_ROLES,
  DEFAULT_INVITE_ROLE,
  EDITABLE_ROLES,
  holdsSeat,
  INVITE_ROLES,
  isEditableRole,
  losesActiveAdmin,
  mayGrantRole,
  mayManageUser,
  SEAT_ROLES,
} from "@/lib/permissions/rules";

const as = (role: string) => ({ role });

describe("agent seats", () => {
  it("are taken by active agents and admins (platform admins included), never by end users", () => {
    expect([...SEAT_ROLES].sort()).toEqual(["agent", "org_admin", "platform_admin"]);
    expect(holdsSeat({ role: "agent", isActive: true })).toBe(true);
    expect(holdsSeat({ role: "org_admin", isActive: true })).toBe(true);
    expect(holdsSeat({ role: "platform_admin", isActive: true })).toBe(true);
    expect(holdsSeat({ role: "end_user", isActive: true })).toBe(false);
    expect(holdsSeat({ role: "agent", isActive: false })).toBe(false);
  });

  it("tickets are assigned to the people holding them", () => {
    expect(ASSIGNABLE_ROLES).toEqual(SEAT_ROLES);
  });
});

describe("the last organisation admin", () => {
  const admin = { role: "org_admin", isActive: true };
  it.each([
    ["demoted to agent", admin, { role: "agent", isActive: true }, true],
    ["promoted to platform admin", admin, { role: "platform_admin", isActive: true }, true],
    ["deactivated", admin, { role: "org_admin", isActive: false }, true],
    ["left unchanged", admin, admin, false],
    ["an inactive admin demoted", { role: "org_admin", isActive: false }, { role: "agent", isActive: false }, false],
    ["an agent promoted to admin", { role: "agent", isActive: true }, admin, false],
    ["an agent deactivated", { role: "agent", isActive: true }, { role: "agent", isActive: false }, false],
  ])("%s: the organisation loses an active admin = %s", (_, before, after, expected) => {
    expect(losesActiveAdmin(before, after)).toBe(expected);
  });
});

describe("who may change whom", () => {
  it("an org admin manages agents, end users and admins but not a platform admin", () => {
    expect(mayManageUser(as("org_admin"), as("agent"))).toBe(true);
    expect(mayManageUser(as("org_admin"), as("end_user"))).toBe(true);
    expect(mayManageUser(as("org_admin"), as("org_admin"))).toBe(true);
    expect(mayManageUser(as("org_admin"), as("platform_admin"))).toBe(false);
  });

  it("a platform admin manages everyone; agents, end users and nobody manage no one", () => {
    for (const target of Object.values(Role)) {
      expect(mayManageUser(as("platform_admin"), as(target))).toBe(true);
      expect(mayManageUser(as("agent"), as(target))).toBe(false);
      expect(mayManageUser(as("end_user"), as(target))).toBe(false);
      expect(mayManageUser(null, as(target))).toBe(false);
    }
  });

  it("an org admin gives every editable role but Platform Admin; a platform admin gives all", () => {
    expect(EDITABLE_ROLES.filter((r) => mayGrantRole(as("org_admin"), r))).toEqual(["end_user", "agent", "org_admin"]);
    expect(EDITABLE_ROLES.filter((r) => mayGrantRole(as("platform_admin"), r))).toEqual([
      "end_user",
      "agent",
      "org_admin",
      "platform_admin",
    ]);
    expect(EDITABLE_ROLES.filter((r) => mayGrantRole(as("agent"), r))).toEqual([]);
    expect(mayGrantRole(as("platform_admin"), "superuser")).toBe(false);
  });

  it("every role is editable, nothing else", () => {
    expect([...EDITABLE_ROLES].sort()).toEqual(Object.values(Role).sort());
    expect(isEditableRole("agent")).toBe(true);
    expect(isEditableRole("superuser")).toBe(false);
  });
});

describe("invitations", () => {
  it("bring in an agent (by default) or an organisation admin", () => {
    expect(INVITE_ROLES).toEqual(["agent", "org_admin"]);
    expect(DEFAULT_INVITE_ROLE).toBe("agent");
  });
});
