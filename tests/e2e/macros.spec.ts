import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createOrgAdmin } from "./db";
import { SCREEN_SIZES, signInAs, toastText, openInTheme, expectNoSidewaysScroll } from "./helpers";
import { expect, test } from "./team";

// Macros end to end: an admin creates one in Settings (placeholders checked as they type), an
// agent applies it from the reply box and from the command palette with the keyboard alone,
// sends, and sees the filled-in text and the macro's field changes in the ticket's history.
// Screens are saved at the widths agents use, light and dark (SHOTS_DIR, else test-results/screens).

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
async function expectNoViolations(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).exclude('[data-slot="toast"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A macro made through the API as the team's admin (for the agent's part and the screenshots). */
async function macroViaApi(page: Page, body: Record<string, unknown>) {
  const res = await page.request.post("/api/macros", { data: body });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

/** A fresh ticket of the team's, so no two tests share one. */
async function freshTicket(page: Page, subject: string) {
  const res = await page.request.post("/api/tickets", {
    data: {
      subject,
      description: "I was charged twice",
      customerName: "Casey Jones",
      customerEmail: "casey.jones@example.test",
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { ticketNumber: number };
}

/** Moves the focus with Tab until it is on the element the locator names (keyboard only). */
async function tabTo(page: Page, name: RegExp) {
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute("aria-label") ?? el.textContent ?? "").trim() : "";
    });
    if (name.test(label)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

test("an admin creates a macro: unknown placeholders are named as they are typed", async ({ page, team }) => {
  await signInAs(page, team.admin.email);
  await page.goto("/settings#macros");
  const card = page.getByRole("tabpanel", { name: "Macros" });
  await card.getByRole("button", { name: "New Macro" }).click();
  const dialog = page.getByRole("dialog", { name: "New macro" });
  const name = `Refund issued ${unique()}`;
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  const text = dialog.getByRole("textbox", { name: "Reply text" });
  await text.fill("Hi {{customer.nickname}}");
  await expect(dialog.getByText(/^Unknown placeholder \{\{customer\.nickname\}\}/)).toBeVisible();
  await expect(text).toHaveAttribute("aria-invalid", "true");
  await text.fill("Hi ");
  await dialog.getByRole("button", { name: /^Insert \{\{customer\.firstName\}\}/ }).click();
  await text.press("End");
  await text.pressSequentially(", your refund for #{{ticket.number}} is on its way. {{agent.firstName}}");
  await expect(dialog.getByText(/Unknown placeholder|Malformed placeholder/)).toHaveCount(0);
  await dialog.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Pending" }).click();
  await dialog.getByRole("combobox", { name: "Priority" }).click();
  await page.getByRole("option", { name: "High" }).click();
  await expectNoViolations(page);
  await dialog.getByRole("button", { name: "Create Macro" }).click();
  await expect(dialog).toBeHidden();
  const row = card.locator(`[data-macro="${name}"]`);
  await expect(row).toContainText("Hi {{customer.firstName}}, your refund for #{{ticket.number}}");
  await expect(row.getByText("Status: Pending")).toBeVisible();
  await expect(row.getByText("Priority: High")).toBeVisible();
  await expectNoViolations(page);
});

test("an agent applies a macro with the keyboard alone, from the reply box and from the palette", async ({
  page,
  team,
}) => {
  await signInAs(page, team.admin.email);
  const tag = unique();
  const macro = await macroViaApi(page, {
    name: `Refund ${tag}`,
    body: "Hi {{customer.firstName}}, your refund for #{{ticket.number}} is on its way. {{agent.firstName}}",
    status: "pending",
    priority: "high",
  });
  const followUp = await macroViaApi(page, { name: `Follow up ${tag}`, body: "Anything else, {{customer.name}}?" });
  await signInAs(page, team.agent.email);
  const ticket = await freshTicket(page, `Double charge ${tag}`);
  await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
  const detail = page.getByRole("article");
  await expect(detail.getByRole("heading", { name: `Double charge ${tag}` })).toBeVisible();

  // Reply box: r, then Tab to Macros, Enter, type to filter, Enter inserts.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("r");
  const reply = detail.getByRole("textbox", { name: "Reply" });
  await expect(reply).toBeFocused();
  await tabTo(page, /^Macros$/);
  await page.keyboard.press("Enter");
  const picker = page.getByRole("dialog", { name: "Insert a macro" });
  await expect(picker.getByRole("combobox", { name: "Search macros" })).toBeFocused();
  await page.keyboard.type(`Refund ${tag}`);
  await expect(picker.getByRole("option")).toHaveCount(1);
  await page.keyboard.press("Enter");
  await expect(picker).toBeHidden();
  await expect(reply).toBeFocused();
  await expect(reply).toHaveValue(`Hi Casey, your refund for #${ticket.ticketNumber} is on its way. Sam`);
  const pending = detail.locator("[data-pending-macro]");
  await expect(pending).toContainText(`macro "${macro.name}" will also change: Status: Pending, Priority: High`);

  // Palette: Ctrl+K from the reply text, type, Enter appends the second macro below.
  await page.keyboard.press("End");
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette.getByRole("combobox")).toBeFocused();
  await page.keyboard.type(`Follow up ${tag}`);
  await expect(palette.getByRole("option", { name: `Apply macro: ${followUp.name}` })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(palette).toBeHidden();
  await expect(reply).toHaveValue(
    `Hi Casey, your refund for #${ticket.ticketNumber} is on its way. Sam\nAnything else, Casey Jones?`,
  );
  await expect(reply).toBeFocused();
  // The second macro has no field changes: the first one's stay pending.
  await expect(pending).toContainText(macro.name);

  await tabTo(page, /^Send Reply$/);
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Reply sent")).toBeVisible();
  await expect(pending).toBeHidden();
  const conversation = detail.getByRole("region", { name: "Conversation" });
  await expect(
    conversation.getByText(`Hi Casey, your refund for #${ticket.ticketNumber} is on its way. Sam`),
  ).toBeVisible();
  await expect(conversation.getByText("Anything else, Casey Jones?")).toBeVisible();
  await expect(detail.getByRole("combobox", { name: "Status" })).toHaveText("Pending");
  await expect(detail.getByRole("combobox", { name: "Priority" })).toHaveText("High");
  await expect(
    detail.getByText(`Sam Agent changed the status from Open to Pending with the macro "${macro.name}"`),
  ).toBeVisible();
  await expect(
    detail.getByText(`Sam Agent changed the priority from Medium to High with the macro "${macro.name}"`),
  ).toBeVisible();
  await expectNoViolations(page);
});

test("the pricing page lists each plan's macros", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page.getByText("3 macros", { exact: true })).toBeVisible();
  await expect(page.getByText("20 macros", { exact: true })).toBeVisible();
  await expect(page.getByText("Unlimited macros", { exact: true })).toHaveCount(2);
});

test("at the Free plan's limit, Settings shows the limit and the upgrade offer", async ({ page }) => {
  const owner = await createOrgAdmin({ plan: "free" });
  await signInAs(page, owner);
  for (const name of ["Greeting", "Closing", "Escalation"]) await macroViaApi(page, { name, body: "Hello" });
  await page.goto("/settings#macros");
  const card = page.getByRole("tabpanel", { name: "Macros" });
  await expect(card.getByTestId("macro-count")).toHaveText("3 / 3");
  await expect(card.getByText("You've reached your Free plan's limit of 3 macros.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Upgrade to Add More" })).toBeVisible();
  await expect(card.getByRole("button", { name: "New Macro" })).toHaveCount(0);
  await expectNoViolations(page);
});

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`macros at ${size.width} px, ${theme}: settings list, editor and the reply box's list fit the screen`, async ({
      page,
      team,
    }) => {
      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await signInAs(page, team.admin.email);
      const tag = unique();
      await macroViaApi(page, {
        name: `Screens ${tag}`,
        body: "Hi {{customer.firstName}}, thanks for waiting. We have fixed the issue on our side.",
        status: "resolved",
        priority: "low",
        assignee: "unassign",
      });
      const name = `${size.width}-${theme}`;
      await page.goto("/settings#macros");
      const card = page.getByRole("tabpanel", { name: "Macros" });
      await expect(card.locator(`[data-macro="Screens ${tag}"]`)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `macros-settings-${name}.png`), fullPage: true });

      await card.getByRole("button", { name: "New Macro" }).click();
      const dialog = page.getByRole("dialog", { name: "New macro" });
      await dialog.getByRole("textbox", { name: "Reply text" }).fill("Hi {{customer.nick}}");
      await expect(dialog.getByText(/^Unknown placeholder/)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `macros-editor-${name}.png`) });
      await page.keyboard.press("Escape");

      const ticket = await freshTicket(page, `Screens ${tag}`);
      await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
      const detail = page.getByRole("article");
      // The reply box's tools show once it is in use.
      await detail.getByRole("textbox", { name: "Reply" }).click();
      await detail.getByRole("button", { name: "Macros" }).click();
      const picker = page.getByRole("dialog", { name: "Insert a macro" });
      await picker.getByRole("combobox", { name: "Search macros" }).fill(`Screens ${tag}`);
      await expect(picker.getByRole("option")).toHaveCount(1);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `macros-picker-${name}.png`) });
      await page.keyboard.press("Enter");
      await expect(detail.locator("[data-pending-macro]")).toBeVisible();
      await detail.locator("[data-pending-macro]").scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `macros-reply-box-${name}.png`) });
    });
  }
}
