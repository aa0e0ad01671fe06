/** The demo organisation and logins created by the seed (shown on the login page when present). */
export const DEMO_ORGANIZATION = { name: "Acme Support", slug: "acme" } as const;
export const PLATFORM_ORGANIZATION = { name: "Ticketry Operations", slug: "ticketry-ops" } as const;

export const DEMO_PASSWORD = "demo-password-1";

/** The demo organisation's verified support address: mail sent to it opens tickets. */
export const DEMO_SUPPORT_ADDRESS = "support@acme.test";

export const DEMO_ACCOUNTS = [
  { role: "org_admin", fullName: "Alex Admin", email: "admin@acme.test", label: "Admin" },
  { role: "agent", fullName: "Sam Agent", email: "agent@acme.test", label: "Agent" },
  { role: "agent", fullName: "Riley Agent", email: "agent2@acme.test", label: "Agent" },
  { role: "end_user", fullName: "Casey Customer", email: "casey@customer.test", label: "End User" },
  { role: "platform_admin", fullName: "Pat Platform", email: "platform@ticketry.test", label: "Platform Admin" },
] as const;

/** The logins the login page offers: the demo organisation's admin and one of its agents. */
export const LOGIN_PAGE_DEMO_EMAILS = ["admin@acme.test", "agent@acme.test"] as const;
