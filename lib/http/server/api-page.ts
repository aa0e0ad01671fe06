import type { NextRequest } from "next/server";
import type { JsonText } from "@/lib/schemas/json";
import { jsonFromText } from "@/lib/http/server/respond";

/**
 * One page of a public API list: `{ "data": [...], "next_cursor" }`, and the next page's address
 * in a `Link` header (rel="next"), the same call with the cursor, as integrators' HTTP clients
 * follow it. The items' JSON is sent as the service wrote it.
 */
export function apiPage(req: NextRequest, items: JsonText<unknown[]>, nextCursor: string | null): Response {
  const body = `{"data":${items},"next_cursor":${JSON.stringify(nextCursor)}}` as JsonText<unknown>;
  if (nextCursor === null) return jsonFromText(body);
  const next = new URL(req.nextUrl.pathname + req.nextUrl.search, appOrigin(req));
  next.searchParams.set("cursor", nextCursor);
  return jsonFromText(body, { headers: { Link: `<${next.href}>; rel="next"` } });
}

/** The same for items a service read as values. */
export function apiList(req: NextRequest, items: unknown[], nextCursor: string | null = null): Response {
  return apiPage(req, JSON.stringify(items) as JsonText<unknown[]>, nextCursor);
}

/** Where the caller reached the app: its configured address, else the request's. */
function appOrigin(req: NextRequest): string {
  return process.env.APP_URL ? new URL(process.env.APP_URL).origin : req.nextUrl.origin;
}
