import { hashToken, newToken } from "@/lib/auth/tokens";
import { db } from "../helpers/db";
import { anyErrorBody } from "../helpers/error-body";
import { portalAuth } from "../helpers/portal-auth";
import { apiTokenOf } from "../helpers/api-token";
import { API_TOKEN_SCOPES } from "@/lib/schemas/api-tokens";
import { invoke } from "./discover";
import { ROUTE_TABLE, uniqueTag, type Call, type RouteEntry } from "./route-table";
import { cookieOf, type Actor, type World } from "./world";

// What the hostile-input tests share: who calls each route, with which headers, starting from
// the route table's valid call, and the one rule every answer keeps.

export const key = (e: RouteEntry) => `${e.method} ${e.route}`;

/** Every route, plus a portal-token variant of the routes the workspace and the portal share. */
export const TARGETS: (RouteEntry & { label: string })[] = ROUTE_TABLE.flatMap((e) => [
  { ...e, label: key(e) },
  ...(e.portal && e.access !== "portal"
    ? [{ ...e, access: "portal" as const, label: `${key(e)} (portal token)` }]
    : []),
]);

/** The most ordinary caller the route lets in. */
export function callerOf(entry: RouteEntry): Actor | "portal" | "api-token" {
  if (entry.access === "public") return "anonymous";
  if (entry.access === "portal") return "portal";
  if (entry.access === "api-token") return "api-token";
  if (entry.access === "signed-in") return "agent";
  return entry.access.includes("org_admin") ? "org_admin" : "platform_admin";
}

/** A fresh portal session for A's customer per call (a logout must not starve later runs). */
async function portalHeader(world: World): Promise<Record<string, string>> {
  const token = newToken();
  await db.portalSession.create({
    data: {
      organizationId: world.a.org.id,
      email: world.a.users.end_user.email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return portalAuth(world.a.org.slug, token);
}

/** A fresh token of A with every scope per call (each has its own budget of requests). */
const apiTokenHeader = async (world: World) => (await apiTokenOf(world.a.org.id, API_TOKEN_SCOPES)).headers;

export async function headersFor(
  world: World,
  caller: Actor | "portal" | "api-token",
): Promise<Record<string, string>> {
  // A fresh client address per call keeps the per-address throttles from answering everything with 429.
  const ip = {
    "x-forwarded-for": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
  if (caller === "api-token") return { ...ip, ...(await apiTokenHeader(world)) };
  return { ...ip, ...(caller === "portal" ? await portalHeader(world) : await cookieOf(world, caller)) };
}

/** The route table's valid call for the route's ordinary caller, on its own organisation. */
export async function baseCall(world: World, entry: RouteEntry): Promise<Call> {
  const caller = callerOf(entry);
  return entry.call({
    world,
    // A token acts as its organisation, as its admin would.
    actor: caller === "portal" ? "anonymous" : caller === "api-token" ? "org_admin" : caller,
    home: world.a,
    target: world.a,
    unique: uniqueTag(),
  });
}

/**
 * Sends and checks the one rule that holds for any input: no 5xx, and a refusal says why in
 * the error shape. Returns the status and the parsed answer.
 */
export async function expectNoServerError(
  entry: RouteEntry,
  call: Call,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const res = await invoke(entry.route, entry.method, call, headers);
  const text = await res.text();
  const verdict = {
    route: key(entry),
    status: res.status,
    ...(res.status >= 500 ? { text: text.slice(0, 200), input: JSON.stringify(call).slice(0, 300) } : {}),
  };
  expect(verdict).toEqual({ route: key(entry), status: expect.any(Number) });
  expect(res.status).toBeLessThan(500);
  const body = res.status >= 400 ? (JSON.parse(text) as unknown) : null;
  if (res.status >= 400) expect(body).toEqual(anyErrorBody());
  return { status: res.status, body };
}
