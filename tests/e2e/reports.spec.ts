import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { addSlaOutcome } from "./db";
import { SCREEN_SIZES, expectNoSidewaysScroll, openInTheme, signInAs } from "./helpers";
import { expect, test } from "./team";

// The Reports page (issue 63): an admin changes the range, filters by priority, opens a row's
// tickets in the list and downloads a table and the tickets as CSV; an agent sees their own
// figures. Screens at 1440, 1024 and 390 px, light and dark (SHOTS_DIR, else test-results/screens).

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");

/** The summary the page shows, as the API answers it for the range on screen. */
async function summaryOf(page: Page, query: Record<string, string>) {
  const range = (await page.getByTestId("report-range").textContent()) ?? "";
  const [, from, to] = /^(\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)/.exec(range)!;
  const res = await page.request.get(`/api/reports/summary?${new URLSearchParams({ from: from!, to: to!, ...query })}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { created: number; solved: number; oneTouchSolved: number };
}

const card = (page: Page, title: string) => page.getByTestId("report-card").filter({ hasText: title });

/** The text of a file the page downloads when `click` runs. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, "utf8") };
}

test("an admin reads the range's figures, filters them, opens a row's tickets and downloads CSV", async ({
  page,
  team,
}) => {
  await signInAs(page, team.admin.email);
  await page.goto("/app");
  await page.locator('[data-slot="sidebar"]').first().getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole("heading", { name: "Reports" })).toBeVisible();
  // The demo week of tickets lies in the last 30 days.
  const month = await summaryOf(page, {});
  expect(month.created).toBeGreaterThan(0);
  await expect(card(page, "Created")).toContainText(String(month.created));
  // The change from the period before is said in words, not only shown in colour.
  await expect(card(page, "Created")).toContainText(/Up|Down|Same as before|No figure/);

  await page.getByRole("combobox", { name: "Range" }).click();
  await page.getByRole("option", { name: "Last 7 days" }).click();
  const week = await summaryOf(page, {});
  await expect(card(page, "Created")).toContainText(String(week.created));

  await page.getByRole("combobox", { name: "Priority" }).click();
  await page.getByRole("option", { name: "High" }).click();
  const high = await summaryOf(page, { priority: "high" });
  await expect(card(page, "Created")).toContainText(String(high.created));
  await page.getByRole("combobox", { name: "Priority" }).click();
  await page.getByRole("option", { name: "All" }).click();

  // A chart's numbers as a table.
  const chart = page.getByRole("figure").filter({ hasText: "Tickets created, solved and reopened" });
  // The chart: a scale, days along the bottom, and a day's figures read from the keyboard.
  await expect(chart.getByTestId("chart-scale").first()).toBeVisible();
  await expect(
    chart
      .locator("svg text")
      .filter({ hasText: /^\d\d-\d\d$/ })
      .first(),
  ).toBeVisible();
  await chart.getByRole("slider", { name: "Point of Tickets created, solved and reopened" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(chart.getByRole("status")).toContainText(/Created: \d+/);
  await chart.getByRole("button", { name: "Table" }).click();
  await expect(chart.getByRole("columnheader", { name: "Created" })).toBeVisible();

  // The breakdown by priority: its CSV, then a row's tickets in the list.
  await page.getByRole("combobox", { name: "Breakdown by" }).click();
  await page.getByRole("option", { name: "Priority" }).click();
  const table = await downloaded(page, () =>
    page.getByRole("button", { name: "Download figures by priority as CSV" }).click(),
  );
  expect(table.name).toMatch(/^by-priority-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
  expect(table.text.split("\r\n")[0]).toBe(
    "Name,Created,Solved,First response median (min),Resolution median (min),SLA met,SLA breached,Satisfaction good,Satisfaction bad",
  );
  const tickets = await downloaded(page, () =>
    page.getByRole("link", { name: "Download the range's tickets as CSV" }).click(),
  );
  expect(tickets.text.split("\r\n")[0]).toMatch(/^Number,Subject,Status,Priority,/);

  const row = page.getByRole("link", { name: /^Tickets of / }).first();
  const name = ((await row.getAttribute("aria-label")) ?? "").replace("Tickets of ", "");
  await row.click();
  // Every ticket behind the figure, whatever its status: in all tickets, not the open queue.
  await expect(page).toHaveURL(new RegExp(`/app\\?priority=${name.toLowerCase()}&in=all&createdFrom=`));
  await expect(page.getByRole("region", { name: "Tickets" }).getByTestId("active-filters")).toBeVisible();
  await expect(page.getByRole("button", { name: "in all tickets" })).toHaveAttribute("aria-pressed", "true");
});

test("an admin reads the one-touch share and opens the tickets behind an SLA figure", async ({ page, team }) => {
  // Under a policy of its own: one ticket's first reply late.
  const late = 3;
  await addSlaOutcome(team.organization.slug, late, "first_response", "breached", "Platinum");
  await signInAs(page, team.admin.email);
  await page.goto("/reports");
  const month = await summaryOf(page, {});
  const share = month.solved === 0 ? "–" : `${Math.round((month.oneTouchSolved / month.solved) * 100)}%`;
  await expect(card(page, "One-touch resolution")).toContainText(share);
  await expect(card(page, "One-touch resolution")).toContainText(
    "Solved with exactly one team reply and never reopened",
  );
  // The same numbers as a table.
  const times = page.getByRole("table").filter({ hasText: "Team replies per solved ticket" });
  await expect(times.getByRole("row", { name: /^Next response/ })).toBeVisible();

  await expect(
    page
      .getByRole("table")
      .filter({ hasText: "By target" })
      .getByRole("row", { name: /First reply/ }),
  ).toBeVisible();
  const policies = page.getByRole("table").filter({ hasText: "By policy" });
  await expect(policies.getByRole("row", { name: /Platinum/ })).toContainText("0%");
  await policies.getByRole("link", { name: "Platinum breached: 1 (open their tickets)" }).click();
  await expect(page).toHaveURL(/in=all&slaOutcome=breached&slaPolicy=[^&]+&slaFrom=/);
  const list = page.getByRole("region", { name: "Tickets" });
  await expect(list.getByTestId("active-filters")).toContainText(
    /SLA breached, one policy, started \d{4}-\d\d-\d\d to /,
  );
  await expect(list.locator("[data-ticket-row]")).toHaveCount(1);
  await expect(list.locator("[data-ticket-row]").first()).toHaveAttribute("data-ticket-row", String(late));
});

test("a link with a range opens the page on it (the weekly summary mail's), and a wrong one on the default", async ({
  page,
  team,
}) => {
  await signInAs(page, team.admin.email);
  await page.goto("/reports?from=2026-11-02&to=2026-11-08");
  await expect(page.getByTestId("report-range")).toContainText("2026-11-02 to 2026-11-08");
  await expect(page.locator("#report-from")).toHaveValue("2026-11-02");
  const week = await summaryOf(page, {});
  await expect(card(page, "Created")).toContainText(String(week.created));
  await page.goto("/reports?from=2026-11-08&to=2026-11-02");
  await expect(page.getByRole("combobox", { name: "Range" })).toContainText("Last 30 days");
});

test("an agent sees their own figures", async ({ page, team }) => {
  await signInAs(page, team.agent.email);
  await page.goto("/reports");
  await expect(page.getByText("These are your own figures: the tickets assigned to you.")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Agent" })).toHaveCount(0);
  // The API counts the agent's tickets whatever is asked: the card shows that figure.
  const own = await summaryOf(page, {});
  await expect(card(page, "Created")).toContainText(String(own.created));
  const res = await page.request.get("/api/reports/summary?from=2026-01-01&to=2026-01-02");
  expect(res.status()).toBe(200);
});

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`the reports page at ${size.width} px, ${theme}`, async ({ page, team }) => {
      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await signInAs(page, team.admin.email);
      await page.goto("/reports");
      await expect(card(page, "Created")).toContainText(/\d/);
      await expect(
        page.getByRole("figure").filter({ hasText: "Backlog at the end" }).locator("svg").first(),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: "When tickets arrive, by day and hour" })).toBeVisible();
      await expect(card(page, "One-touch resolution")).toContainText(/\d|–/);
      await expect(page.getByText("What customers said")).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `reports-${size.width}-${theme}.png`), fullPage: true });
    });
  }
}
