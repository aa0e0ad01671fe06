import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { SCREEN_SIZES, expectNoSidewaysScroll, openInTheme, showTicketDetails, signInAs } from "./helpers";
import { expect, test } from "./team";

// Custom fields end to end: an admin defines a field in Settings > Fields, an agent sets it on a
// ticket from the ticket's details (the history tells it), and the list filtered by it in the
// address (?field.order_number=...) or searched for its value shows that ticket alone. Screens are
// saved at the widths agents use, light and dark (SHOTS_DIR, else test-results/screens).

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function expectNoViolations(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).exclude('[data-slot="toast"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

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

/** A field made through the API as the team's admin, unless the organisation has it already. */
async function fieldViaApi(page: Page, body: Record<string, unknown>) {
  const res = await page.request.post("/api/fields", { data: body });
  expect([201, 409]).toContain(res.status());
}

test("an admin defines a field, an agent sets it on a ticket, and the list filters by it", async ({
  page,
  browser,
  team,
}) => {
  await signInAs(page, team.admin.email);
  await page.goto("/settings#fields");
  const card = page.getByRole("tabpanel", { name: "Fields" });
  await card.getByRole("button", { name: "New Field" }).click();
  const dialog = page.getByRole("dialog", { name: "New field" });
  await dialog.getByRole("textbox", { name: "Label" }).fill("Order number");
  await expect(dialog.getByRole("textbox", { name: "Key" })).toHaveValue("order_number");
  await dialog.getByRole("textbox", { name: "Help text" }).fill("From the order confirmation");
  await dialog.getByRole("checkbox", { name: "Visible to customers" }).check();
  await expectNoViolations(page);
  await dialog.getByRole("button", { name: "Create Field" }).click();
  await expect(dialog).toBeHidden();
  const row = card.locator('[data-field="order_number"]');
  await expect(row).toContainText("Order number");
  await expect(row).toContainText("Visible to customers");

  // A dropdown with its options, then moved above the first field.
  await card.getByRole("button", { name: "New Field" }).click();
  await dialog.getByRole("textbox", { name: "Label" }).fill("Plan");
  await dialog.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Dropdown" }).click();
  await dialog.getByRole("textbox", { name: "Option 1" }).fill("Basic");
  await dialog.getByRole("button", { name: "Add option" }).click();
  await dialog.getByRole("textbox", { name: "Option 2" }).fill("Pro");
  await dialog.getByRole("button", { name: "Create Field" }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole("button", { name: "Move Plan up" }).click();
  await expect(card.locator("[data-field]").first()).toHaveAttribute("data-field", "plan");

  // The agent, in another browser, fills it in on two tickets.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signInAs(agent, team.agent.email);
  const tag = unique();
  const order = `A-${tag}`;
  const ticket = await freshTicket(agent, `Double charge ${tag}`);
  const other = await freshTicket(agent, `Other order ${tag}`);
  expect(
    (await agent.request.put(`/api/tickets/${other.id}`, { data: { customFields: { order_number: "B-1" } } })).status(),
  ).toBe(200);
  await agent.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
  await showTicketDetails(agent);
  const detail = agent.getByRole("article");
  const orderBox = detail.getByRole("textbox", { name: "Order number" });
  await orderBox.fill(order);
  await orderBox.press("Enter");
  await expect(detail.getByText(`${team.agent.fullName} set Order number to ${order}`)).toBeVisible();
  await detail.getByRole("combobox", { name: "Plan" }).click();
  await agent.getByRole("option", { name: "Pro" }).click();
  await expect(detail.getByText(`${team.agent.fullName} set Plan to Pro`)).toBeVisible();
  await expectNoViolations(agent);
  await agent.reload();
  await showTicketDetails(agent);
  await expect(detail.getByRole("textbox", { name: "Order number" })).toHaveValue(order);

  // The list filtered by the field in the address: that ticket alone, the filter named.
  await agent.goto(`/app?field.order_number=${encodeURIComponent(order)}#all-open`);
  const list = agent.getByRole("region", { name: "Tickets" });
  const rows = list.locator("[data-ticket-row]");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Double charge ${tag}`);
  await expect(list.getByTestId("active-filters")).toContainText(`Order number: ${order}`);
  await list.getByRole("button", { name: "Clear filters" }).click();
  await expect(agent).not.toHaveURL(/field\./);

  // The order number typed into the search box, in another case, finds the ticket by the field's
  // value alone (nothing else on either ticket holds it).
  await list.getByLabel("Search tickets").fill(order.toLowerCase());
  await expect(agent).toHaveURL(/q=a-/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Double charge ${tag}`);
  await agentContext.close();

  // Deleting the field says that its values leave the tickets.
  await row.getByRole("button", { name: "Delete Order number" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete field?" });
  await expect(confirm).toContainText("its values leave every ticket that holds one");
  await confirm.getByRole("button", { name: "Delete field" }).click();
  await expect(row).toHaveCount(0);
});

test("agents see no Fields tab in Settings", async ({ page, team }) => {
  await signInAs(page, team.agent.email);
  await page.goto("/settings#fields");
  await expect(page.getByRole("tab", { name: "Macros" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Fields" })).toHaveCount(0);
});

test("the list sorts by a custom field, highest first, numbers by number, and the address keeps the order", async ({
  page,
  team,
}) => {
  await signInAs(page, team.admin.email);
  await fieldViaApi(page, { key: "seats", label: "Seats", type: "number" });
  const tag = unique();
  for (const [name, seats] of [
    ["five", 5],
    ["fifty", 50],
    ["none", null],
    ["seven", 7],
  ] as const) {
    const ticket = await freshTicket(page, `Seats ${tag} ${name}`);
    if (seats !== null)
      expect(
        (await page.request.put(`/api/tickets/${ticket.id}`, { data: { customFields: { seats } } })).status(),
      ).toBe(200);
  }
  await page.goto(`/app?q=${tag}#all-open`);
  const list = page.getByRole("region", { name: "Tickets" });
  const rows = list.locator("[data-ticket-row]");
  await expect(rows).toHaveCount(4);
  await list.getByRole("combobox", { name: "Sort by" }).click();
  await page.getByRole("option", { name: "Seats, highest first" }).click();
  await expect(page).toHaveURL(/sort=-field\.seats/);
  // 50 before 7 before 5 (not as text), the ticket without a value last.
  const order = async () => (await rows.allTextContents()).map((t) => /Seats \w+ (fifty|five|none|seven)/.exec(t)?.[1]);
  await expect.poll(order).toEqual(["fifty", "seven", "five", "none"]);
  await page.reload();
  await expect(list.getByRole("combobox", { name: "Sort by" })).toContainText("Seats, highest first");
  await expect.poll(order).toEqual(["fifty", "seven", "five", "none"]);
  await list.getByRole("combobox", { name: "Sort by" }).click();
  await page.getByRole("option", { name: "Seats, lowest first" }).click();
  await expect(page).toHaveURL(/sort=field\.seats/);
  await expect.poll(order).toEqual(["five", "seven", "fifty", "none"]);
});

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`custom fields at ${size.width} px, ${theme}: settings, editor and the ticket's fields fit the screen`, async ({
      page,
      team,
    }) => {
      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await signInAs(page, team.admin.email);
      await fieldViaApi(page, { key: "order_no", label: "Order no.", type: "text", helpText: "From the confirmation" });
      await fieldViaApi(page, {
        key: "tier",
        label: "Tier",
        type: "dropdown",
        options: ["Basic", "Pro", "Enterprise"],
        customerVisible: true,
      });
      await fieldViaApi(page, { key: "refund", label: "Refund approved", type: "checkbox", required: true });
      await fieldViaApi(page, {
        key: "areas",
        label: "Areas",
        type: "multi_select",
        options: ["Billing", "API", "Mobile"],
      });
      await fieldViaApi(page, { key: "due_on", label: "Due on", type: "date" });
      const shot = `${size.width}-${theme}`;
      await page.goto("/settings#fields");
      const card = page.getByRole("tabpanel", { name: "Fields" });
      await expect(card.locator('[data-field="tier"]')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `fields-settings-${shot}.png`), fullPage: true });

      await card.getByRole("button", { name: "Edit Tier" }).click();
      const dialog = page.getByRole("dialog", { name: 'Edit field "Tier"' });
      await expect(dialog.getByRole("textbox", { name: "Option 3" })).toHaveValue("Enterprise");
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `fields-editor-${shot}.png`) });
      await page.keyboard.press("Escape");

      const ticket = await freshTicket(page, `Screens ${unique()}`);
      const res = await page.request.put(`/api/tickets/${ticket.id}`, {
        data: { customFields: { order_no: "A-10482", tier: "Pro", areas: ["Billing", "API"], due_on: "2026-12-24" } },
      });
      expect(res.status()).toBe(200);
      await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
      await showTicketDetails(page);
      const fields = page.getByRole("article").getByRole("region", { name: "Fields" });
      await expect(page.getByRole("article").getByRole("textbox", { name: "Order no." })).toHaveValue("A-10482");
      await fields.scrollIntoViewIfNeeded().catch(() => undefined);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `fields-ticket-${shot}.png`) });

      // The list sorted by a field, its sort menu open on the organisation's fields.
      await page.goto("/app?sort=-field.tier#all-open");
      const list = page.getByRole("region", { name: "Tickets" });
      await list.getByRole("combobox", { name: "Sort by" }).click();
      await expect(page.getByRole("option", { name: "Tier, Z to A" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `fields-list-sort-${shot}.png`) });
      await page.keyboard.press("Escape");
    });
  }
}
