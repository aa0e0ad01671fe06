import type { APIResponse, Page } from "@playwright/test";
import { mayOpen, PROTECTED_ROUTES } from "@/lib/permissions/pages";
import type { Role } from "@/generated/prisma/enums";
import { codeFromMail, signInAs, uniqueEmail } from "./helpers";
import { asPortal, portalCookieName } from "./portal-session";
import { expect, test, type Team } from "./team";

// Security against the production build: headers on every kind of response, the page matrix
// (each protected page as each role), internal-looking headers and RSC / prefetch variants of
// protected pages, and stored markup shown as text (no script runs, no element is injected).

function expectSecurityHeaders(res: APIResponse, path: string) {
  const h = res.headers();
  const seen = {
    path,
    nosniff: h["x-content-type-options"],
    referrer: h["referrer-policy"],
    frame: h["x-frame-options"],
    hsts: !!h["strict-transport-security"],
  };
  expect(seen).toEqual({
    path,
    nosniff: "nosniff",
    referrer: "strict-origin-when-cross-origin",
    frame: "DENY",
    hsts: true,
  });
  const csp = h["content-security-policy"] ?? "";
  if (path.startsWith("/api/")) {
    expect({ path, csp }).toEqual({ path, csp: "default-src 'none'; frame-ancestors 'none'" });
    return;
  }
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-eval");
}

test.describe("security headers", () => {
  for (const path of ["/", "/login", "/pricing", "/portal", "/no-such-page"]) {
    test(`${path} carries CSP with a nonce, frame-ancestors 'none', nosniff, Referrer-Policy and HSTS`, async ({
      request,
    }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expectSecurityHeaders(res, path);
      if ((res.headers()["content-type"] ?? "").includes("text/html")) {
        const nonce = res.headers()["content-security-policy"]!.match(/'nonce-([^']+)'/)![1];
        const html = await res.text();
        const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
        expect(scripts.length).toBeGreaterThan(0);
        for (const tag of scripts)
          expect({ tag, nonce: tag.includes(`nonce="${nonce}"`) }).toEqual({ tag, nonce: true });
      }
    });
  }

  // JSON only: a CSP that loads nothing, no nonce (these skip the proxy), and the same baseline.
  for (const path of [
    "/api/health",
    "/api/auth/check",
    "/api/tickets",
    "/api/no-such-route",
    "/api/tickets/detail/%25",
    "/api/tickets/detail/%E0%A4%A",
  ]) {
    test(`${path} carries CSP default-src 'none', nosniff, Referrer-Policy and HSTS`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expectSecurityHeaders(res, path);
      expect({ path, type: res.headers()["content-type"] }).toEqual({ path, type: "application/json" });
      const body = (await res.json()) as Record<string, unknown>;
      if (!res.ok())
        expect({ path, error: typeof body.error, code: typeof body.code }).toEqual({
          path,
          error: "string",
          code: "string",
        });
    });
  }

  test("an unknown API path is a JSON 404 for every method", async ({ request }) => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      const res = await request.fetch("/api/no/such-route", { method });
      expect({ method, status: res.status(), body: await res.json() }).toEqual({
        method,
        status: 404,
        body: { error: "No such API route", code: "not_found" },
      });
    }
  });

  test("a protected page's redirect carries the headers too", async ({ request }) => {
    const res = await request.get("/admin", { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["strict-transport-security"]).toBeTruthy();
  });
});

/** The team's account holding each role. */
const loginOf = (team: Team): Record<Role, string> => ({
  end_user: team.customer.email,
  agent: team.agent.email,
  org_admin: team.admin.email,
  platform_admin: team.platformAdmin.email,
});
const ROLES: Role[] = ["end_user", "agent", "org_admin", "platform_admin"];

test.describe("page matrix: each protected page as each role", () => {
  test("anonymous visitors are sent to / from every protected page", async ({ page }) => {
    for (const { prefix } of PROTECTED_ROUTES) {
      await page.goto(prefix);
      await expect(page, prefix).toHaveURL("/");
    }
  });

  for (const role of ROLES) {
    test(`${role}: served where the route table allows the role, sent to /app elsewhere`, async ({ page, team }) => {
      await signInAs(page, loginOf(team)[role]);
      for (const access of PROTECTED_ROUTES) {
        await page.goto(access.prefix);
        await expect(page, `${role} ${access.prefix}`).toHaveURL(mayOpen({ role }, access) ? access.prefix : "/app");
      }
    });
  }
});

/** A page's own heading, which only its allowed roles may see (the <title> is not content). */
const PROTECTED_TEXT: Record<string, string> = {
  "/admin": "Admin Dashboard",
  "/users": "User Management",
  "/platform-admin": "Platform Administration",
};
const shows = (body: string, text: string) => body.includes(`>${text}<`) || body.includes(`"children":"${text}"`);

