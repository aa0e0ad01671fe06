import type { Locator, Page } from "@playwright/test";
import { signInAs } from "./helpers";
import { expect, test } from "./team";

// The queue as a team works it all day: what needs attention first, the list's sort, filters and
// search kept in the address, and rows that stay readable at 1024 px.

const rows = (list: Locator) => list.locator("[data-ticket-row]");
const numbers = (list: Locator) => rows(list).evaluateAll((els) => els.map((e) => e.getAttribute("data-ticket-row")!));

async function queue(page: Page, hash: string) {
  await page.goto(`/app${hash}`);
  const list = page.getByRole("region", { name: "Tickets" });
  await expect(rows(list).first()).toBeVisible();
  return list;
}

async function choose(page: Page, list: Locator, combobox: string, option: string) {
  await list.getByRole("combobox", { name: combobox }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test.describe("the queue at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("puts a breached ticket before a newer one that is on track, and the time column says it follows the SLA", async ({
    page,
    team,
  }) => {
    await signInAs(page, team.agent.email);
    const res = await page.request.post("/api/tickets", {
      data: { subject: "Brand new question", description: "Nothing urgent.", priority: "low" },
    });
    expect(res.status()).toBe(201);
    const fresh = String(((await res.json()) as { ticketNumber: number }).ticketNumber);

    const list = await queue(page, "#all-open");
    await expect(list.getByRole("combobox", { name: "Sort by" })).toHaveText("Needs attention");
    await expect(rows(list).first().locator('[data-sla="breached"]')).toBeVisible();
    const order = await numbers(list);
    const firstBreached = await rows(list).evaluateAll((els) =>
      els.findIndex((e) => e.querySelector('[data-sla="breached"]')),
    );
    expect(firstBreached).toBe(0);
    // The new ticket is further down (or on a later page), never above a breached one.
    expect(order.indexOf(fresh) === -1 || order.indexOf(fresh) > firstBreached).toBe(true);

    await expect(list.getByTestId("time-column")).toHaveText(/SLA due$/);
    await expect(rows(list).first().locator("time")).toHaveAttribute("title", /^SLA due /);
    await choose(page, list, "Sort by", "Created");
    await expect(list.getByTestId("time-column")).toHaveText(/Created$/);
    await expect(rows(list).first()).toHaveAttribute("data-ticket-row", fresh);
    await expect(rows(list).first().locator("time")).toHaveAttribute("title", /^Created /);
    await choose(page, list, "Sort by", "Last activity");
    await expect(list.getByTestId("time-column")).toHaveText(/Last activity$/);
    await expect(rows(list).first().locator("time")).toHaveAttribute("title", /^Last activity /);
  });

  test("the chosen sort, a filter and the search are in the address and survive a reload and opening a ticket", async ({
    page,
    team,
  }) => {
    await signInAs(page, team.agent.email);
    const list = await queue(page, "#all-open");
    await choose(page, list, "Sort by", "Priority");
    await choose(page, list, "Status filter", "Open");
    await list.getByLabel("Search tickets").fill("Casey");
    await expect(page).toHaveURL(/[?&]sort=priority\b/);
    await expect(page).toHaveURL(/[?&]status=open\b/);
    await expect(page).toHaveURL(/[?&]q=Casey\b/);
    await expect(page).toHaveURL(/#all-open$/);
    await expect(rows(list).first()).toBeVisible();
    const shown = await numbers(list);

    const kept = async () => {
      await expect(list.getByRole("combobox", { name: "Sort by" })).toHaveText("Priority");
      await expect(list.getByRole("combobox", { name: "Status filter" })).toHaveText("Open");
      await expect(list.getByLabel("Search tickets")).toHaveValue("Casey");
      await expect(list.getByTestId("active-filters")).toContainText("Status: Open");
      await expect.poll(() => numbers(list)).toEqual(shown);
    };
    await page.reload();
    await kept();

    // Opening a ticket keeps the list beside it as it was, and Back returns to the same list.
    await rows(list).first().getByRole("button").click();
    await expect(page).toHaveURL(new RegExp(`[?&]ticket=${shown[0]}\\b`));
    await expect(page).toHaveURL(/[?&]sort=priority\b.*[?&]q=Casey\b/);
    await kept();
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]ticket=/);
    await kept();

    // Another queue starts unfiltered.
    await page.getByRole("link", { name: "Unassigned" }).first().click();
    await expect(page).toHaveURL(/\/app#unassigned$/);
    await expect(list.getByLabel("Search tickets")).toHaveValue("");
    await expect(list.getByRole("combobox", { name: "Sort by" })).toHaveText("Needs attention");
  });

  test("every row's status has a name for screen readers and on hover", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    const list = await queue(page, "#all-open");
    const statuses = rows(list).locator("[data-status]");
    const count = await statuses.count();
    expect(count).toBeGreaterThan(5);
    for (let i = 0; i < count; i++) {
      const status = statuses.nth(i);
      const name = (await status.getAttribute("data-status"))!;
      const label = { open: "Open", pending: "Pending", in_progress: "In Progress" }[name];
      await expect(status).toHaveAccessibleName(label!);
      await expect(status).toHaveAttribute("title", label!);
    }
    // At 1440 the list has room to say it in words too (not only to screen readers).
    const label = await statuses
      .first()
      .getByText(/^(Open|Pending|In Progress)$/)
      .boundingBox();
    expect(label!.width).toBeGreaterThan(20);
  });

  test("the bulk bar keeps its actions on one line", async ({ page, team }) => {
    await signInAs(page, team.admin.email);
    const list = await queue(page, "#all-open");
    const order = await numbers(list);
    const bar = page.getByRole("region", { name: "Bulk actions" });
    // Each tick counted before the next: a tick made while the list reloads is dropped.
    for (const [i, n] of order.slice(0, 3).entries()) {
      await list.getByRole("checkbox", { name: `Select ticket #${n}` }).click();
      await expect(bar).toContainText(`${i + 1} selected`);
    }
    await expect(bar).toContainText("3 selected");
    const controls = bar.locator("button");
    await expect(controls).toHaveCount(5);
    // One line: every control starts above the point where each of them ends.
    const boxes = await controls.evaluateAll((els) =>
      els.map((e) => ({ top: e.getBoundingClientRect().top, bottom: e.getBoundingClientRect().bottom })),
    );
    expect(Math.max(...boxes.map((b) => b.top))).toBeLessThan(Math.min(...boxes.map((b) => b.bottom)));
    await expect(bar.getByRole("button", { name: /Tag/ })).toHaveText(/^Tag/);
  });
});

