import { execFile } from "node:child_process";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { setPlanOf } from "./db";
import { SCREEN_SIZES, expectNoSidewaysScroll, openInTheme, signInAs } from "./helpers";
import { expect, test } from "./team";

// The API reference at /docs/api, on the production server: public, every call of the OpenAPI
// document with its curl line and example answer, readable in both themes at every width, linked
// from Settings > API. And `npm run api:example` run against the same server.

type Document = { paths: Record<string, Record<string, { operationId: string }>> };

async function expectNoViolations(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("anyone reads every call of the document on the page, each with its curl line and example answer", async ({
  page,
}) => {
  const doc = (await (await page.request.get("/api/v1/openapi.json")).json()) as Document;
  const calls = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, id: op.operationId })),
  );
  expect(calls.length).toBeGreaterThan(1);

  const res = await page.goto("/docs/api");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Ticketry API reference" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Pricing" })).toBeVisible();
  const contents = page.getByRole("navigation", { name: "Calls" });
  for (const { method, path, id } of calls) {
    const call = page.locator(`section#${id}`);
    await expect(call.getByRole("heading", { level: 3 })).toHaveText(`${method} ${path}`);
    await expect(call.getByRole("figure").filter({ hasText: "Example request" })).toContainText(
      "Authorization: Bearer tkt_...",
    );
    await expect(call.getByRole("figure").filter({ hasText: "Example answer" }).locator("pre")).not.toBeEmpty();
    await expect(contents.getByRole("link", { name: `${method} ${path}`, exact: true })).toHaveAttribute(
      "href",
      `#${id}`,
    );
  }

  // Search engines are told of it.
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain("/docs/api");
  expect(await (await page.request.get("/robots.txt")).text()).toContain("Allow: /docs/api");

  // A call's example, as a reader finds it from the contents.
  await contents.getByRole("link", { name: "GET /api/v1/tickets", exact: true }).click();
  const list = page.locator("section#listTickets");
  await expect(list.getByRole("figure").filter({ hasText: "Example request" })).toContainText(
    /curl "http:\/\/[^"]+\/api\/v1\/tickets/,
  );
  await expect(list.getByRole("figure").filter({ hasText: "Example answer" })).toContainText('"next_cursor"');
  // A named type links to its schema.
  await list.getByRole("link", { name: "Ticket", exact: true }).first().click();
  await expect(page.locator("#schema-Ticket")).toBeInViewport();
});

for (const theme of ["light", "dark"] as const) {
  test(`the page reads well and has no accessibility violations in ${theme}, at every width`, async ({ page }) => {
    await openInTheme(page, theme);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.goto("/docs/api");
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?![\s\S]*\bdark\b)/);
      await expect(page.locator("section#listTickets")).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
    await expectNoViolations(page);
  });
}

test("Settings > API links to the reference", async ({ page, team }) => {
  await setPlanOf(team.admin.email, "enterprise");
  await signInAs(page, team.admin.email);
  await page.goto("/settings#api");
  const panel = page.getByRole("tabpanel", { name: "API" });
  await panel.getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ticketry API reference" })).toBeVisible();
});

test("npm run api:example creates a token, lists and creates tickets with it, and revokes it", async ({
  page,
  team,
  baseURL,
}) => {
  await setPlanOf(team.admin.email, "enterprise");
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["scripts/api-example.mjs", "--url", baseURL!, "--email", team.admin.email],
    { encoding: "utf8" },
  );
  // Each call printed as its curl line, then its answer.
  expect(stdout).toContain(`curl -s -X POST "${baseURL}/api/api-tokens"`);
  expect(stdout).toContain(`curl -s "${baseURL}/api/v1/tickets?limit=2" \\\n    -H "Authorization: Bearer $TOKEN"`);
  expect(stdout).toContain(`curl -s -X POST "${baseURL}/api/v1/tickets"`);
  expect(stdout).toContain('"subject": "Printer on the 3rd floor is jammed"');
  expect(stdout).not.toContain("demo-password-1");
  const token = /TOKEN=(tkt_\w+)/.exec(stdout)?.[1];
  expect(token).toMatch(/^tkt_/);

  // The ticket is the team's, and the token opens nothing any more.
  await signInAs(page, team.admin.email);
  await expect
    .poll(async () => {
      const res = await page.request.get("/api/tickets?q=Printer%20on%20the%203rd%20floor");
      return ((await res.json()) as { subject: string }[]).map((t) => t.subject);
    })
    .toContain("Printer on the 3rd floor is jammed");
  const after = await page.request.get("/api/v1/tickets", { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
});