test.describe("a customer's screens", () => {
  test("ask the server for nothing an end user may not have: no 403 on any of their pages", async ({ page, team }) => {
    const refused: string[] = [];
    page.on("response", (res) => {
      const { pathname } = new URL(res.url());
      if (res.status() === 403 && pathname.startsWith("/api/")) refused.push(`${res.request().method()} ${pathname}`);
    });
    await signInAs(page, team.customer.email);
    // The live event stream stays open by design, so the network would never be idle; its own
    // scoping is proven by the live specs and the authorization matrix.
    await page.route("**/api/events", (route) => route.abort());
    for (const path of ["/app", "/profile"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    for (const tab of ["Plan & Billing", "Team", "Organization"]) {
      await page.goto("/settings");
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      await page.waitForLoadState("networkidle");
    }
    await page.goto("/app#dashboard");
    await page.waitForLoadState("networkidle");
    // The set-up wizard is the admins': a customer who types its address lands on the tickets.
    await page.goto("/onboarding");
    await expect(page).toHaveURL("/app");
    await page.waitForLoadState("networkidle");
    expect(refused).toEqual([]);
  });
});

test.describe("protected pages cannot be reached around the guard", () => {
  const variants = (page: string): [string, Record<string, string>][] => [
    [page, { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" }],
    [page, { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" }],
    [page, { "x-middleware-subrequest": "src/proxy:src/proxy:src/proxy:src/proxy:src/proxy" }],
    [`${page}?_rsc=1a2b3`, { rsc: "1" }],
    [`${page}?_rsc=1a2b3`, { rsc: "1", "next-router-prefetch": "1" }],
    [`${page}?_rsc=1a2b3`, { rsc: "1", "next-router-prefetch": "1", "next-router-segment-prefetch": "/_tree" }],
    [`${page}.rsc`, { rsc: "1" }],
    [`${page}.prefetch.rsc`, { rsc: "1", "next-router-prefetch": "1" }],
    [`${page}.segments/_tree.segment.rsc`, { rsc: "1", "next-router-prefetch": "1" }],
    [page, { purpose: "prefetch", "next-router-prefetch": "1" }],
    [page, { "x-nextjs-data": "1" }],
    [page.replace(/^\/(.)/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`), {}],
  ];

  test("anonymous: every variant of every protected page is redirected or unknown, never served", async ({
    request,
  }) => {
    for (const { prefix } of PROTECTED_ROUTES) {
      for (const [path, headers] of variants(prefix)) {
        const res = await request.get(path, { headers, maxRedirects: 0 });
        const body = await res.text();
        expect({ path, headers, refused: [307, 308, 404].includes(res.status()) }).toEqual({
          path,
          headers,
          refused: true,
        });
        if (PROTECTED_TEXT[prefix])
          expect({ path, shown: shows(body, PROTECTED_TEXT[prefix]) }).toEqual({ path, shown: false });
      }
    }
  });

  test("an agent gets no admin page content through any variant (an admin does: the check can see it)", async ({
    page,
    browser,
    team,
  }) => {
    const admin = await browser.newPage();
    await signInAs(admin, team.platformAdmin.email);
    for (const prefix of Object.keys(PROTECTED_TEXT))
      expect({ prefix, shown: shows(await (await admin.request.get(prefix)).text(), PROTECTED_TEXT[prefix]!) }).toEqual(
        { prefix, shown: true },
      );
    await admin.close();
    await signInAs(page, team.agent.email);
    for (const prefix of Object.keys(PROTECTED_TEXT)) {
      for (const [path, headers] of variants(prefix)) {
        const res = await page.request.get(path, { headers, maxRedirects: 0 });
        expect({ path, headers, leaked: shows(await res.text(), PROTECTED_TEXT[prefix]!) }).toEqual({
          path,
          headers,
          leaked: false,
        });
      }
    }
  });
});

test.describe("odd URLs", () => {
  const long = "a".repeat(3000);
  const urls = [
    "/unsubscribe/%E0%A4%A",
    `/unsubscribe/${long}`,
    "/unsubscribe/%00",
    "/portal?org=%00",
    `/portal?org=${long}`,
    "/accept-invite?token=%FF%FE",
    "/reset-password?token=%00%00",
    "/app?view=%3Cscript%3E",
    "/%E0%A4%A",
    "/api/tickets/detail/%E0%A4%A",
    "/api/replies/%25",
    "/api/mailing-list/unsubscribe/%E0%A4%A",
    `/api/mailing-list/unsubscribe/${long}`,
    "/api/team-invites/verify?token=%00",
    "/login?callbackUrl=javascript:alert(1)",
    "/pricing?x=%uFFFF",
  ];

  test("never answer with a 5xx, and malformed escapes are a 400", async ({ request }) => {
    for (const url of urls) {
      const res = await request.get(url, { maxRedirects: 0 });
      expect({ url: url.slice(0, 60), serverError: res.status() >= 500 }).toEqual({
        url: url.slice(0, 60),
        serverError: false,
      });
      if (url.includes("%E0%A4%A")) expect({ url, status: res.status() }).toEqual({ url, status: 400 });
      if (url.startsWith("/api/") && res.status() >= 400)
        expect((await res.json()) as unknown).toEqual(expect.objectContaining({ error: expect.any(String) }));
    }
  });
});

// Each payload would inject an element or run script if it were rendered as markup.
const NAME = `<img src=x onerror=window.__xss=1>Mallory`;
const SUBJECT = `<script>window.__xss=1</script>Printer`;
const DESCRIPTION = `<img src=x onerror="window.__xss=1;alert(1)"> desc`;
const CUSTOMER = `<svg onload=window.__xss=1>Cust`;
const REPLY = `"><iframe srcdoc="<script>parent.__xss=1</script>"></iframe>reply`;
const PORTAL_REPLY = `<a href="javascript:window.__xss=1" id="xss-link">click</a><style>body{display:none}</style>portal`;

async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"], svg[onload], iframe[srcdoc], a#xss-link, body style')).toHaveCount(0);
}

test.describe("stored markup is shown as text", () => {
  test("ticket, reply, names and portal messages run nothing in the workspace and the portal", async ({
    page,
    browser,
  }) => {
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const customerEmail = uniqueEmail("xss-customer");
    const reg = await page.request.post("/api/register", {
      data: { fullName: NAME, email: uniqueEmail("xss-admin"), companyName: "Markup Co", password: "markup-password" },
    });
    expect(reg.status()).toBe(201);
    const { organization } = (await reg.json()) as { organization: { slug: string } };
    expect((await page.request.post("/api/onboarding/skip")).ok()).toBe(true);
    const created = await page.request.post("/api/tickets", {
      data: { subject: SUBJECT, description: DESCRIPTION, customerName: CUSTOMER, customerEmail },
    });
    expect(created.status()).toBe(201);
    const ticket = (await created.json()) as { id: string };
    expect((await page.request.post("/api/replies", { data: { ticketId: ticket.id, content: REPLY } })).status()).toBe(
      201,
    );

    // The customer signs in to the portal (code by mail) and answers with markup of their own.
    expect(
      (await page.request.post("/api/portal/access", { data: { org: organization.slug, email: customerEmail } })).ok(),
    ).toBe(true);
    const code = await codeFromMail(customerEmail);
    const access = await page.request.post("/api/portal/access", {
      data: { org: organization.slug, email: customerEmail, code },
    });
    expect(access.ok()).toBe(true);
    const portalSession = (await page.context().cookies()).find((c) => c.name === portalCookieName(organization.slug));
    expect(portalSession).toBeDefined();
    const portalReply = await page.request.post("/api/replies", {
      data: { ticketId: ticket.id, content: PORTAL_REPLY },
      headers: asPortal(organization.slug),
    });
    expect(portalReply.status()).toBe(201);

    await page.goto("/app#all-open");
    await page.getByText("Printer", { exact: false }).first().click();
    await expect(page.getByRole("heading", { name: SUBJECT })).toBeVisible();
    await expect(page.getByText(DESCRIPTION)).toBeVisible();
    await expect(page.getByText(REPLY)).toBeVisible();
    await expect(page.getByText(PORTAL_REPLY)).toBeVisible();
    await expect(page.getByText(CUSTOMER).first()).toBeVisible();
    await expectInert(page);

    await page.goto("/profile");
    await expect(page.getByText(NAME).first()).toBeVisible();
    await expectInert(page);
    await page.goto("/users");
    await expect(page.getByText(NAME).first()).toBeVisible();
    await expectInert(page);

    const portal = await browser.newPage();
    portal.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await portal.context().addCookies([portalSession!]);
    await portal.goto(`/portal?org=${organization.slug}`);
    await portal.getByText("Printer", { exact: false }).first().click();
    await expect(portal.getByRole("heading", { name: SUBJECT })).toBeVisible();
    await expect(portal.getByText(PORTAL_REPLY)).toBeVisible();
    await expect(portal.getByText(REPLY)).toBeVisible();
    await expectInert(portal);
    await portal.close();
    expect(dialogs).toEqual([]);
  });
});
