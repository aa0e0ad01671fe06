import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createOrgAdmin } from "./db";
import { signInAs, toastText, uniqueEmail } from "./helpers";
import { expect, test } from "./team";

/** The admin of a new, onboarded free organisation, signed in. */
async function newOnboardedAdmin(page: Page) {
  await signInAs(page, await createOrgAdmin());
}

/** Toasts come and go during these flows; the toast component has its own checks. */
async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-slot="toast"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("settings", () => {
  test("the tab follows the URL hash and switching updates it", async ({ page }) => {
    await newOnboardedAdmin(page);
    await page.goto("/settings");
    await expect(page.getByRole("tab", { name: "Plan & Billing" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("current-plan")).toHaveText("Free");
    await expect(page.getByText("Monthly price")).toBeVisible();
    await expect(page.getByText("No payment method is configured.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Usage & Limits" })).toBeVisible();
    await expect(page.getByText("Custom", { exact: true })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Agent seats: 1 used · 1 seat" })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole("button", { name: "Upgrade Plan" }).click();
    await expect(
      page.getByRole("dialog", { name: "Upgrade your plan" }).getByRole("heading", { name: "Pro" }),
    ).toBeVisible();
    await page.keyboard.press("Escape");

    await page.getByRole("tab", { name: "Organization" }).click();
    await expect(page).toHaveURL(/\/settings#organization$/);
    await expect(page.getByTestId("organization-name")).toHaveText(/^Owner Co /);

    await page.goto("/settings#team");
    await expect(page.getByRole("tab", { name: "Team" })).toHaveAttribute("aria-selected", "true");
    await page.goto("/settings#organization");
    await expect(page.getByRole("tab", { name: "Organization" })).toHaveAttribute("aria-selected", "true");
  });

  test("on a wide screen the tabs stand in a column beside the open one; on a phone they wrap above it", async ({
    page,
  }) => {
    await newOnboardedAdmin(page);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto("/settings");
    const tabs = page.getByRole("tablist");
    await expect(tabs).toHaveAttribute("aria-orientation", "vertical");
    const plan = await page.getByRole("tab", { name: "Plan & Billing" }).boundingBox();
    const team = await page.getByRole("tab", { name: "Team" }).boundingBox();
    const panel = await page.getByRole("tabpanel").boundingBox();
    expect(team!.y).toBeGreaterThan(plan!.y);
    expect(team!.x).toBe(plan!.x);
    expect(panel!.x).toBeGreaterThan(plan!.x + plan!.width);
    // The arrow keys follow the column.
    await page.getByRole("tab", { name: "Plan & Billing" }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("tab", { name: "Team" })).toBeFocused();
    await expectNoViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(tabs).toHaveAttribute("aria-orientation", "horizontal");
    const narrowPanel = await page.getByRole("tabpanel").boundingBox();
    const narrowTabs = await tabs.boundingBox();
    expect(narrowPanel!.y).toBeGreaterThan(narrowTabs!.y + narrowTabs!.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("Organization tab: add, toggle and remove a support email within the plan's limit", async ({ page }) => {
    await newOnboardedAdmin(page);
    await page.goto("/settings#organization");
    const card = page
      .locator('[data-slot="card"]')
      .filter({ has: page.getByRole("heading", { name: "Support Email Addresses" }) });
    await expect(card.getByTestId("support-email-count")).toHaveText("0 / 1");

    const add = card.getByRole("button", { name: "Add Email" });
    await expect(add).toBeDisabled();
    const address = uniqueEmail("desk");
    await card.getByLabel("Email address").fill(address.toUpperCase());
    await expect(add).toBeDisabled();
    await card.getByLabel("Display name").fill("Desk");
    await add.click();
    await expect(toastText(page, "Support email added")).toBeVisible();
    const row = card.getByTestId("support-email").filter({ hasText: address.toLowerCase() });
    await expect(row).toContainText("Desk");
    await expect(card.getByTestId("support-email-count")).toHaveText("1 / 1");
    await expectNoViolations(page);

    // At the free plan's limit the form gives way to an upgrade prompt.
    await expect(add).toHaveCount(0);
    await expect(card.getByText(/reached your Free plan's limit of 1 support email address/)).toBeVisible();
    await card.getByRole("button", { name: "Upgrade to Add More" }).click();
    await expect(page.getByRole("dialog", { name: "Upgrade your plan" })).toBeVisible();
    await page.keyboard.press("Escape");

    const active = row.getByRole("switch", { name: `Active: ${address.toLowerCase()}` });
    await expect(active).toBeChecked();
    await active.click();
    await expect(toastText(page, "Status updated")).toBeVisible();
    await expect(active).not.toBeChecked();
    await expect(row).toContainText("Inactive");

    await row.getByRole("button", { name: `Remove ${address.toLowerCase()}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove support email?" });
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(toastText(page, "Support email removed")).toBeVisible();
    await expect(card.getByTestId("support-email")).toHaveCount(0);
    await expect(card.getByTestId("support-email-count")).toHaveText("0 / 1");
    await expect(card.getByRole("button", { name: "Add Email" })).toBeVisible();
  });

  test("an address another organisation uses is refused with the server's message", async ({ page }) => {
    await newOnboardedAdmin(page);
    const taken = uniqueEmail("taken");
    expect(
      (await page.request.post("/api/support-emails", { data: { email: taken, displayName: "Mine" } })).status(),
    ).toBe(201);
    await page.context().clearCookies();
    await newOnboardedAdmin(page);
    await page.goto("/settings#organization");
    await page.getByLabel("Email address").fill(taken);
    await page.getByLabel("Display name").fill("Theirs");
    await page.getByRole("button", { name: "Add Email" }).click();
    await expect(toastText(page, "This email address is already in use")).toBeVisible();
  });

  test("an agent sees the support emails read-only", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    await page.goto("/settings#organization");
    await expect(page.getByRole("heading", { name: "Support Email Addresses" })).toBeVisible();
    await expect(page.getByText("Contact your administrator to change support email addresses.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Email" })).toHaveCount(0);
  });
});
