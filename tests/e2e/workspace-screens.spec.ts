import path from "node:path";
import { SCREEN_SIZES, showTicketDetails, signInAs, openInTheme, expectNoSidewaysScroll } from "./helpers";
import { expect, test } from "./team";

// The workspace at the widths agents use, light and dark: nothing runs past the screen's edge,
// with a ticket open, the shortcut list, the command palette or the new ticket's customer picker.
// Each state is also saved as a screenshot (SHOTS_DIR, else test-results/screens) for a person to
// look at.
const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`workspace at ${size.width} px, ${theme}: ticket, shortcuts, palette and customer picker fit the screen`, async ({
      page,
      team,
    }) => {
      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await signInAs(page, team.admin.email);
      await page.goto("/app#all-open");
      const list = page.getByRole("region", { name: "Tickets" });
      const name = `${size.width}-${theme}`;
      // A search with its sort open: Relevance joins the orders while searching.
      await list.getByLabel("Search tickets").fill("in");
      await expect(list.getByTestId("active-filters")).toBeVisible();
      await list.getByRole("combobox", { name: "Sort by" }).click();
      await expect(page.getByRole("option", { name: "Relevance" })).toBeInViewport();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `search-sort-${name}.png`) });
      await page.keyboard.press("Escape");
      await list.getByLabel("Search tickets").fill("");

      const row = list.getByRole("listitem").getByRole("button").nth(1);
      await row.click();
      const ticket = page.getByRole("article");
      await expect(ticket.getByRole("heading", { level: 2 })).toBeInViewport();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `workspace-ticket-${name}.png`) });
      // On a narrow pane the ticket's fields unfold under "Details" (the conversation keeps the room).
      await showTicketDetails(page);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `workspace-ticket-details-${name}.png`) });
      const assignee = ticket.getByRole("combobox", { name: "Assignee" });
      await assignee.scrollIntoViewIfNeeded();
      await expect(assignee).toBeInViewport();

      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("?");
      await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeInViewport();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `shortcuts-${name}.png`) });
      await page.keyboard.press("Escape");

      await page.keyboard.press("Control+k");
      const palette = page.getByRole("dialog", { name: "Command palette" });
      await palette.getByRole("combobox").fill("a");
      await expect(palette.getByRole("option").first()).toBeVisible();
      await expect(palette.getByRole("group", { name: "Tickets" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `palette-${name}.png`) });
      await page.keyboard.press("Escape");

      // The new ticket's customer picker with its suggestions ("example" is in several demo
      // addresses), opened from the palette: on a phone the open ticket covers the queue's button.
      await page.keyboard.press("Control+k");
      await palette.getByRole("combobox").fill("New Ticket");
      await palette.getByRole("option", { name: /^New Ticket/ }).click();
      const dialog = page.getByRole("dialog", { name: "New Ticket" });
      await dialog.getByRole("combobox", { name: "Find a customer" }).fill("example");
      // Other tests' customers may come first: any suggestion shows the list.
      await expect(dialog.getByRole("option").first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `new-ticket-customer-${name}.png`) });
    });
  }
}
