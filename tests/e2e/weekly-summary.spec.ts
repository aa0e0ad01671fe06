import path from "node:path";
import type { Page } from "@playwright/test";
import { weeklySummaryMail } from "@/lib/mail/weekly-summary-mail";
import { expectNoSidewaysScroll, openInTheme, SCREEN_SIZES, signInAs, toastText } from "./helpers";
import { expect, test } from "./team";

// The weekly summary email of the reports: an admin turns it on in their profile (an agent has
// no such setting), and the mail's HTML reads in a light and a dark mail client. Each is
// photographed (SHOTS_DIR, else test-results/screens) at three widths, light and dark.
const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");

const weeklySwitch = (page: Page) => page.getByRole("switch", { name: "Weekly summary email" });

test("an admin turns the weekly summary email on in the profile, and it stays on", async ({ page, team }) => {
  await signInAs(page, team.admin.email);
  await page.goto("/profile");
  const toggle = weeklySwitch(page);
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(toastText(page, "Weekly summary email on")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await page.reload();
  await expect(weeklySwitch(page)).toHaveAttribute("aria-checked", "true");

  for (const theme of ["light", "dark"] as const) {
    await openInTheme(page, theme);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.reload();
      await expect(weeklySwitch(page)).toHaveAttribute("aria-checked", "true");
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: path.join(SHOTS, `profile-weekly-summary-${size.width}-${theme}.png`),
        fullPage: true,
      });
    }
  }

  // Off again: the next Monday's run passes the admin by.
  await weeklySwitch(page).click();
  await expect(toastText(page, "Weekly summary email off")).toBeVisible();
  await page.reload();
  await expect(weeklySwitch(page)).toHaveAttribute("aria-checked", "false");
});

test("an agent's profile has no weekly summary setting", async ({ page, team }) => {
  await signInAs(page, team.agent.email);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await expect(weeklySwitch(page)).toHaveCount(0);
});

// The mail as a mail client shows it: its own page colours, light or dark, around our HTML.
const mail = weeklySummaryMail("admin@acme.test", {
  organizationName: "Acme Support",
  timeZone: "Europe/London",
  week: { from: "2026-11-30", to: "2026-12-06" },
  current: {
    created: 52,
    solved: 31,
    firstResponseMinutes: { median: 304, p90: 900 },
    slaCompliance: { met: 67, breached: 11 },
  },
  previous: {
    created: 34,
    solved: 35,
    firstResponseMinutes: { median: 238, p90: 800 },
    slaCompliance: { met: 60, breached: 14 },
  },
  reportsLink: "http://localhost:3000/reports?from=2026-11-30&to=2026-12-06",
  profileLink: "http://localhost:3000/profile#weekly-summary",
});
const CLIENT = { light: "body{background:#ffffff;color:#1f1f1f}", dark: "body{background:#1e1e1e;color:#e8e8e8}" };

for (const theme of ["light", "dark"] as const) {
  test(`the weekly summary email reads in a ${theme} mail client`, async ({ page }) => {
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.setContent(mail.html!);
      await page.addStyleTag({ content: CLIENT[theme] });
      const table = page.locator("table[data-weekly-summary]");
      await expect(table.getByRole("rowheader", { name: "Tickets created" })).toBeVisible();
      await expect(
        table.getByRole("row", { name: /First response \(median\) 5 h 4 min Up 28% from 3 h 58 min, worse/ }),
      ).toBeVisible();
      // The figures take the client's text colour: nothing of ours is dark on dark or light on light.
      const colours = await table
        .locator("td, th")
        .evaluateAll((cells) => [...new Set(cells.map((cell) => getComputedStyle(cell).color))]);
      expect(colours).toEqual([theme === "dark" ? "rgb(232, 232, 232)" : "rgb(31, 31, 31)"]);
      await expect(page.getByRole("link", { name: "See the week in Reports" })).toBeVisible();
      // The profile link too: a browser's default blue would be dark on a dark client.
      expect(await page.getByRole("link", { name: "your profile" }).evaluate((a) => getComputedStyle(a).color)).toBe(
        colours[0],
      );
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: path.join(SHOTS, `weekly-summary-mail-${size.width}-${theme}.png`),
        fullPage: true,
      });
    }
  });
}
