import path from "node:path";
import { expect, test } from "@playwright/test";
import { SCREEN_SIZES, openInTheme } from "./helpers";

// The landing and pricing pages at three widths, light and dark, with the hero's consent ticked
// and the email field focused: the waitlist forms and plan buttons are plain elements (to keep
// the pages' script small), so these shots are how a person checks they still look like the
// rest of the UI.
// Saved to SHOTS_DIR, else test-results/screens.
const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`landing page at ${size.width} px, ${theme}: fits the screen, waitlist form ready`, async ({ page }) => {
      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await page.goto("/");
      const card = page.getByRole("form", { name: "Join the Waitlist" });
      await card.getByRole("checkbox").click();
      await expect(card.getByRole("button", { name: "Join the Waitlist" })).toBeEnabled();
      await card.getByLabel("Email", { exact: true }).focus();
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      await page.screenshot({
        path: path.join(SHOTS, `landing-${size.width}-${theme}.png`),
        fullPage: true,
        animations: "disabled",
      });
    });
  }
}

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`pricing page at ${size.width} px, ${theme}: fits the screen, plan buttons shown`, async ({ page }) => {
      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await page.goto("/pricing");
      await expect(page.getByRole("button", { name: "Start Free Trial" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Contact Sales" })).toBeVisible();
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      await page.screenshot({
        path: path.join(SHOTS, `pricing-${size.width}-${theme}.png`),
        fullPage: true,
        animations: "disabled",
      });
    });
  }
}
