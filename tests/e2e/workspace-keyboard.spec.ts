import type { Page } from "@playwright/test";
import { signInAs, toastText } from "./helpers";
import { expect, test } from "./team";

const rows = (page: Page) => page.getByRole("region", { name: "Tickets" }).getByRole("listitem").getByRole("button");
/** Leaves every field, as an agent does after clicking somewhere neutral. */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
const ticketNumberOf = async (row: ReturnType<typeof rows>) => Number((await row.innerText()).match(/#(\d+)/)![1]);

test.describe("workspace keyboard", () => {
  test.beforeEach(async ({ page, team }) => {
    await signInAs(page, team.admin.email);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test("j/k and the arrows move through the list, Enter opens, / searches, c starts a ticket", async ({ page }) => {
    await page.goto("/app#all-open");
    await expect(rows(page).nth(3)).toBeVisible();

    await page.keyboard.press("j");
    await expect(rows(page).nth(0)).toBeFocused();
    await page.keyboard.press("j");
    await page.keyboard.press("ArrowDown");
    await expect(rows(page).nth(2)).toBeFocused();
    await page.keyboard.press("k");
    await expect(rows(page).nth(1)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(rows(page).nth(0)).toBeFocused();
    await page.keyboard.press("j");
    const number = await ticketNumberOf(rows(page).nth(1));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`\\?ticket=${number}#all-open$`));
    await expect(page.getByRole("article", { name: `Ticket #${number}` })).toBeVisible();
    // From the open ticket, j goes on to the next row.
    await blur(page);
    await page.keyboard.press("j");
    await expect(rows(page).nth(2)).toBeFocused();

    await page.keyboard.press("/");
    const search = page.getByLabel("Search tickets");
    await expect(search).toBeFocused();
    // Typing is typing: letters that are shortcuts elsewhere go into the box.
    await page.keyboard.type("jkcre?");
    await expect(search).toHaveValue("jkcre?");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await search.fill("");
    await search.blur();

    await page.keyboard.press("c");
    await expect(page.getByRole("dialog", { name: /New Ticket|Create/i })).toBeVisible();
    // With a dialog open, shortcuts rest.
    await page.keyboard.press("?");
    await expect(page.getByRole("dialog")).toHaveCount(1);
  });

  test("r replies, n writes a note, a assigns to me, e resolves, Shift+E chooses a status", async ({ page }) => {
    await page.goto("/app#unassigned");
    const row = rows(page).first();
    const number = await ticketNumberOf(row);
    await row.click();
    const ticket = page.getByRole("article", { name: `Ticket #${number}` });
    await expect(ticket.getByRole("combobox", { name: "Assignee" })).toHaveText("Unassigned");
    await blur(page);

    await page.keyboard.press("n");
    await expect(ticket.getByPlaceholder(/internal note/)).toBeFocused();
    await page.keyboard.press("Escape");
    await ticket.getByPlaceholder(/internal note/).blur();
    await page.keyboard.press("r");
    await expect(ticket.getByPlaceholder("Write a reply to the customer...")).toBeFocused();
    await page.keyboard.type("a");
    await expect(ticket.getByPlaceholder("Write a reply to the customer...")).toHaveValue("a");
    await ticket.getByPlaceholder("Write a reply to the customer...").fill("");
    await ticket.getByPlaceholder("Write a reply to the customer...").blur();

    await page.keyboard.press("a");
    await expect(toastText(page, `Ticket #${number} assigned to you`)).toBeVisible();
    await expect(ticket.getByRole("combobox", { name: "Assignee" })).toHaveText("Alex Admin");

    await page.keyboard.press("e");
    await expect(ticket.getByRole("combobox", { name: "Status" })).toHaveText("Resolved");

    await page.keyboard.press("Shift+E");
    await expect(page.getByRole("listbox")).toBeVisible();
    await page.getByRole("option", { name: "Open" }).click();
    await expect(ticket.getByRole("combobox", { name: "Status" })).toHaveText("Open");
  });

  test("? lists every shortcut in a dialog", async ({ page }) => {
    await page.goto("/app#my-open");
    await expect(rows(page).first()).toBeVisible();
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(help).toBeVisible();
    for (const text of [
      "Next ticket in the list",
      "Reply",
      "Internal note",
      "Assign to me",
      "Resolve",
      "Command palette",
    ])
      await expect(help.getByText(text, { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();
  });

  test("Ctrl+K: jump to a queue, find a ticket by number or subject, run an action", async ({ page }) => {
    await page.goto("/app#my-open");
    await expect(rows(page).first()).toBeVisible();
    const palette = page.getByRole("dialog", { name: "Command palette" });
    const input = palette.getByRole("combobox", { name: "Search commands and tickets" });

    await page.keyboard.press("Control+k");
    await expect(input).toBeFocused();
    await input.fill("closed");
    await expect(palette.getByRole("option", { name: "Closed (7d)" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/app#closed$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText("Closed (7d)");

    // A ticket by its number, opened in the queue on screen.
    await page.goto("/app#all-open");
    const row = rows(page).nth(4);
    const number = await ticketNumberOf(row);
    await page.keyboard.press("Control+k");
    await input.fill(`#${number}`);
    await expect(palette.getByRole("option").filter({ hasText: `#${number}` })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`\\?ticket=${number}#all-open$`));
    await expect(page.getByRole("article", { name: `Ticket #${number}` })).toBeVisible();

    // ... and by words of its subject.
    const subject = (await page.getByRole("article").getByRole("heading", { level: 2 }).innerText()).slice(0, 12);
    await page.goto("/app#all-open");
    await page.keyboard.press("Control+k");
    await input.fill(subject);
    await expect(palette.getByRole("option").filter({ hasText: subject }).first()).toBeVisible();

    // An action: the shortcut list.
    await input.fill("keyboard");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  });
});
