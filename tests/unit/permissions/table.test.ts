import { Role } from "@/generated/prisma/enums";
import { can, PERMISSIONS, permissionsOf, roleMay, type Permission } from "@/lib/permissions/table";

// Written out by hand, not derived from the table: a change to who may do what must show up here.
const STAFF: Permission[] = [
  "tickets.read_all",
  "tickets.update",
  "tickets.assign",
  "tickets.history",
  "tickets.presence",
  "tickets.tags",
  "tickets.internal_notes",
  "satisfaction.read",
  "profile.change_email",
  "profile.availability",
  "support_emails.read",
  "organization.usage",
  "onboarding.finish",
  "macros.read",
  "fields.read",
  "companies.read",
  "views.read",
  "groups.read",
  "kb.read",
  "kb.write",
  "reports.read",
];
const ADMIN: Permission[] = [
  ...STAFF,
  "support_emails.manage",
  "support_emails.mailbox",
  "macros.manage",
  "fields.manage",
  "companies.manage",
  "views.manage_shared",
  "automations.manage",
  "sla.manage",
  "api_tokens.manage",
  "webhooks.manage",
  "groups.manage",
  "team.read",
  "team.invite",
  "organization.setup",
  "organization.signature",
  "organization.security",
  "organization.upgrade",
  "users.manage",
  "admin.view",
  "kb.manage",
  "reports.read_all",
];
const PLATFORM: Permission[] = [
  ...ADMIN,
  "platform_admins.manage",
  "organizations.manage_all",
  "platform.view",
  "jobs.retry",
];

const EXPECTED: Record<Role, Permission[]> = { end_user: [], agent: STAFF, org_admin: ADMIN, platform_admin: PLATFORM };

describe("permission table", () => {
  it.each(Object.values(Role))("%s holds exactly its permissions", (role) => {
    expect([...permissionsOf(role)].sort()).toEqual([...EXPECTED[role]].sort());
  });

  it("names only real roles", () => {
    const known: readonly string[] = Object.values(Role);
    for (const roles of Object.values(PERMISSIONS)) expect(roles.filter((r: string) => !known.includes(r))).toEqual([]);
  });

  it("can() asks the user's role; nobody signed in and an unknown role may do nothing", () => {
    expect(can({ role: "agent" }, "tickets.update")).toBe(true);
    expect(can({ role: "agent" }, "users.manage")).toBe(false);
    expect(can({ role: "org_admin" }, "users.manage")).toBe(true);
    expect(can({ role: "org_admin" }, "organizations.manage_all")).toBe(false);
    expect(can({ role: "end_user" }, "tickets.read_all")).toBe(false);
    expect(can(null, "tickets.read_all")).toBe(false);
    expect(can(undefined, "tickets.read_all")).toBe(false);
    expect(roleMay("superuser", "tickets.read_all")).toBe(false);
    expect(permissionsOf("")).toEqual([]);
  });
});
