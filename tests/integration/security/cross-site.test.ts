import { NextRequest } from "next/server";
import nextConfig from "@/next.config.mjs";
import { config, proxy } from "@/proxy";
import { PROTECTED_ROUTES } from "@/lib/permissions/pages";
import { invoke } from "./discover";
import { ROUTE_TABLE, uniqueTag, type RouteEntry } from "./route-table";
import { cookieOf, setUpWorld, snapshotTenant, type Actor, type World } from "./world";
import { apiTokenOf } from "../helpers/api-token";
import { portalAuth } from "../helpers/portal-auth";

// Cross-site requests and security headers. Every mutating route refuses a foreign Origin and
// a cross-site Sec-Fetch-Site before doing anything; the proxy gives pages and unknown paths
// the security headers (API answers get fixed ones from next.config.mjs), and its early
// redirect of protected pages is not skipped by internal-looking headers or RSC / prefetch
// variants.

const key = (e: RouteEntry) => `${e.method} ${e.route}`;
const mutating = ROUTE_TABLE.filter((e) => e.method !== "GET" && e.access !== "api-token");
// The public API's writes have no same-origin check: their caller is the token in the
// Authorization header, which a browser never sends on its own, so another site cannot borrow it.
const tokenWrites = ROUTE_TABLE.filter((e) => e.method !== "GET" && e.access === "api-token");

let world: World;
setUpWorld((created) => (world = created));

function callerOf(entry: RouteEntry): Actor {
  if (entry.access === "public" || entry.access === "portal") return "anonymous";
  if (entry.access === "signed-in") return "agent";
  return entry.access.includes("org_admin") ? "org_admin" : "platform_admin";
}

const HOSTILE_HEADERS: Record<string, string>[] = [
  { origin: "https://evil.example" },
  { origin: "http://localhost:3000.evil.example" },
  { "sec-fetch-site": "cross-site" },
  { origin: "http://localhost:3000", "sec-fetch-site": "same-site" },
];

describe.each(mutating.map((e) => [key(e), e] as const))("cross-site: %s", (_, entry) => {
  it.each(HOSTILE_HEADERS.map((h) => [JSON.stringify(h), h] as const))(
    "refuses %s with 403 and changes nothing",
    async (__, hostile) => {
      const caller = callerOf(entry);
      const call = await entry.call({ world, actor: caller, home: world.a, target: world.a, unique: uniqueTag() });
      const headers = {
        ...(await cookieOf(world, caller)),
        ...(entry.access === "portal" ? portalAuth(world.a.org.slug, world.a.portalToken) : {}),
        ...hostile,
      };
      const before = [await snapshotTenant(world.a.org.id), await snapshotTenant(world.b.org.id)];
      const res = await invoke(entry.route, entry.method, call, headers);
      expect({ status: res.status, body: await res.json() }).toEqual({
        status: 403,
        body: { error: "Cross-site request rejected", code: "cross_site_rejected" },
      });
      expect([await snapshotTenant(world.a.org.id), await snapshotTenant(world.b.org.id)]).toEqual(before);
    },
  );

  it("accepts the same request from the app's own origin", async () => {
    const caller = callerOf(entry);
    const call = await entry.call({ world, actor: caller, home: world.a, target: world.a, unique: uniqueTag() });
    const headers = {
      ...(await cookieOf(world, caller)),
      ...(entry.access === "portal" ? portalAuth(world.a.org.slug, world.a.portalToken) : {}),
      origin: "http://localhost:3000",
      "sec-fetch-site": "same-origin",
    };
    const res = await invoke(entry.route, entry.method, call, headers);
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(500);
  });
});

describe.each(tokenWrites.map((e) => [key(e), e] as const))("cross-site, API token: %s", (_, entry) => {
  it("is answered whatever Origin and Sec-Fetch-Site come with the token", async () => {
    const { headers: token } = await apiTokenOf(world.a.org.id, [entry.scope!]);
    const call = await entry.call({ world, actor: "org_admin", home: world.a, target: world.a, unique: uniqueTag() });
    const res = await invoke(entry.route, entry.method, call, {
      ...token,
      ...HOSTILE_HEADERS[0],
      "sec-fetch-site": "cross-site",
    });
    expect(res.status).toBe(typeof entry.ok === "number" ? entry.ok : 200);
  });
});

function request(path: string, headers: Record<string, string> = {}) {
  return new NextRequest(`http://localhost:3000${path}`, { headers });
}

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
}