test.describe("the queue at 1024 px", () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("breached rows keep the customer's name readable and the status whole", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    const list = await queue(page, "#all-open");
    const breached = rows(list).filter({ has: page.locator('[data-sla="breached"]') });
    await expect(breached.first()).toBeVisible();
    const count = await breached.count();
    for (let i = 0; i < count; i++) {
      const row = breached.nth(i);
      const name = await row.locator("[data-row-customer]").boundingBox();
      // About ten characters of 12 px text at the least: never cut to a letter or two.
      expect(name!.width).toBeGreaterThan(60);
      const status = await row.locator("[data-status]").boundingBox();
      const button = await row.getByRole("button").boundingBox();
      expect(status!.x + status!.width).toBeLessThanOrEqual(button!.x + button!.width + 0.5);
    }
  });
});

test.describe("the queue at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the bulk bar fits the screen", async ({ page, team }) => {
    await signInAs(page, team.admin.email);
    const list = await queue(page, "#all-open");
    const order = await numbers(list);
    const bar = page.getByRole("region", { name: "Bulk actions" });
    for (const [i, n] of order.slice(0, 2).entries()) {
      await list.getByRole("checkbox", { name: `Select ticket #${n}` }).click();
      await expect(bar).toContainText(`${i + 1} selected`);
    }
    for (const box of await bar.locator("button").evaluateAll((els) => els.map((e) => e.getBoundingClientRect())))
      expect(box.right).toBeLessThanOrEqual(390);
  });
});
