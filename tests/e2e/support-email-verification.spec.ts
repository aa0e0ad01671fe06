import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createOrgAdmin, recordMailboxCheck } from "./db";
import { linkFromMail, SCREEN_SIZES, signInAs, toastText, uniqueEmail, openInTheme } from "./helpers";

// A support address is used only once its organisation follows the link mailed to it; its
// mailbox can then be read over IMAP. Settings > Organization is also saved as screenshots
// at three widths, light and dark (SHOTS_DIR, else test-results/screens).
const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
function supportCard(page: Page) {
  return page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole("heading", { name: "Support Email Addresses" }) });
}

async function addAddress(page: Page, address: string, name: string) {
  const card = supportCard(page);
  await card.getByLabel("Email address", { exact: true }).fill(address);
  await card.getByLabel("Display name").fill(name);
  await card.getByRole("button", { name: "Add Email" }).click();
  await expect(toastText(page, "Support email added")).toBeVisible();
  return card.getByTestId("support-email").filter({ hasText: address });
}

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-slot="toast"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("add an address, follow the mailed link, see it Verified; connect its mailbox", async ({ page }) => {
  await signInAs(page, await createOrgAdmin({ plan: "pro" }));
  await page.goto("/settings#organization");
  const address = uniqueEmail("desk");
  const row = await addAddress(page, address, "Desk");
  await expect(row.getByText("Waiting for confirmation")).toBeVisible();

  // Resending sends a new link that replaces the first.
  const first = await linkFromMail(address, "/verify-support-email");
  await row.getByRole("button", { name: "Resend confirmation" }).click();
  await expect(toastText(page, "Confirmation sent")).toBeVisible();
  await expect.poll(() => linkFromMail(address, "/verify-support-email")).not.toBe(first);
  const second = await linkFromMail(address, "/verify-support-email");

  await page.goto(first);
  await page.getByRole("button", { name: "Confirm support address" }).click();
  await expect(
    toastText(page, "This confirmation link is invalid or has expired. Send a new one from Settings > Organization."),
  ).toBeVisible();
  await page.goto(second);
  await expect(page.getByRole("heading", { name: "Confirm a support address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm support address" }).click();
  await expect(page.getByRole("status")).toContainText(`${address} is confirmed`);

  await page.goto("/settings#organization");
  await expect(row.getByText("Verified", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Resend confirmation" })).toHaveCount(0);
  await expectNoViolations(page);

  await row.getByRole("button", { name: /mailbox for/i }).click();
  const dialog = page.getByRole("dialog", { name: `Mailbox for ${address}` });
  await expect(dialog.getByLabel("Username")).toHaveValue(address);
  await dialog.getByLabel("IMAP server").fill("203.0.113.10");
  await dialog.getByRole("button", { name: "Save mailbox" }).click();
  // The password is required the first time, and said so beside the field.
  await expect(dialog.getByText("Please enter the password")).toBeVisible();
  await dialog.getByLabel("Password").fill("mailbox-password");
  await dialog.getByRole("button", { name: "Save mailbox" }).click();
  await expect(toastText(page, "Mailbox saved")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId("mailbox-state")).toContainText("Reading INBOX at 203.0.113.10");

  // The saved password never comes back to the browser; an empty field keeps it.
  await row.getByRole("button", { name: /mailbox for/i }).click();
  await expect(dialog.getByLabel("Password")).toHaveValue("");
  await expect(dialog.getByText("Leave empty to keep the saved password.")).toBeVisible();
  await expect(dialog.getByLabel("IMAP server")).toHaveValue("203.0.113.10");
  await expectNoViolations(page);
  await dialog.getByLabel("Folder").fill("Support");
  await dialog.getByRole("button", { name: "Save mailbox" }).click();
  await expect(row.getByTestId("mailbox-state")).toContainText("Reading Support at 203.0.113.10");

  // A failed check is shown to the admin in the address's row.
  await recordMailboxCheck(address, "The mail server refused the username or password");
  await page.reload();
  await expect(row.getByTestId("mailbox-state")).toContainText("Last check failed:");
});

test("a private mail server is refused with the server's message", async ({ page }) => {
  await signInAs(page, await createOrgAdmin({ plan: "pro" }));
  await page.goto("/settings#organization");
  const address = uniqueEmail("private");
  const row = await addAddress(page, address, "Private");
  await row.getByRole("button", { name: /mailbox for/i }).click();
  const dialog = page.getByRole("dialog", { name: `Mailbox for ${address}` });
  await dialog.getByLabel("IMAP server").fill("127.0.0.1");
  await dialog.getByLabel("Password").fill("mailbox-password");
  await dialog.getByRole("button", { name: "Save mailbox" }).click();
  await expect(
    toastText(page, "This mail server is on a private or local network, which Ticketry does not connect to"),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`Settings > Organization at ${size.width} px, ${theme}`, async ({ page }) => {
      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await signInAs(page, await createOrgAdmin({ plan: "pro" }));
      await page.goto("/settings#organization");
      const verified = uniqueEmail("help");
      const row = await addAddress(page, verified, "Customer Support");
      await page.goto(await linkFromMail(verified, "/verify-support-email"));
      await page.getByRole("button", { name: "Confirm support address" }).click();
      await expect(page.getByRole("status")).toBeVisible();
      await page.goto("/settings#organization");
      await row.getByRole("button", { name: /mailbox for/i }).click();
      const dialog = page.getByRole("dialog", { name: `Mailbox for ${verified}` });
      await dialog.getByLabel("IMAP server").fill("203.0.113.10");
      await dialog.getByLabel("Password").fill("mailbox-password");
      await dialog.getByRole("button", { name: "Save mailbox" }).click();
      await expect(dialog).toHaveCount(0);
      await recordMailboxCheck(verified, "The mail server refused the username or password");
      await addAddress(page, uniqueEmail("billing"), "Billing");
      await page.reload();
      await expect(supportCard(page).getByTestId("support-email")).toHaveCount(2);
      await expect(row.getByTestId("mailbox-state")).toContainText("Last check failed");

      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      const name = `${size.width}-${theme}`;
      await page.screenshot({ path: path.join(SHOTS, `settings-organization-${name}.png`), fullPage: true });
      await row.getByRole("button", { name: /mailbox for/i }).click();
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `settings-mailbox-${name}.png`) });
    });
  }
}
