import type { Role } from "@/generated/prisma/enums";
import type { ApiTokenScope } from "@/lib/schemas/api-tokens";
import type { Actor, Tenant, World } from "./world";

/**
 * Who may call every route handler under app/api, one row per (route, method). The matrix
 * test (matrix.test.ts) discovers the route files itself and fails on a handler missing here.
 *
 * access: "public"     anyone, signed in or not
 *         "signed-in"  any signed-in user (any role); anonymous gets 401
 *         Role[]       only these roles; other signed-in users get 403, anonymous 401
 *         "portal"     only a customer portal session (its cookie, the portal named in the
 *                      X-Portal-Org header); no staff session helps (401)
 *         "api-token"  only an API token holding the entry's `scope` (the public API): no
 *                      session of any kind opens it (401)
 * call(ctx) builds the request for the caller, aimed at `ctx.target` (the caller's own
 * organisation, or the foreign one when the route takes an organisation-owned id).
 */
export const ROLES = {
  staff: ["platform_admin", "org_admin", "agent"],
  admins: ["platform_admin", "org_admin"],
  platform: ["platform_admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Access = "public" | "signed-in" | "portal" | "api-token" | readonly Role[];
export type CallContext = { world: World; actor: Actor; target: Tenant; home: Tenant; unique: string };
export type Call = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Sent as-is instead of encoding `query` (a malformed percent-escape). */
  rawQuery?: string;
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body` (a raw mail message, bytes that are not UTF-8). */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
};
export type PortalActor = "portal_own" | "portal_other_email" | "portal_other_org" | "portal_none";

export type RouteEntry = {
  route: string;
  method: Method;
  access: Access;
  call: (ctx: CallContext) => Call | Promise<Call>;
  /** The request names an organisation-owned row or organisation: also called on the foreign tenant. */
  scoped?: boolean;
  /** Status of an allowed caller on its own organisation (per actor where it differs); default 200. */
  ok?: number | Partial<Record<Actor, number>>;
  /** Status of an allowed caller on a foreign row; default 404 (never confirm that it exists). */
  foreign?: number;
  /** Actors that may read or act across organisations (platform administration). */
  crossTenant?: readonly Actor[];
  /** Portal routes: the status for each kind of token (own email and organisation, another email, another organisation, none). */
  portal?: Partial<Record<PortalActor, number>>;
  /** API-token routes: the scope a token needs. */
  scope?: ApiTokenScope;
  /** Fields of the answer that hand out a secret on purpose, this once (a new API token's). */
  revealsOnce?: readonly string[];
};
