import type { NextRequest } from "next/server";
import { forbidden } from "@/lib/errors";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function ownOrigins(req: NextRequest): Set<string> {
  const origins = new Set<string>([req.nextUrl.origin]);
  const host = req.headers.get("host");
  if (host) origins.add(`${req.nextUrl.protocol}//${host}`);
  if (process.env.APP_URL) origins.add(new URL(process.env.APP_URL).origin);
  return origins;
}

/**
 * Rejects cross-site mutations: a browser always labels them with Sec-Fetch-Site or Origin.
 * Callers without either header (curl, server-to-server) carry no ambient browser cookies
 * from another site, so they are not a CSRF vector.
 */
export function assertSameOrigin(req: NextRequest) {
  if (!MUTATING.has(req.method)) return;
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") {
    throw forbidden("Cross-site request rejected", "cross_site_rejected");
  }
  const origin = req.headers.get("origin");
  if (origin && !ownOrigins(req).has(origin)) {
    throw forbidden("Cross-site request rejected", "cross_site_rejected");
  }
}
