import { API_TOKEN_SCOPES, type ApiTokenScope } from "@/lib/schemas/api-tokens";

/** What each scope lets a program do, as the New token dialog explains it. */
export const SCOPE_DESCRIPTIONS: Record<ApiTokenScope, string> = {
  "tickets:read": "List and read tickets, their replies and notes",
  "tickets:write": "Create and update tickets, reply and add notes",
  "users:read": "Read the team's agents and admins",
  "customers:read": "Read customers",
  "tags:read": "Read tags",
  "groups:read": "Read groups",
  "macros:read": "Read macros",
  "ratings:read": "Read satisfaction ratings",
};

/** The scopes as the dialog groups them: reading, then changing. */
export const SCOPE_GROUPS = [
  { label: "Read", scopes: API_TOKEN_SCOPES.filter((s) => s.endsWith(":read")) },
  { label: "Write", scopes: API_TOKEN_SCOPES.filter((s) => s.endsWith(":write")) },
] as const;
