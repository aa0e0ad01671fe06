import path from "node:path";
import type { Page } from "@playwright/test";
import { SCREEN_SIZES, expectNoSidewaysScroll, openInTheme, signInAs } from "./helpers";
import { expect, test } from "./team";

// Saved views end to end: an admin saves the list's current filters as a view shared with the
// team, sees it in the sidebar with its count, opens it at its address, renames it and deletes
// it. Screens are saved at the widths agents use, light and dark (SHOTS_DIR, else
// test-results/screens).

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * Two urgent tickets and a low one (as asked: the team's rules may change that), named for the test; what they were created after, for a
 * created-since filter that holds them (and any ticket made since) whatever the search index holds.
 */
async function ticketsFor(page: Page, tag: string): Promise<string> {
  const since = new Date(Date.now() - 1000).toISOString();
  for (const [subject, priority] of [
    [`Card declined ${tag}`, "urgent"],
    [`Refund missing ${tag}`, "urgent"],
    [`Typo on invoice ${tag}`, "low"],
  ])
    expect(
      (
        await page.request.post("/api/tickets", {
          data: { subject, description: "Please help", customerEmail: "casey@example.test", priority },
        })
      ).status(),
    ).toBe(201);
  return since;
}

/** How many tickets the list holds under these filters, as the API lists them. */
async function listed(page: Page, filters: Record<string, string>) {
  const res = await page.request.get(`/api/tickets?${new URLSearchParams({ ...filters, limit: "200" })}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as unknown[]).length;
}

/** A sidebar view's line: its name, then its count. */
const viewLine = (name: string, count: number) => new RegExp(`^${name}\\s*${count}$`);

test("an admin saves a shared view, sees its count, opens it by its address, renames and deletes it", async ({
  page,
  browser,
  team,
}) => {
  await signInAs(page, team.admin.email);
  const tag = unique();
  const since = await ticketsFor(page, tag);
  const urgent = await listed(page, { view: "all-open", priority: "urgent", createdFrom: since });
  // The team's rules may change a new ticket's priority: the list says how many stay urgent.
  expect(urgent).toBeGreaterThanOrEqual(1);

  // The list as the admin filtered it: urgent open tickets created since.
  await page.goto(`/app?priority=urgent&createdFrom=${encodeURIComponent(since)}#all-open`);
  const list = page.getByRole("region", { name: "Tickets" });
  await expect(list.locator("[data-ticket-row]")).toHaveCount(urgent);
  await expect(list.getByTestId("active-filters")).toContainText(`Created from ${since}`);
  // The filter bar sets the SLA state and the assignee; the list and the address follow.
  await list.getByRole("combobox", { name: "SLA filter" }).click();
  await page.getByRole("option", { name: "SLA breached" }).click();
  await expect(page).toHaveURL(/sla=breached/);
  await expect(list.getByTestId("active-filters")).toContainText("SLA breached");
  await list.getByRole("combobox", { name: "SLA filter" }).click();
  await page.getByRole("option", { name: "Any SLA" }).click();
  await expect(page).not.toHaveURL(/sla=/);
  await expect(list.locator("[data-ticket-row]")).toHaveCount(urgent);
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save view" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(`Urgent ${tag}`);
  await dialog.getByRole("checkbox", { name: "Share with the team" }).check();
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog).toBeHidden();

  // In the sidebar under the queues, with its count.
  const sidebar = page.locator('[data-slot="sidebar"]').first();
  const link = sidebar.getByRole("link", { name: new RegExp(`Urgent ${tag}`) });
  await expect(link).toHaveText(viewLine(`Urgent ${tag}`, urgent));

  // An agent of the team sees it too, and opens it at its address.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signInAs(agent, team.agent.email);
  const views = (await (await agent.request.get("/api/views")).json()) as { views: { name: string; count: number }[] };
  expect(views.views.find((v) => v.name === `Urgent ${tag}`)?.count).toBe(urgent);
  const href = await link.getAttribute("href");
  expect(href).toContain(`priority=urgent`);
  expect(href).toContain(`createdFrom=`);
  await agent.goto(href!);
  await expect(agent.getByRole("region", { name: "Tickets" }).locator("[data-ticket-row]")).toHaveCount(urgent);
  // An agent may not change a shared view: it has no menu for them.
  await expect(agent.getByRole("button", { name: `Change view Urgent ${tag}` })).toHaveCount(0);
  await agentContext.close();

  // Renamed.
  await page.getByRole("button", { name: `Change view Urgent ${tag}` }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const rename = page.getByRole("dialog", { name: "Rename view" });
  await rename.getByRole("textbox", { name: "Name" }).fill(`Hot ${tag}`);
  await rename.getByRole("button", { name: "Save", exact: true }).click();
  await expect(rename).toBeHidden();
  await expect(sidebar.getByRole("link", { name: new RegExp(`Hot ${tag}`) })).toBeVisible();

  // Deleted, once confirmed.
  await page.getByRole("button", { name: `Change view Hot ${tag}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete the view "Hot ${tag}"?` });
  await expect(confirm).toContainText("It leaves everyone's sidebar");
  await confirm.getByRole("button", { name: "Delete view" }).click();
  await expect(sidebar.getByRole("link", { name: new RegExp(`Hot ${tag}`) })).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`saved views at ${size.width} px, ${theme}: the sidebar's views and their counts fit the screen`, async ({
      page,
      team,
    }) => {
      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await signInAs(page, team.admin.email);
      const tag = unique();
      const since = await ticketsFor(page, tag);
      const counts = {
        urgent: await listed(page, { priority: "urgent", createdFrom: since }),
        all: await listed(page, { createdFrom: since }),
      };
      for (const [name, filters] of [
        [`Urgent ${tag}`, { priority: "urgent", createdFrom: since }],
        [`Everything ${tag}`, { createdFrom: since }],
      ] as const)
        expect((await page.request.post("/api/views", { data: { name, shared: true, filters } })).status()).toBe(201);
      await page.goto(`/app?priority=urgent&createdFrom=${encodeURIComponent(since)}#all-open`);
      if (size.width < 768) await page.getByRole("button", { name: "Toggle Sidebar" }).click();
      const sidebar = page.locator('[data-slot="sidebar"]').last();
      await expect(sidebar.getByRole("link", { name: new RegExp(`Urgent ${tag}`) })).toHaveText(
        viewLine(`Urgent ${tag}`, counts.urgent),
      );
      await expect(sidebar.getByRole("link", { name: new RegExp(`Everything ${tag}`) })).toHaveText(
        viewLine(`Everything ${tag}`, counts.all),
      );
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `saved-views-${size.width}-${theme}.png`) });
    });
  }
}
