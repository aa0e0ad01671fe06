import type { Role } from "@/generated/prisma/enums";

const STAFF = ["platform_admin", "org_admin", "agent"] as const satisfies readonly Role[];
const ADMINS = ["platform_admin", "org_admin"] as const satisfies readonly Role[];
const PLATFORM = ["platform_admin"] as const satisfies readonly Role[];

/**
 * Who may do what: every permission, named for what it allows, with the roles that hold it.
 * The route wrapper, the services, the page guards and the screens all ask this table; an
 * end user holds none of these (they see and answer only their own tickets).
 */
export const PERMISSIONS = {
  /** Every ticket of the organisation, not only the ones raised with one's own email. */
  "tickets.read_all": STAFF,
  /** Change a ticket's status and priority. */
  "tickets.update": STAFF,
  /** Assign a ticket, and list the people it can be assigned to. */
  "tickets.assign": STAFF,
  /** A ticket's change history. */
  "tickets.history": STAFF,
  /** See who else of the team has a ticket open or is typing on it, and be seen. */
  "tickets.presence": STAFF,
  /** Customers' satisfaction ratings: on a ticket, and the organisation's 30-day figures. */
  "satisfaction.read": STAFF,
  /** See a ticket's tags, add and remove them, filter the list by them (tags are the team's own labels). */
  "tickets.tags": STAFF,
  /** Read and write internal notes, reply as support. */
  "tickets.internal_notes": STAFF,
  /** Move one's own account to another email address (a customer's email decides which tickets they see). */
  "profile.change_email": STAFF,
  /** Say whether automatic assignment may give one new tickets (available or away). */
  "profile.availability": STAFF,
  /** The organisation's plan and how much of it is used (tickets, agent seats): the team's business, not its customers'. */
  "organization.usage": STAFF,
  /** Finish or skip the onboarding wizard for the organisation (the team sets up the help desk; it lands in the activity log). */
  "onboarding.finish": STAFF,
  /** The organisation's support email addresses. */
  "support_emails.read": STAFF,
  /** Add, switch on or off and remove support email addresses. */
  "support_emails.manage": ADMINS,
  /** The mailbox Ticketry polls for an address (server, account, password) and how polling goes. */
  "support_emails.mailbox": ADMINS,
  /** List the organisation's macros and apply one from the reply box. */
  "macros.read": STAFF,
  /** Create, edit and delete the organisation's macros. */
  "macros.manage": ADMINS,
  /** The organisation's custom fields: read them to fill them in on tickets. */
  "fields.read": STAFF,
  /** Add, edit, reorder and delete the organisation's custom fields (Settings > Fields). */
  "fields.manage": ADMINS,
  /** Saved views: one's own (save, rename, reorder, delete) and the team's shared ones, with their counts. */
  "views.read": STAFF,
  /** Save, rename, reorder and delete the views shared with the whole team. */
  "views.manage_shared": ADMINS,
  /** Customer companies: the list, a company's people and tickets, a ticket's company beside it. */
  "companies.read": STAFF,
  /** Add, edit and delete companies, their domains, notes and hand-added people (Settings > Companies). */
  "companies.manage": ADMINS,
  /** The organisation's automation rules: list, create, edit, reorder, delete and preview them. */
  "automations.manage": ADMINS,
  /** The organisation's business-hours calendars and SLA policies: list, create, edit, reorder, delete and preview them. */
  "sla.manage": ADMINS,
  /** The organisation's API tokens: create them (the secret shown once), list and revoke them. */
  "api_tokens.manage": ADMINS,
  /** The organisation's webhooks: subscribe addresses to events, rotate secrets, read and resend deliveries. */
  "webhooks.manage": ADMINS,
  /** The knowledge base: list and read articles of every status, search them from the reply box. */
  "kb.read": STAFF,
  /** Write, edit, publish and restore knowledge base articles, upload their images, preview them. */
  "kb.write": STAFF,
  /** The knowledge base's categories (create, rename, reorder, delete) and the help center settings. */
  "kb.manage": ADMINS,
  /** The organisation's groups of agents: filter the queue by them, put a ticket in one. */
  "groups.read": STAFF,
  /** Create, rename and delete groups, choose their members and how their tickets are shared. */
  "groups.manage": ADMINS,
  /** Reports (issue 63): the figures of a range and its tickets as CSV; an agent's are their own tickets'. */
  "reports.read": STAFF,
  /** Reports of the whole organisation, any agent's included (without it, only one's own). */
  "reports.read_all": ADMINS,
  /** The organisation's team members (agents and admins). */
  "team.read": ADMINS,
  /** Invite team members, list and revoke pending invitations. */
  "team.invite": ADMINS,
  /** The onboarding wizard and its set-up steps: support email and team invitations. */
  "organization.setup": ADMINS,
  /** The signature that closes the organisation's replies and status mails to customers. */
  "organization.signature": ADMINS,
  /** Change the organisation's plan: only admins are offered an upgrade (agents cannot buy one). */
  "organization.upgrade": ADMINS,
  /** Require two-factor sign-in of the whole organisation, and see who has it. */
  "organization.security": ADMINS,
  /** User Management: list users, change their role, activate and deactivate them. */
  "users.manage": ADMINS,
  /** The Admin Dashboard: agents' workload and the activity log. */
  "admin.view": ADMINS,
  /** Grant or remove the Platform Admin role, activate or deactivate a Platform Admin. */
  "platform_admins.manage": PLATFORM,
  /** Read every organisation and change its plan. */
  "organizations.manage_all": PLATFORM,
  /** Platform Administration: metrics and health of the whole service. */
  "platform.view": PLATFORM,
  /** Run a dead job of the job queue again (System Health). */
  "jobs.retry": PLATFORM,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Anything with a role: a session user, a user row from an API answer, a demo account. */
export type RoleHolder = { role: string };

/** Whether a role holds a permission; an unknown role holds none. */
export function roleMay(role: string, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly string[]).includes(role);
}

/** Whether this user may do it; nobody signed in may do nothing. */
export function can(user: RoleHolder | null | undefined, permission: Permission): boolean {
  return !!user && roleMay(user.role, permission);
}

/** Every permission a role holds, in the table's order. */
export function permissionsOf(role: string): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => roleMay(role, permission));
}
