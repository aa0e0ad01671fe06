import path from "node:path";
import type { Page } from "@playwright/test";
import { DEMO_PASSWORD } from "@/lib/site/demo";
import { expectNoSidewaysScroll, openInTheme, SCREEN_SIZES } from "./helpers";

/** Where the sign-in security specs put their screenshots (SHOTS_DIR, else test-results/screens). */
const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");

/** Signs in through the sign-in page's form, as a person does (the password step only). */
export async function signInOnScreen(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** The page as it is, at the three widths in light and dark; `ready` waits for it after each reload. */
export async function photograph(page: Page, name: string, ready: () => Promise<void>) {
  for (const theme of ["light", "dark"] as const) {
    await openInTheme(page, theme);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.reload();
      await ready();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}-${theme}.png`), fullPage: true });
    }
  }
}
