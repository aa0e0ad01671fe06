import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { linkFromMail, signInAs, toastText, uniqueEmail } from "./helpers";
import { expect, test } from "./team";

/** A new agent of the team, made through the invitation API and its email. */
async function newTeammate(page: Page, fullName: string) {
  const email = uniqueEmail("managed");
  const invited = await page.request.post("/api/team-invites", { data: { email, role: "agent" } });
  expect(invited.status()).toBe(201);
  const token = new URL(await linkFromMail(email, "/accept-invite")).searchParams.get("token");
  const accepted = await page.request.post("/api/team-invites/accept", {
    data: { token, fullName, password: "managed-password" },
  });
  expect(accepted.status()).toBe(201);
  return email;
}

test.describe("user management", () => {
  test("search a user, change their role, deactivate and reactivate them", async ({ page, playwright, team }) => {
    await signInAs(page, team.admin.email);
    const fullName = `Morgan Managed ${Date.now()}`;
    const email = await newTeammate(page, fullName);

    await page.goto("/users");
    for (const label of ["Total Users", "Active Users", "Inactive Users"])
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    const rows = page.getByTestId("user-row");
    await expect(rows.first()).toBeVisible();

    await page.getByLabel("Search users").fill("no-such-person-anywhere");
    await expect(page.getByText("No users found")).toBeVisible();
    await page.getByLabel("Search users").fill(fullName.toUpperCase());
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row).toContainText(email);
    await expect(row).toContainText("Agent");
    await expect(row).toContainText("Active");

    await row.getByRole("button", { name: `Actions for ${fullName}` }).click();
    await page.getByRole("menuitem", { name: "Edit Role" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Role" });
    await dialog.getByRole("combobox", { name: "Role" }).click();
    await expect(page.getByRole("option", { name: "Platform Admin" })).toHaveAttribute("aria-disabled", "true");
    await page.getByRole("option", { name: "End User" }).click();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastText(page, "User updated")).toBeVisible();
    await expect(toastText(page, "User role has been updated successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("End User");

    await row.getByRole("button", { name: `Actions for ${fullName}` }).click();
    await page.getByRole("menuitem", { name: "Deactivate" }).click();
    await expect(toastText(page, "User deactivated")).toBeVisible();
    await expect(row).toContainText("Inactive");
    const login = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    try {
      expect((await login.post("/api/login", { data: { email, password: "managed-password" } })).status()).toBe(401);

      await row.getByRole("button", { name: `Actions for ${fullName}` }).click();
      await page.getByRole("menuitem", { name: "Activate" }).click();
      await expect(toastText(page, "User activated")).toBeVisible();
      await expect(row).not.toContainText("Inactive");
      expect((await login.post("/api/login", { data: { email, password: "managed-password" } })).status()).toBe(200);
    } finally {
      await login.dispose();
    }
  });

  test("an admin cannot edit or deactivate their own row", async ({ page, team }) => {
    await signInAs(page, team.admin.email);
    await page.goto("/users");
    await page.getByLabel("Search users").fill(team.admin.email);
    const row = page.getByTestId("user-row").filter({ hasText: team.admin.email });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: /^Actions for / }).click();
    await expect(page.getByRole("menuitem", { name: "Edit Role" })).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("menuitem", { name: "Deactivate" })).toHaveAttribute("aria-disabled", "true");
  });

  test("on a phone the page stays within the screen; only the table scrolls sideways", async ({ page, team }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, team.admin.email);
    await page.goto("/users");
    await expect(page.getByTestId("user-row").first()).toBeVisible();
    const [pageWidth, screenWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    expect(pageWidth).toBeLessThanOrEqual(screenWidth);
    const table = page.locator('[data-slot="table-container"]');
    expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(page.getByText("Inactive Users", { exact: true })).toBeInViewport({ ratio: 1 });
  });
});

test("User Management and its Edit Role dialog have no accessibility violations, in light and dark", async ({
  page,
  team,
}) => {
  const violations = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  await signInAs(page, team.admin.email);
  await page.goto("/users");
  await expect(page.getByTestId("user-row").first()).toBeVisible();
  await expect.poll(violations).toEqual([]);
  await page.getByRole("button", { name: "Toggle theme" }).click();
  await expect.poll(violations).toEqual([]);
  await page.getByLabel("Search users").fill(team.agent.email);
  await expect(page.getByTestId("user-row")).toHaveCount(1);
  await page
    .getByTestId("user-row")
    .getByRole("button", { name: /^Actions for / })
    .click();
  await page.getByRole("menuitem", { name: "Edit Role" }).click();
  await expect(page.getByRole("dialog", { name: "Edit Role" })).toBeVisible();
  await expect.poll(violations).toEqual([]);
});
