import path from "node:path";
import { apiRouteFolders } from "@/lib/http/server/api-route-files.mjs";
import { makeRequest, params as routeParams } from "../helpers/request";
import type { Call, Method } from "./route-table";

const APP_DIR = path.join(process.cwd(), "app");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export type Handler = (req: ReturnType<typeof makeRequest>, ctx: ReturnType<typeof routeParams>) => Promise<Response>;
export type DiscoveredRoute = { route: string; method: Method; file: string };

/**
 * Every app/api/**\/route.ts as its URL pattern ("/api/tickets/[id]"): the same list the
 * production server builds its route table from.
 */
export function routeFiles(): { route: string; file: string }[] {
  return apiRouteFolders(APP_DIR).map((route) => ({ route, file: path.join(APP_DIR, route, "route.ts") }));
}

/** The exported HTTP methods of every route file (by importing it, as Next does). */
export async function discoverRoutes(): Promise<DiscoveredRoute[]> {
  const found: DiscoveredRoute[] = [];
  for (const { route, file } of routeFiles()) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const method of METHODS)
      if (typeof mod[method] === "function") found.push({ route, method: method as Method, file });
  }
  return found;
}

export async function handlerOf(route: string, method: Method): Promise<Handler> {
  const file = routeFiles().find((r) => r.route === route)?.file;
  if (!file) throw new Error(`No route file for ${route}`);
  const handler = ((await import(file)) as Record<string, unknown>)[method];
  if (typeof handler !== "function") throw new Error(`${route} exports no ${method}`);
  return handler as Handler;
}

/**
 * The URL of a route pattern with its dynamic segments filled in, plus the query string. A
 * segment's lone surrogate goes as U+FFFD (no URL carries one; the handler still gets `params`).
 */
export function urlOf(route: string, call: Pick<Call, "params" | "query" | "rawQuery">): string {
  const pathname = route.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) =>
    encodeURIComponent((call.params?.[name] ?? `missing-${name}`).toWellFormed()),
  );
  const query = call.rawQuery ?? new URLSearchParams(call.query ?? {}).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Calls a route handler in-process the way Next would. */
export async function invoke(
  route: string,
  method: Method,
  call: Call,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const handler = await handlerOf(route, method);
  // A call's own cookie (a passkey challenge's) travels beside the caller's session cookie.
  const cookie = [call.headers?.cookie, extraHeaders.cookie].filter(Boolean).join("; ");
  const headers = { ...call.headers, ...extraHeaders, ...(cookie ? { cookie } : {}) };
  const req = makeRequest(urlOf(route, call), { method, body: call.body, rawBody: call.rawBody, headers });
  const res = await handler(req, routeParams(call.params ?? {}));
  if (!res.body || !res.headers.get("content-type")?.startsWith("text/event-stream")) return res;
  // A live event stream never ends by itself: read what it opens with, then close it as a tab does.
  const reader = res.body.getReader();
  const first = await reader.read();
  await reader.cancel();
  return new Response(first.value ?? null, { status: res.status, headers: res.headers });
}
