import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { SCREEN_SIZES, expectNoSidewaysScroll, openInTheme, showTicketDetails, signInAs } from "./helpers";
import { expect, test } from "./team";

// Groups end to end: an admin creates a group with members in Settings, an agent puts a ticket
// in it from the ticket's details and finds it under My Groups with its count, and deleting the
// group (after a confirmation saying what happens) leaves the ticket in no group. Screens are
// saved at the widths agents use, light and dark (SHOTS_DIR, else test-results/screens).

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
async function expectNoViolations(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).exclude('[data-slot="toast"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function freshTicket(page: Page, subject: string) {
  const res = await page.request.post("/api/tickets", {
    data: {
      subject,
      description: "I was charged twice",
      customerName: "Casey Jones",
      customerEmail: "casey@example.test",
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; ticketNumber: number };
}

/** A group made through the API as the team's admin, its members named as the team list shows them. */
async function groupViaApi(page: Page, name: string, memberNames: string[]) {
  const people = (await (await page.request.get("/api/users/assignable")).json()) as { id: string; fullName: string }[];
  const memberIds = people.filter((p) => memberNames.includes(p.fullName)).map((p) => p.id);
  expect(memberIds).toHaveLength(memberNames.length);
  const res = await page.request.post("/api/groups", { data: { name, memberIds } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; name: string; memberIds: string[] };
}

test("an admin creates a group, an agent routes a ticket to it and finds it under My Groups", async ({
  page,
  browser,
  team,
}) => {
  await signInAs(page, team.admin.email);
  await page.goto("/settings#groups");
  const card = page.getByRole("tabpanel", { name: "Groups" });
  await card.getByRole("button", { name: "New Group" }).click();
  const dialog = page.getByRole("dialog", { name: "New group" });
  const name = `Billing ${unique()}`;
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("checkbox", { name: team.agent.fullName }).check();
  await dialog.getByRole("checkbox", { name: team.admin.fullName }).check();
  await dialog.getByRole("combobox", { name: "Assignment" }).click();
  await page.getByRole("option", { name: "Round robin" }).click();
  await dialog.getByRole("spinbutton", { name: "Open tickets per agent" }).fill("5");
  await expectNoViolations(page);
  await dialog.getByRole("button", { name: "Create Group" }).click();
  await expect(dialog).toBeHidden();
  const row = card.locator(`[data-group="${name}"]`);
  await expect(row).toContainText(team.agent.fullName);
  await expect(row).toContainText(team.admin.fullName);
  await expect(row).toContainText("Round robin");
  await expect(row).toContainText("At most 5 open per agent");
  await expectNoViolations(page);

  // The agent, in another browser: puts a new ticket in the group from its details.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signInAs(agent, team.agent.email);
  const ticket = await freshTicket(agent, `Double charge ${unique()}`);
  await agent.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
  await showTicketDetails(agent);
  const detail = agent.getByRole("article");
  const before = Number(await agent.getByTestId("count-my-groups").textContent());
  await detail.getByRole("combobox", { name: "Group" }).click();
  await agent.getByRole("option", { name }).click();
  await expect(detail.getByRole("combobox", { name: "Group" })).toHaveText(name);
  await expect(detail.getByText(`${team.agent.fullName} set the group to ${name}`)).toBeVisible();
  await expect(agent.getByTestId("count-my-groups")).toHaveText(String(before + 1));
  await expectNoViolations(agent);

  await agent.getByRole("link", { name: "My Groups" }).click();
  await expect(agent.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText("My Groups");
  await expect(
    agent
      .getByRole("region", { name: "Tickets" })
      .locator("[data-ticket-row]")
      .filter({ hasText: `#${ticket.ticketNumber}` }),
  ).toHaveCount(1);

  // The admin deletes the group: the confirmation says what happens to its tickets.
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete group?" });
  await expect(confirm).toContainText("Its tickets stay as they are, in no group");
  await confirm.getByRole("button", { name: "Delete group" }).click();
  await expect(row).toHaveCount(0);

  await agent.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
  await showTicketDetails(agent);
  await expect(detail.getByRole("combobox", { name: "Group" })).toHaveText("No group");
  await expect(
    detail.getByText(`${team.admin.fullName} deleted the group ${name}, which left the ticket without a group`),
  ).toBeVisible();
  await agentContext.close();
});

test("the list narrows to one group's tickets with the group filter, kept in the address", async ({ page, team }) => {
  await signInAs(page, team.admin.email);
  const tag = unique();
  const group = await groupViaApi(page, `Escalations ${tag}`, [team.agent.fullName]);
  const inGroup = await freshTicket(page, `Grouped ${tag}`);
  await freshTicket(page, `Ungrouped ${tag}`);
  expect((await page.request.put(`/api/tickets/${inGroup.id}`, { data: { groupId: group.id } })).status()).toBe(200);

  await signInAs(page, team.agent.email);
  await page.goto("/app#all-open");
  const list = page.getByRole("region", { name: "Tickets" });
  await list.getByLabel("Search tickets").fill(tag);
  const rows = list.locator("[data-ticket-row]");
  await expect(rows).toHaveCount(2);
  await list.getByRole("combobox", { name: "Group filter" }).click();
  await page.getByRole("option", { name: group.name }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Grouped ${tag}`);
  await expect(list.getByTestId("active-filters")).toContainText(`Group: ${group.name}`);
  await expect(page).toHaveURL(new RegExp(`group=${group.id}`));
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expectNoViolations(page);
  await list.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/group=/);
});

test("agents see no Groups tab in Settings and customers no My Groups queue", async ({ page, browser, team }) => {
  await signInAs(page, team.agent.email);
  await page.goto("/settings#groups");
  await expect(page.getByRole("tab", { name: "Macros" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Groups" })).toHaveCount(0);

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signInAs(customer, team.customer.email);
  await customer.goto("/app");
  await expect(customer.getByRole("link", { name: "My Open" })).toBeVisible();
  await expect(customer.getByRole("link", { name: "My Groups" })).toHaveCount(0);
  await customerContext.close();
});

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`groups at ${size.width} px, ${theme}: settings, editor and the ticket's group fit the screen`, async ({
      page,
      team,
    }) => {
      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await signInAs(page, team.admin.email);
      const tag = unique();
      const group = await groupViaApi(page, `Tier 2 ${tag}`, [team.agent.fullName, team.agent2.fullName]);
      const shot = `${size.width}-${theme}`;
      await page.goto("/settings#groups");
      const card = page.getByRole("tabpanel", { name: "Groups" });
      await expect(card.locator(`[data-group="${group.name}"]`)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `groups-settings-${shot}.png`), fullPage: true });

      await card.getByRole("button", { name: `Edit ${group.name}` }).click();
      const dialog = page.getByRole("dialog", { name: `Edit group "${group.name}"` });
      await expect(dialog.getByRole("checkbox", { name: team.agent.fullName })).toBeChecked();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `groups-editor-${shot}.png`) });
      await page.keyboard.press("Escape");

      const ticket = await freshTicket(page, `Screens ${tag}`);
      const res = await page.request.put(`/api/tickets/${ticket.id}`, { data: { groupId: group.id } });
      expect(res.status()).toBe(200);
      await page.goto(`/app?ticket=${ticket.ticketNumber}#my-groups`);
      await showTicketDetails(page);
      await expect(page.getByRole("article").getByRole("combobox", { name: "Group" })).toHaveText(group.name);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `groups-ticket-${shot}.png`) });

      await page.goto(`/app?group=${group.id}#all-open`);
      await expect(page.getByRole("region", { name: "Tickets" }).getByTestId("active-filters")).toContainText(
        `Group: ${group.name}`,
      );
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `groups-filter-${shot}.png`) });
    });
  }
}
