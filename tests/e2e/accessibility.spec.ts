import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { openInTheme, signInAs } from "./helpers";
import { expect, test } from "./team";

async function expectNoViolations(page: Page, include?: string) {
  // Colours fade on a theme change: measured mid-fade, a contrast is neither theme's.
  // (A fade that a later one replaced is cancelled, which is as good as finished.)
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const publicPages = [
  "/",
  "/pricing",
  "/privacy",
  "/unsubscribe/unknown-token",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/reset-password?token=x",
  "/accept-invite",
];

test.describe("accessibility (axe-core)", () => {
  for (const path of publicPages) {
    test(`${path} has no violations, in light and dark`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("h1, h2, [data-slot=card-title]").first()).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole("button", { name: "Toggle theme" }).click();
      await expectNoViolations(page);
    });
  }

  // One test per theme: each page is analysed in full, and both themes in one test came within
  // seconds of the time a test may take on a slow machine.
  for (const theme of ["light", "dark"] as const) {
    test(`signed-in pages have no violations, ${theme}`, async ({ page, team }) => {
      await openInTheme(page, theme);
      await signInAs(page, team.admin.email);
      for (const path of ["/app", "/app#dashboard", "/app#closed", "/profile"]) {
        await page.goto(path);
        await expect(page.locator("h1, h2").first()).toBeAttached();
        await expectNoViolations(page);
      }
    });

    test(`the workspace with a ticket open, the shortcut list and the command palette have no violations, ${theme}`, async ({
      page,
      team,
    }) => {
      await openInTheme(page, theme);
      await signInAs(page, team.admin.email);
      await page.goto("/app#all-open");
      await page.getByRole("region", { name: "Tickets" }).getByRole("listitem").getByRole("button").first().click();
      await expect(page.getByRole("article").getByRole("combobox", { name: "Assignee" })).toBeVisible();
      await expectNoViolations(page);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("?");
      await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
      await expectNoViolations(page);
      await page.keyboard.press("Escape");
      await page.keyboard.press("Control+k");
      await page.getByRole("combobox", { name: "Search commands and tickets" }).fill("a");
      await expect(page.getByRole("group", { name: "Tickets" })).toBeVisible();
      await expectNoViolations(page);
    });
  }
});
