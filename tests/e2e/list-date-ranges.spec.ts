import path from "node:path";
import type { Page } from "@playwright/test";
import { SCREEN_SIZES, expectNoSidewaysScroll, openInTheme, showWholeList, signInAs } from "./helpers";
import { expect, test } from "./team";

// The list's Created and Updated filters (issue 62, views): a relative preset narrows the list
// and shows as a chip, a view saved from it keeps the range relative and opens it again; a
// custom range of dates, and its chip's removal. Screens of the filter bar with the Created box
// open (SHOTS_DIR, else test-results/screens).

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** How many tickets the list holds under these filters, as the API lists them. */
async function listed(page: Page, filters: Record<string, string>) {
  const res = await page.request.get(`/api/tickets?${new URLSearchParams({ ...filters, limit: "200" })}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as unknown[]).length;
}

test("a preset narrows the list and shows as a chip; a view saved with Last 7 days stays relative", async ({
  page,
  team,
}) => {
  await signInAs(page, team.admin.email);
  const all = await listed(page, { view: "all-open" });
  const today = await listed(page, { view: "all-open", createdFrom: "-24h" });
  const recent = await listed(page, { view: "all-open", createdFrom: "-7d" });
  // The team's open work goes back days: the last 24 hours hold some of it, not all.
  expect(today).toBeGreaterThan(0);
  expect(today).toBeLessThan(all);

  await page.goto("/app#all-open");
  const list = page.getByRole("region", { name: "Tickets" });
  await showWholeList(list, all);
  // The date filters take a row of the list's header only once asked for.
  const created = list.getByRole("combobox", { name: "Created filter" });
  await expect(created).toHaveCount(0);
  await list.getByRole("button", { name: "Filter by date" }).click();
  await created.click();
  await page.getByRole("option", { name: "Last 24 hours" }).click();
  await expect(page).toHaveURL(/createdFrom=-24h/);
  await showWholeList(list, today);
  await created.click();
  await page.getByRole("option", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/createdFrom=-7d/);
  await showWholeList(list, recent);
  await expect(created).toHaveText("Created in the last 7 days");
  const chips = list.getByTestId("active-filters");
  await expect(chips).toContainText("Created in the last 7 days");

  // Saved as a view of one's own: kept as -7d, counted, and opened again at its address.
  const name = `Fresh ${unique()}`;
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save view" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog).toBeHidden();
  const views = (await (await page.request.get("/api/views")).json()) as {
    views: { name: string; count: number; filters: Record<string, string> }[];
  };
  const saved = views.views.find((v) => v.name === name);
  expect(saved?.filters).toMatchObject({ createdFrom: "-7d" });
  expect(saved?.count).toBe(recent);

  // Removing the chip lists every open ticket again.
  await chips.getByRole("button", { name: "Remove filter Created in the last 7 days" }).click();
  await expect(page).not.toHaveURL(/createdFrom/);
  await expect(list.getByTestId("active-filters")).toHaveCount(0);
  await expect(created).toHaveText("Created");

  const sidebar = page.locator('[data-slot="sidebar"]').first();
  await sidebar.getByRole("link", { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(/createdFrom=-7d/);
  await expect(list.getByTestId("active-filters")).toContainText("Created in the last 7 days");
  await showWholeList(list, recent);
});

test("Not updated in 24 hours, and a custom range of dates", async ({ page, team }) => {
  await signInAs(page, team.admin.email);
  await page.goto("/app#all-open");
  const list = page.getByRole("region", { name: "Tickets" });
  await expect(list.locator("[data-ticket-row]").first()).toBeVisible();

  await list.getByRole("button", { name: "Filter by date" }).click();
  const updated = list.getByRole("combobox", { name: "Updated filter" });
  await updated.click();
  await page.getByRole("option", { name: "Not updated in 24 hours" }).click();
  await expect(page).toHaveURL(/updatedTo=-24h/);
  await expect(list.getByTestId("active-filters")).toContainText("Not updated in 24 hours");
  await showWholeList(list, await listed(page, { view: "all-open", updatedTo: "-24h" }));
  await updated.click();
  await page.getByRole("option", { name: "Any time" }).click();
  await expect(page).not.toHaveURL(/updatedTo/);
  // With no range left, the row gives its room back to the tickets.
  await expect(updated).toHaveCount(0);
  await list.getByRole("button", { name: "Filter by date" }).click();

  // A custom range: two dates, each the organisation's whole day.
  const created = list.getByRole("combobox", { name: "Created filter" });
  await created.click();
  await page.getByRole("option", { name: "Custom range" }).click();
  const from = list.getByLabel("Created from");
  const to = list.getByLabel("Created to");
  await expect(from).toBeVisible();
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await from.fill(day(20));
  await expect(page).toHaveURL(new RegExp(`createdFrom=${day(20)}`));
  await to.fill(day(10));
  await expect(page).toHaveURL(new RegExp(`createdTo=${day(10)}`));
  // The end date may not come before the start.
  await expect(to).toHaveAttribute("min", day(20));
  const label = `Created ${day(20)} to ${day(10)}`;
  await expect(list.getByTestId("active-filters")).toContainText(label);
  await expect(created).toHaveText(label);
  await showWholeList(list, await listed(page, { view: "all-open", createdFrom: day(20), createdTo: day(10) }));
  await list.getByRole("button", { name: `Remove filter ${label}` }).click();
  await expect(page).not.toHaveURL(/created(From|To)/);
});

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`the list's date filters at ${size.width} px, ${theme}`, async ({ page, team }) => {
      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await signInAs(page, team.admin.email);
      await page.goto("/app?createdFrom=-7d&updatedTo=-24h#all-open");
      const list = page.getByRole("region", { name: "Tickets" });
      await expect(list.getByTestId("active-filters")).toContainText("Not updated in 24 hours");
      await expectNoSidewaysScroll(page);
      await list.getByRole("combobox", { name: "Created filter" }).click();
      await expect(page.getByRole("option", { name: "Last 30 days" })).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `list-date-ranges-${size.width}-${theme}.png`) });
      // The custom range's two date boxes below the bar.
      await page.keyboard.press("Escape");
      await list.getByRole("combobox", { name: "Updated filter" }).click();
      await page.getByRole("option", { name: "Custom range" }).click();
      await expect(list.getByLabel("Updated from")).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `list-date-ranges-custom-${size.width}-${theme}.png`) });
    });
  }
}
