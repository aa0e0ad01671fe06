import path from "node:path";
import type { Page } from "@playwright/test";
import { SCREEN_SIZES, showTicketDetails, signInAs, toastText, openInTheme, expectNoSidewaysScroll } from "./helpers";
import { expect, test } from "./team";

// Tags end to end in the spec's own organisation, keyboard first: tag a ticket from its detail,
// filter the list by the tag, tag several tickets from the bulk bar, and find the tag among the
// dashboard's top tags. Names are unique per run, since this spec's tests share the team's data.
const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const REFUND = `Refund-${run}`;
const VIP = `VIP-${run}`;
const BULK = `Follow-up-${run}`;

const list = (page: Page) => page.getByRole("region", { name: "Tickets" });
const rowOf = (page: Page, n: string) => list(page).locator(`[data-ticket-row="${n}"]`);

async function openRow(page: Page, index: number): Promise<string> {
  const row = list(page).locator("[data-ticket-row]").nth(index);
  const n = (await row.getAttribute("data-ticket-row"))!;
  await row.getByRole("button", { name: new RegExp(`^#${n}`) }).click();
  await expect(page.getByRole("article", { name: `Ticket #${n}` })).toBeVisible();
  return n;
}

test.describe("tags", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("tag a ticket by keyboard, filter by the tag, tag in bulk and see the top tags", async ({ page, team }) => {
    await signInAs(page, team.admin.email);
    await page.goto("/app#all-open");
    const first = await openRow(page, 0);
    const ticket = page.getByRole("article", { name: `Ticket #${first}` });
    const input = ticket.getByRole("combobox", { name: "Add tag" });

    // Type, Enter adds; a second tag; Backspace in the empty input takes the last one off again.
    await input.focus();
    await page.keyboard.type(REFUND);
    await expect(ticket.getByRole("option", { name: `Create tag “${REFUND}”` })).toBeVisible();
    await page.keyboard.press("Enter");
    const chips = ticket.getByRole("list", { name: "Tags" });
    await expect(chips.getByRole("listitem")).toHaveText([REFUND]);
    await page.keyboard.type(VIP);
    await page.keyboard.press("Enter");
    await expect(chips.getByRole("listitem")).toHaveText([REFUND, VIP]);
    await expect(input).toBeFocused();
    await page.keyboard.press("Backspace");
    await expect(chips.getByRole("listitem")).toHaveText([REFUND]);
    await expect(ticket.getByRole("button", { name: `Remove tag ${REFUND}` })).toBeVisible();
    const history = ticket.getByRole("region", { name: "History" });
    await expect(history.getByText(`Alex Admin added the tag ${REFUND}`)).toBeVisible();
    await expect(history.getByText(`Alex Admin removed the tag ${VIP}`)).toBeVisible();
    await expect(rowOf(page, first).locator("[data-row-tag]")).toHaveText([REFUND]);

    // The typeahead offers an existing tag in any case: arrow down to it and Enter.
    await list(page).getByRole("button", { name: "Filter by tag" }).press("Enter");
    await expect(list(page).getByRole("combobox", { name: "Tag filter" })).toBeFocused();
    await page.keyboard.type(REFUND.toLowerCase().slice(0, 10));
    await expect(list(page).getByRole("option", { name: REFUND, exact: true })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(list(page).getByTestId("active-filters")).toContainText(`Tag: ${REFUND}`);
    await expect(list(page).locator("[data-ticket-row]")).toHaveCount(1);
    await expect(rowOf(page, first)).toBeVisible();
    await list(page).getByRole("button", { name: "Clear filters" }).first().click();
    await expect(list(page).getByTestId("active-filters")).toHaveCount(0);
    await expect(list(page).locator("[data-ticket-row]").nth(2)).toBeVisible();

    // Bulk: the first three tickets get one more tag, created on first use.
    const numbers = await list(page)
      .locator("[data-ticket-row]")
      .evaluateAll((els) => els.slice(0, 3).map((e) => e.getAttribute("data-ticket-row")!));
    const bar = page.getByRole("region", { name: "Bulk actions" });
    for (const [i, n] of numbers.entries()) {
      await list(page)
        .getByRole("checkbox", { name: `Select ticket #${n}` })
        .click();
      await expect(bar).toContainText(`${i + 1} selected`);
    }
    await bar.getByRole("button", { name: "Tag" }).click();
    const dialog = page.getByRole("dialog", { name: "Tag 3 tickets" });
    await dialog.getByRole("combobox", { name: "Tags to apply" }).fill(BULK);
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("list", { name: "Chosen tags" }).getByRole("listitem")).toHaveText([BULK]);
    await page.screenshot({ path: path.join(SHOTS, "tags-bulk-dialog-1440-light.png") });
    await dialog.getByRole("button", { name: "Add to 3 tickets" }).click();
    await expect(toastText(page, "3 tickets updated")).toBeVisible();
    for (const n of numbers) await expect(rowOf(page, n)).toContainText(BULK);

    // The dashboard counts open tickets per tag.
    await page.goto("/app#dashboard");
    const top = page.getByRole("heading", { name: "Top tags" }).locator("xpath=ancestor::*[@data-slot='card'][1]");
    await expect(top.getByRole("listitem").filter({ hasText: BULK })).toContainText("3");
  });

  test("a customer sees no tags and no tag filter", async ({ page, team }) => {
    await signInAs(page, team.customer.email);
    await page.goto("/app#closed");
    await expect(list(page).locator("[data-ticket-row]").first()).toBeVisible();
    await expect(list(page).getByRole("button", { name: "Filter by tag" })).toHaveCount(0);
    await expect(list(page).getByRole("combobox", { name: "Tag filter" })).toHaveCount(0);
    await expect(list(page).locator("[data-row-tag]")).toHaveCount(0);
  });
});

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`tags at ${size.width} px, ${theme}: ticket, filtered list and dashboard fit the screen`, async ({
      page,
      team,
    }) => {
      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await signInAs(page, team.admin.email);
      const name = `${size.width}-${theme}`;
      const shot = `Shot-${run}`;
      await page.goto("/app#all-open");
      const n = await openRow(page, 1);
      await showTicketDetails(page);
      const ticket = page.getByRole("article", { name: `Ticket #${n}` });
      const input = ticket.getByRole("combobox", { name: "Add tag" });
      for (const tag of [shot, "billing"]) {
        await input.fill(tag);
        await page.keyboard.press("Enter");
        await expect(ticket.getByRole("list", { name: "Tags" })).toContainText(tag);
      }
      await input.fill("b");
      await expect(ticket.getByRole("listbox", { name: "Tags" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `tags-ticket-${name}.png`) });
      await page.keyboard.press("Escape");

      await page.goto("/app#all-open");
      await list(page).getByRole("button", { name: "Filter by tag" }).click();
      await list(page).getByRole("combobox", { name: "Tag filter" }).fill(shot);
      await page.keyboard.press("Enter");
      await expect(list(page).locator("[data-ticket-row]")).toHaveCount(1);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `tags-list-${name}.png`) });

      await page.goto("/app#dashboard");
      await expect(page.getByRole("heading", { name: "Top tags" })).toBeVisible();
      // Scrolled into view vertically only, so the screenshot shows the page as a person sees it.
      await page
        .getByRole("heading", { name: "Top tags" })
        .evaluate((h) => h.scrollIntoView({ block: "center", inline: "nearest" }));
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `tags-dashboard-${name}.png`) });
    });
  }
}
