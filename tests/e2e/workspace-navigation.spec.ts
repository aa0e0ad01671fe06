import path from "node:path";
import type { Page } from "@playwright/test";
import { createForeignTicket } from "./db";
import { showTicketDetails, signInAs } from "./helpers";
import { expect, test } from "./team";

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");

/** The list's rows (each a button naming the ticket). */
const rows = (page: Page) => page.getByRole("region", { name: "Tickets" }).getByRole("listitem").getByRole("button");
/** The element that scrolls the list (the one around its rows). */
const listScroller = (page: Page) => page.getByRole("region", { name: "Tickets" }).locator("[data-list-scroll]");
const queueHeading = (page: Page) => page.getByRole("main").getByRole("heading", { level: 2 }).first();

/** The number of the ticket a row shows ("#12" at its start). */
async function numberOf(row: ReturnType<typeof rows>) {
  return Number((await row.innerText()).match(/#(\d+)/)![1]);
}

test.describe("workspace navigation", () => {
  test.beforeEach(async ({ page, team }) => {
    await signInAs(page, team.admin.email);
  });

  test("list and ticket scroll on their own; search, filters and the ticket header stay put", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.goto("/app#all-open");
    await expect(rows(page).nth(20)).toBeVisible();

    // Far down the list, then open a ticket from there.
    // Reaching the end loads the next page, so "the last row" moves on: the row is named first
    // (by its number; a row's text runs the number straight into the subject, so no \b).
    await rows(page).last().scrollIntoViewIfNeeded();
    const number = await numberOf(rows(page).last());
    await rows(page)
      .filter({ hasText: new RegExp(`#${number}(?!\\d)`) })
      .click();
    const ticket = page.getByRole("article", { name: `Ticket #${number}` });
    await expect(ticket.getByRole("heading", { level: 2 })).toBeInViewport();
    await expect(page.getByLabel("Search tickets")).toBeInViewport();
    await expect(page.getByRole("combobox", { name: "Status filter" })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);

    // Reading the conversation never moves the list, and the header stays on screen.
    const listTop = await listScroller(page).evaluate((el) => el.scrollTop);
    expect(listTop).toBeGreaterThan(0);
    await ticket.getByRole("region", { name: "Conversation" }).hover();
    await page.mouse.wheel(0, 2000);
    await expect(ticket.getByRole("combobox", { name: "Assignee" })).toBeInViewport();
    expect(await listScroller(page).evaluate((el) => el.scrollTop)).toBe(listTop);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("every way into a queue shows that queue, with a heading naming it", async ({ page }) => {
    await page.goto("/app#closed");
    await page.reload();
    await expect(rows(page).first()).toBeVisible();

    await page.getByRole("link", { name: "Unassigned" }).click();
    await expect(page).toHaveURL(/\/app#unassigned$/);
    const unassigned = Number(await page.getByTestId("count-unassigned").textContent());
    // The queue's first page: 50 rows, or all of them when fewer (other specs add tickets).
    await expect(rows(page)).toHaveCount(Math.min(unassigned, 50));
    await expect(queueHeading(page)).toHaveText("Unassigned");
    await expect(page.getByRole("link", { name: "Unassigned" })).toHaveAttribute("data-active", "true");
    // Unassigned tickets are open: no row has the closed queue's statuses (by their badges, not
    // by subjects, which other specs may have written "closed" into).
    await expect(rows(page).getByText(/^(Resolved|Closed)$/)).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/app#closed$/);
    await expect(queueHeading(page)).toHaveText("Closed (7d)");
    await page.goForward();
    await expect(queueHeading(page)).toHaveText("Unassigned");

    // A bookmark, straight in.
    await page.goto("/app#sla-risk");
    await expect(queueHeading(page)).toHaveText("SLA at Risk");
    await page.getByRole("link", { name: "My Open" }).click();
    await expect(page).toHaveURL(/\/app#my-open$/);
    await expect(queueHeading(page)).toHaveText("My Open");
  });

  test("a ticket has an address: share, reload, Back and Forward open it in its queue", async ({ page, team }) => {
    await page.goto("/app#all-open");
    const row = rows(page).nth(2);
    const number = await numberOf(row);
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/app\\?ticket=${number}#all-open$`));
    const ticket = page.getByRole("article", { name: `Ticket #${number}` });
    await expect(ticket).toBeVisible();

    await page.reload();
    await expect(ticket).toBeVisible();
    await expect(queueHeading(page)).toHaveText("All Open");
    await expect(rows(page).filter({ hasText: `#${number}` })).toHaveAttribute("aria-current", "true");

    await page.goBack();
    await expect(page).toHaveURL(/\/app#all-open$/);
    await expect(page.getByText("Select a ticket to view details")).toBeVisible();
    await page.goForward();
    await expect(ticket).toBeVisible();

    // Shared with someone else of the team: it opens for them too.
    const colleague = await page.context().browser()!.newPage();
    await signInAs(colleague, team.agent.email);
    await colleague.goto(`/app?ticket=${number}#my-open`);
    await expect(colleague.getByRole("article", { name: `Ticket #${number}` })).toBeVisible();
    await expect(queueHeading(colleague)).toHaveText("My Open");
    await colleague.close();
  });

  test("another organisation's ticket number is not found", async ({ page }) => {
    await createForeignTicket(987654);
    await page.goto("/app?ticket=987654#all-open");
    await expect(page.getByText("Ticket not found")).toBeVisible();
    await expect(page.getByText("Another tenant's secret")).toHaveCount(0);
  });

  test("on a phone the ticket is its own screen, and Back returns to the list where it was", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/app#all-open");
    await expect(rows(page).nth(25)).toBeAttached();
    await rows(page).nth(25).scrollIntoViewIfNeeded();
    const scrolled = await listScroller(page).evaluate((el) => el.scrollTop);
    expect(scrolled).toBeGreaterThan(0);

    const number = await numberOf(rows(page).nth(25));
    await rows(page).nth(25).click();
    const ticket = page.getByRole("article", { name: `Ticket #${number}` });
    await expect(ticket).toBeInViewport();
    await expect(page.getByLabel("Search tickets")).toBeHidden();

    await page.getByRole("button", { name: "Back to All Open" }).click();
    await expect(page).toHaveURL(/\/app#all-open$/);
    await expect(ticket).toBeHidden();
    await expect(page.getByLabel("Search tickets")).toBeVisible();
    expect(await listScroller(page).evaluate((el) => el.scrollTop)).toBe(scrolled);
  });

  test("at 1024 px nothing runs past the screen edge and the ticket gets room", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto("/app#all-open");
    await rows(page).first().click();
    // The conversation gets the pane's height; the ticket's fields unfold under "Details".
    await showTicketDetails(page);
    const assignee = page.getByRole("article").getByRole("combobox", { name: "Assignee" });
    await expect(assignee).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    const box = (await assignee.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
    const pane = (await page.getByRole("article").boundingBox())!;
    expect(pane.width).toBeGreaterThanOrEqual(440);
    expect(pane.x + pane.width).toBeLessThanOrEqual(1024);
  });
});

test.describe("workspace shell", () => {
  test("a platform admin lands on /platform-admin and has a sidebar entry for it", async ({ page, team }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(team.platformAdmin.email);
    await page.getByLabel("Password", { exact: true }).fill("demo-password-1");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/platform-admin");
    await page.goto("/profile");
    await page.getByRole("link", { name: "Platform Admin" }).click();
    await expect(page).toHaveURL("/platform-admin");
  });

  test("a skip link jumps past the sidebar without changing the queue", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    await page.goto("/app#all-open");
    await expect(rows(page).first()).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    await expect(page).toHaveURL(/#all-open$/);
  });

  test("the collapsed sidebar keeps the queue counts in sight", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/app#all-open");
    await expect(page.getByTestId("count-all-open")).toHaveText(/^\d+$/);
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await expect(page.locator("[data-collapsible=icon]")).toBeAttached();
    await expect(page.getByTestId("count-all-open")).toBeVisible();
    await expect(page.getByTestId("count-all-open")).toHaveText(/^\d+$/);
    await page.screenshot({ path: path.join(SHOTS, "sidebar-collapsed-1440-light.png") });
  });
});
