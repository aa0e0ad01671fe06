import { NextResponse, type NextRequest } from "next/server";
import { decodeSession, sessionCookieName } from "@/lib/auth/session-cookie";
import { routeAccess, UNAUTHENTICATED_REDIRECT } from "@/lib/permissions/pages";
import { apiSecurityHeaders, contentSecurityPolicy, securityHeaders } from "@/lib/security/headers.mjs";
import type { ErrorCode } from "@/lib/errors";

/**
 * Runs before every page: a fresh CSP nonce per request (Next reads it from the request's
 * CSP header for its own scripts; the layout reads x-nonce) and the baseline security
 * headers. Redirects here are UX only; route handlers enforce access themselves. API calls
 * come here only when their path holds a percent sign (see `config`).
 */
export async function proxy(request: NextRequest) {
  const production = process.env.NODE_ENV === "production";
  const api = request.nextUrl.pathname.startsWith("/api/");
  const response =
    malformedPath(request) ?? (api ? NextResponse.next() : ((await earlyRedirect(request)) ?? passThrough(request)));
  for (const [name, value] of Object.entries(api ? apiSecurityHeaders(production) : securityHeaders(production))) {
    response.headers.set(name, value);
  }
  return response;
}

/**
 * The page a path renders: RSC and prefetch variants (`/admin.rsc`, `/admin.prefetch.rsc`,
 * `/admin/index.rsc`, `/admin.segments/...`), percent-encoded letters and doubled slashes
 * all name the same protected page and must not slip past the check.
 */
function pagePathOf(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // malformed escapes: check the raw path
  }
  path = path
    .replace(/\/{2,}/g, "/")
    .replace(/\.segments\/.*$/, "")
    .replace(/(\.prefetch)?\.rsc$/, "")
    .replace(/\/index$/, "");
  return path.replace(/\/+$/, "") || "/";
}

/**
 * A path with a broken percent-escape (`/api/tickets/detail/%E0%A4%A`) names no page or route;
 * left to Next, decoding it for a dynamic segment fails with a 500. Bad input is a 400.
 */
function malformedPath(request: NextRequest) {
  try {
    decodeURIComponent(request.nextUrl.pathname);
    return null;
  } catch {
    if (request.nextUrl.pathname.startsWith("/api/"))
      return NextResponse.json(
        { error: "Malformed URL", code: "bad_request" satisfies ErrorCode },
        { status: 400, headers: { "Cache-Control": "no-store" } },
      );
    return new NextResponse("Bad Request: malformed URL", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/** Visitors without a readable session cookie skip the protected page's render entirely. */
async function earlyRedirect(request: NextRequest) {
  if (!routeAccess(pagePathOf(request.nextUrl.pathname))) return null;
  if (await decodeSession(request.cookies.get(sessionCookieName())?.value)) return null;
  return NextResponse.redirect(new URL(UNAUTHENTICATED_REDIRECT, request.url));
}

function passThrough(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV !== "production");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  // A page cannot see its request's method; the help center counts no view for a HEAD request.
  requestHeaders.set("x-request-method", request.method);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

/**
 * Pages, and API paths with a percent sign: those may hold a broken escape, the one thing the
 * proxy checks for API calls. Other API calls skip it (their headers come from next.config.mjs).
 */
export const config = {
  matcher: [{ source: "/((?!api/|_next/static|_next/image|favicon.ico).*)" }, { source: "/api/:path(.*%.*)" }],
};
