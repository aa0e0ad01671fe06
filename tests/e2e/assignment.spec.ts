import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { SCREEN_SIZES, expectNoSidewaysScroll, openInTheme, showTicketDetails, signInAs } from "./helpers";
import { expect, test } from "./team";

// Automatic assignment end to end: an admin sets a group to round robin in Settings > Groups, an
// agent sets themselves away from the sidebar footer, and a new ticket a rule routes into the
// group goes to the other member, not to the agent who is away. The footer's switch and the
// groups dialog are saved at the widths agents use, light and dark (SHOTS_DIR, else
// test-results/screens).

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
async function expectNoViolations(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).exclude('[data-slot="toast"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const availability = (page: Page) => page.getByRole("switch", { name: "Available for new tickets" });

test("an agent who is away is passed by: a round-robin group's new ticket goes to the other member", async ({
  page,
  browser,
  team,
}) => {
  const tag = unique();
  const name = `Escalations ${tag}`;
  await signInAs(page, team.admin.email);
  const people = (await (await page.request.get("/api/users/assignable")).json()) as { id: string; fullName: string }[];
  const idOf = (fullName: string) => people.find((p) => p.fullName === fullName)!.id;
  const created = await page.request.post("/api/groups", {
    data: { name, memberIds: [idOf(team.agent.fullName), idOf(team.agent2.fullName)] },
  });
  expect(created.status()).toBe(201);
  const group = (await created.json()) as { id: string };
  const rule = await page.request.post("/api/automations", {
    data: {
      name: `Escalate ${tag}`,
      when: "ticket_created",
      conditions: { all: [{ field: "subject", operator: "contains", value: tag }], any: [] },
      actions: [{ type: "set_group", value: group.id }],
    },
  });
  expect(rule.status()).toBe(201);

  // The admin makes the group share its tickets out in turn.
  await page.goto("/settings#groups");
  const card = page.getByRole("tabpanel", { name: "Groups" });
  const row = card.locator(`[data-group="${name}"]`);
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit group "${name}"` });
  await expect(dialog.getByTestId("assignment-hint")).toHaveText(
    "New tickets wait in the group until someone takes them.",
  );
  await dialog.getByRole("combobox", { name: "Assignment" }).click();
  await page.getByRole("option", { name: "Round robin" }).click();
  await expect(dialog.getByTestId("assignment-hint")).toContainText("Each new ticket goes to the next member in turn.");
  await expectNoViolations(page);
  await dialog.getByRole("button", { name: "Save Group" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Round robin");

  // The agent, in another browser, sets themselves away from the sidebar footer; it holds over a reload.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signInAs(agent, team.agent.email);
  await agent.goto("/app#my-open");
  await expect(availability(agent)).toHaveAttribute("aria-checked", "true");
  await availability(agent).click();
  await expect(availability(agent)).toHaveAttribute("aria-checked", "false");
  await expectNoViolations(agent);
  await agent.reload();
  await expect(availability(agent)).toHaveAttribute("aria-checked", "false");

  // Two new tickets routed into the group: both go to the other member, in turn the only one left.
  for (const n of [1, 2]) {
    const res = await page.request.post("/api/tickets", {
      data: {
        subject: `Escalated ${n} ${tag}`,
        description: "The export fails",
        customerName: "Casey Jones",
        customerEmail: "casey@example.test",
      },
    });
    expect(res.status()).toBe(201);
    const ticket = (await res.json()) as { ticketNumber: number; assignedTo: string | null; groupId: string };
    expect(ticket.assignedTo).toBe(idOf(team.agent2.fullName));

    await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
    await showTicketDetails(page);
    const detail = page.getByRole("article");
    await expect(detail.getByRole("combobox", { name: "Group" })).toHaveText(name);
    await expect(detail.getByRole("combobox", { name: "Assignee" })).toHaveText(team.agent2.fullName);
    await expect(
      detail.getByText(
        `Rule 'Escalate ${tag}' assigned the ticket to ${team.agent2.fullName} by ${name}'s round robin`,
      ),
    ).toBeVisible();
  }

  // Back from away: the agent's turn comes again.
  await availability(agent).click();
  await expect(availability(agent)).toHaveAttribute("aria-checked", "true");
  const back = await page.request.post("/api/tickets", {
    data: {
      subject: `Escalated 3 ${tag}`,
      description: "Still failing",
      customerName: "Casey Jones",
      customerEmail: "casey@example.test",
    },
  });
  expect(((await back.json()) as { assignedTo: string }).assignedTo).toBe(idOf(team.agent.fullName));
  await agentContext.close();
});

test("the availability switch works with the sidebar collapsed, and customers have none", async ({ page, team }) => {
  await signInAs(page, team.agent2.email);
  await page.goto("/app#my-open");
  await page.getByRole("button", { name: "Toggle Sidebar" }).click();
  await expect(page.locator('[data-state="collapsed"]').first()).toBeVisible();
  await availability(page).click();
  await expect(availability(page)).toHaveAttribute("aria-checked", "false");
  // Collapsed, only the moon shows: the tooltip says what it means.
  await page.getByRole("link", { name: "Profile" }).hover();
  await availability(page).hover();
  await expect(page.getByRole("tooltip")).toHaveText("Away: no new tickets");
  await availability(page).click();
  await expect(availability(page)).toHaveAttribute("aria-checked", "true");

  await signInAs(page, team.customer.email);
  await page.goto("/app");
  await expect(page.getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(availability(page)).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`the footer's switch and the groups dialog at ${size.width} px, ${theme}`, async ({ page, team }) => {
      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await signInAs(page, team.admin.email);
      const shot = `${size.width}-${theme}`;
      await page.goto("/settings#groups");
      const phone = size.width < 768;
      if (phone) await page.getByRole("button", { name: "Toggle Sidebar" }).click();
      await availability(page).click();
      await expect(availability(page)).toHaveAttribute("aria-checked", "false");
      await expectNoSidewaysScroll(page);
      await expectNoViolations(page);
      await page.screenshot({ path: path.join(SHOTS, `availability-${shot}.png`) });
      await availability(page).click();
      await expect(availability(page)).toHaveAttribute("aria-checked", "true");
      if (phone) await page.keyboard.press("Escape");
      else {
        await page.getByRole("button", { name: "Toggle Sidebar" }).click();
        await expect(availability(page)).toBeVisible();
        await expectNoViolations(page);
        await page.screenshot({ path: path.join(SHOTS, `availability-collapsed-${shot}.png`) });
        await page.getByRole("button", { name: "Toggle Sidebar" }).click();
      }

      const card = page.getByRole("tabpanel", { name: "Groups" });
      await card.getByRole("button", { name: "Edit Billing" }).click();
      const dialog = page.getByRole("dialog", { name: 'Edit group "Billing"' });
      await expect(dialog.getByTestId("assignment-hint")).toContainText("next member in turn");
      await expectNoSidewaysScroll(page);
      await expectNoViolations(page);
      await page.screenshot({ path: path.join(SHOTS, `group-assignment-${shot}.png`) });
    });
  }
}
