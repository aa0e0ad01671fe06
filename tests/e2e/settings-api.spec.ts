import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createOrgAdmin, setPlanOf } from "./db";
import { SCREEN_SIZES, expectNoSidewaysScroll, openInTheme, signInAs } from "./helpers";
import { expect, test } from "./team";

// Settings > API end to end: an admin on Enterprise creates a token, sees its secret once with
// a copy button, sees it listed (prefix, scopes, creator, last use, expiry) and revokes it; the
// token opens the API until then and not a request after. Agents get no tab; Pro shows the
// upgrade.

async function expectNoViolations(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).exclude('[data-slot="toast"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function openApiTab(page: Page) {
  await page.goto("/settings#api");
  const panel = page.getByRole("tabpanel", { name: "API" });
  await expect(panel.getByRole("heading", { name: "API tokens" })).toBeVisible();
  return panel;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test("an admin creates a token, sees the secret once, uses it, sees it listed and revokes it", async ({
  page,
  playwright,
  team,
}) => {
  await setPlanOf(team.admin.email, "enterprise");
  await signInAs(page, team.admin.email);
  const panel = await openApiTab(page);
  await expect(panel).toContainText("No tokens yet.");

  // Nothing chosen: each problem beside its field, nothing sent.
  await panel.getByRole("button", { name: "New Token" }).click();
  const dialog = page.getByRole("dialog", { name: "New API token" });
  await dialog.getByRole("button", { name: "Create Token" }).click();
  await expect(dialog).toContainText("Name is required");
  await expect(dialog).toContainText("Scopes is required");
  expect(((await (await page.request.get("/api/api-tokens")).json()) as { tokens: unknown[] }).tokens).toEqual([]);

  await dialog.getByRole("textbox", { name: "Name" }).fill("CRM sync");
  await expect(dialog.getByRole("list", { name: "Write scopes" }).getByRole("checkbox")).toHaveCount(1);
  await dialog.getByRole("checkbox", { name: "tickets:read" }).check();
  await dialog.getByRole("checkbox", { name: "tickets:write" }).check();
  const nextYear = new Date().getFullYear() + 1;
  await dialog.getByLabel("Expires").fill(`${nextYear}-06-30`);
  await dialog.getByRole("button", { name: "Create Token" }).click();
  await expect(dialog).toBeHidden();

  // The secret, this once.
  const secretPanel = panel.getByRole("region", { name: 'Your new token "CRM sync"' });
  await expect(secretPanel).toContainText("It will not be shown again.");
  const secret = await secretPanel.getByRole("textbox", { name: "New API token" }).inputValue();
  expect(secret).toMatch(/^tkt_[0-9A-Za-z]{40}$/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await secretPanel.getByRole("button", { name: "Copy Token" }).click();
  await expect(secretPanel.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const row = panel.locator('[data-token="CRM sync"]');
  await expect(row).toContainText(`${secret.slice(0, 12)}...`);
  await expect(row.getByRole("list", { name: "CRM sync scopes" }).getByRole("listitem")).toHaveText([
    "tickets:read",
    "tickets:write",
  ]);
  await expect(row).toContainText(`by ${team.admin.fullName}`);
  await expect(row).toContainText("Never used");
  await expect(row).toContainText(`Expires Jun 30, ${nextYear}`);

  // The token opens the API, from a client with no session of any kind.
  const program = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await program.get("/api/v1/tickets", { headers: bearer(secret) })).status()).toBe(200);

  await secretPanel.getByRole("button", { name: "Done" }).click();
  await expect(secretPanel).toBeHidden();
  await page.reload();
  const again = await openApiTab(page);
  await expect(again.locator('[data-token="CRM sync"]')).toContainText(/Last used less than a minute ago from \S+/);
  expect(await page.content()).not.toContain(secret.slice(12));

  // Revoked: gone from the list, and the very next request with it is refused.
  await again.getByRole("button", { name: "Revoke CRM sync" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke token?" });
  await expect(confirm).toContainText(`${secret.slice(0, 12)}...`);
  await confirm.getByRole("button", { name: "Revoke token" }).click();
  await expect(again.locator('[data-token="CRM sync"]')).toHaveCount(0);
  await expect(again).toContainText("No tokens yet.");
  expect((await program.get("/api/v1/tickets", { headers: bearer(secret) })).status()).toBe(401);
  await program.dispose();
  await expectNoViolations(page);
});

test("agents see no API tab; on Pro the tab explains the API and offers the upgrade to Enterprise", async ({
  page,
  browser,
  team,
}) => {
  await setPlanOf(team.admin.email, "enterprise");
  await signInAs(page, team.agent.email);
  await page.goto("/settings#api");
  await expect(page.getByRole("tab", { name: "Macros" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "API" })).toHaveCount(0);
  expect((await page.request.get("/api/api-tokens")).status()).toBe(403);

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInAs(owner, await createOrgAdmin({ plan: "pro" }));
  await owner.goto("/settings#api");
  const panel = owner.getByRole("tabpanel", { name: "API" });
  await expect(panel).toContainText("API access is part of the Enterprise plan. You are on the Pro plan.");
  await expect(panel.getByRole("button", { name: "Upgrade to Use the API" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "New Token" })).toHaveCount(0);
  await expectNoViolations(owner);
  await ownerContext.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`the API tab and its dialog fit every screen size, ${theme}`, async ({ page, team }) => {
    await setPlanOf(team.admin.email, "enterprise");
    await openInTheme(page, theme);
    await signInAs(page, team.admin.email);
    const created = await page.request.post("/api/api-tokens", {
      data: { name: `Status page ${theme}`, scopes: ["tickets:read", "users:read", "customers:read"], expiresAt: null },
    });
    expect(created.status()).toBe(201);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      const panel = await openApiTab(page);
      await expect(panel.locator(`[data-token="Status page ${theme}"]`)).toContainText("Never expires");
      await expectNoSidewaysScroll(page);
      if (size.width === 1440) await expectNoViolations(page);
      await panel.getByRole("button", { name: "New Token" }).click();
      const dialog = page.getByRole("dialog", { name: "New API token" });
      await expect(dialog.getByRole("checkbox", { name: "ratings:read" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      if (size.width === 1440) await expectNoViolations(page);
      await dialog.getByRole("button", { name: "Cancel" }).click();
    }
  });
}