describe("proxy: security headers", () => {
  it.each(["/", "/pricing", "/login", "/no-such-page"])(
    "%s gets a nonce CSP with frame-ancestors 'none' and the baseline headers",
    async (path) => {
      const res = await proxy(request(path));
      expectSecurityHeaders(res);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain("'unsafe-inline' 'nonce"); // scripts only by nonce
    },
  );

  it("uses a fresh nonce for every request", async () => {
    const nonces = await Promise.all(
      [1, 2, 3].map(
        async () => (await proxy(request("/"))).headers.get("content-security-policy")!.match(/nonce-([^']+)/)![1],
      ),
    );
    expect(new Set(nonces).size).toBe(3);
  });

  it("adds HSTS only in production", async () => {
    expect((await proxy(request("/"))).headers.get("strict-transport-security")).toBeNull();
    const env = process.env as Record<string, string | undefined>;
    const previous = env.NODE_ENV;
    env.NODE_ENV = "production";
    try {
      const res = await proxy(request("/"));
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
      expect(res.headers.get("content-security-policy")).not.toContain("unsafe-eval");
    } finally {
      env.NODE_ENV = previous;
    }
  });
});

describe("API headers: fixed, without the proxy", () => {
  const API_CSP = "default-src 'none'; frame-ancestors 'none'";

  it("next.config gives every /api path a CSP that loads nothing and the baseline headers", async () => {
    const rules = await nextConfig.headers!();
    const api = rules.find((r) => r.source === "/api/:path*");
    const headers = Object.fromEntries((api?.headers ?? []).map((h) => [h.key.toLowerCase(), h.value]));
    expect(headers).toMatchObject({
      "content-security-policy": API_CSP,
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
    });
  });

  it("the proxy runs for pages and for API paths with a percent sign only", () => {
    const sources = config.matcher.map((m) => new RegExp(`^${m.source.replace("/api/:path(.*%.*)", "/api/(.*%.*)")}$`));
    const runs = (path: string) => sources.some((re) => re.test(path));
    expect(["/", "/app", "/api/tickets/detail/%E0%A4%A", "/api/replies/%25"].filter(runs)).toHaveLength(4);
    expect(["/api/tickets", "/api/health", "/_next/static/chunks/a.js"].filter(runs)).toEqual([]);
  });

  it("an API path with a well-formed escape passes the proxy with the API headers and no nonce", async () => {
    const res = await proxy(request("/api/tickets/detail/%25"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe(API_CSP);
    expectSecurityHeaders(res);
  });
});

describe("proxy: malformed paths", () => {
  it.each(["/api/tickets/detail/%E0%A4%A", "/api/mailing-list/unsubscribe/%C0%AF", "/api/replies/%"])(
    "API path %s is a 400 with { error }",
    async (path) => {
      const res = await proxy(request(path));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Malformed URL", code: "bad_request" });
      expectSecurityHeaders(res);
    },
  );

  it.each(["/unsubscribe/%E0%A4%A", "/admin/%FF", "/%E0"])("page path %s is a 400", async (path) => {
    const res = await proxy(request(path));
    expect(res.status).toBe(400);
    expectSecurityHeaders(res);
  });
});

describe("proxy: protected pages stay protected", () => {
  const pages = PROTECTED_ROUTES.map((r) => r.prefix);
  const variants = (page: string): [string, Record<string, string>][] => [
    [page, {}],
    [`${page}/`, {}],
    [`${page}/anything`, {}],
    [page, { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" }],
    [page, { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" }],
    [page, { "x-middleware-subrequest": "src/middleware:middleware" }],
    [`${page}?_rsc=abc`, { rsc: "1" }],
    [`${page}?_rsc=abc`, { rsc: "1", "next-router-prefetch": "1" }],
    [page, { "next-router-prefetch": "1", purpose: "prefetch" }],
    [`${page}.rsc`, { rsc: "1" }],
    [`${page}.prefetch.rsc`, { rsc: "1", "next-router-prefetch": "1" }],
    [`${page}/index.rsc`, { rsc: "1" }],
    [`${page}.segments/_tree.segment.rsc`, { rsc: "1", "next-router-prefetch": "1" }],
    [`/${page}`, {}],
    [page.replace(/^\/(.)/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`), {}],
  ];

  it.each(
    pages.flatMap((page) =>
      variants(page).map(([path, headers]) => [`${path} ${JSON.stringify(headers)}`, path, headers] as const),
    ),
  )("anonymous %s is redirected, with the security headers", async (_, path, headers) => {
    const res = await proxy(request(path, headers));
    expect({ path, status: res.status, location: res.headers.get("location") }).toEqual({
      path,
      status: 307,
      location: "http://localhost:3000/",
    });
    expectSecurityHeaders(res);
  });

  it("a forged or foreign session cookie does not count as signed in", async () => {
    for (const cookie of [
      "next-auth.session-token=forged",
      "next-auth.session-token=",
      `next-auth.session-token=${"a".repeat(5000)}`,
    ]) {
      const res = await proxy(request("/admin", { cookie }));
      expect(res.status).toBe(307);
    }
  });
});
