import { createOrgAdmin } from "./db";
import { signInAs } from "./helpers";
import { expect, test } from "./team";

// Who is offered what: upgrades only to admins of organisations below Pro; the set-up wizard
// only to admins; and an unknown address still looks like the product.

test.describe("upgrade prompts", () => {
  test("are shown to the admin of a Free organisation", async ({ page }) => {
    await signInAs(page, await createOrgAdmin({ plan: "free" }));
    await page.goto("/admin");
    await expect(page.getByRole("button", { name: "Upgrade to Pro" })).toBeVisible();
    await page.goto("/app#dashboard");
    await expect(page.getByText("Unlock advanced SLA, automation and more seats with the Pro plan.")).toBeVisible();
  });

  test("are never shown to an organisation already on Pro", async ({ page }) => {
    await signInAs(page, await createOrgAdmin({ plan: "pro" }));
    await page.goto("/app#dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByText(/with the Pro plan/)).toHaveCount(0);
    await page.goto("/admin");
    await expect(page.getByTestId("admin-plan")).toHaveText("Pro plan");
    await expect(page.getByRole("button", { name: "Upgrade to Pro" })).toHaveCount(0);
  });

  test("are never shown to agents, who cannot change the plan", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    await page.goto("/app#dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByText(/with the Pro plan/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Upgrade/ })).toHaveCount(0);
  });
});

test("agents cannot reach the onboarding wizard", async ({ page, team }) => {
  await signInAs(page, team.agent.email);
  await page.goto("/onboarding");
  await expect(page).toHaveURL(/\/app/);
  await expect(page.getByRole("heading", { name: "Set up your help desk" })).toHaveCount(0);
});

test("the 404 page has the product's header, footer and theme", async ({ page }) => {
  const res = await page.goto("/no-such-page-here");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Ticketry" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to your tickets" })).toHaveAttribute("href", "/app");
  // The bundled font, not whatever the OS has.
  const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(font).toMatch(/Inter/i);
  await page.getByRole("button", { name: /theme/i }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
});
