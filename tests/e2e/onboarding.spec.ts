import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createOrgAdmin, setPlanOf } from "./db";
import { linkFromMail, signInAs, toastText, uniqueEmail } from "./helpers";

async function registerNewOrganisation(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  const res = await page.request.post("/api/register", {
    data: { fullName: "Nova Founder", email, companyName: "Nova Desk", password: "founder-password" },
  });
  expect(res.status()).toBe(201);
  return email;
}

/** The admin of a new organisation that has not finished onboarding, signed in (no registration). */
async function newAdminBeforeOnboarding(page: Page) {
  await signInAs(page, await createOrgAdmin({ onboarded: false }));
}

/** Toasts come and go during these flows; the toast component has its own checks. */
async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-slot="toast"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("onboarding wizard", () => {
  test("all four steps: support email, team invites refused on free then sent on pro, dashboard", async ({ page }) => {
    const founder = await registerNewOrganisation(page, "wizard");
    await page.goto("/app");
    await expect(page).toHaveURL("/onboarding");
    await expect(page.getByText("Step 1 of 4")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: /step 1 of 4/ })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole("button", { name: "Get Started" }).click();

    // Step 2: both fields required, then the address is stored trimmed and lowercased.
    await expect(page.getByText("Step 2 of 4")).toBeVisible();
    await page.getByLabel("Display name").fill("Nova Support");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(toastText(page, "Please fill in all fields")).toBeVisible();
    const supportAddress = uniqueEmail("help");
    await page.getByLabel("Support email address").fill(`  ${supportAddress.toUpperCase()} `);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(toastText(page, "Support email added")).toBeVisible();

    // Step 3: the free plan's one seat is the founder's, and the wizard says so.
    await expect(page.getByText("Step 3 of 4")).toBeVisible();
    await expect(page.getByTestId("seat-note")).toHaveText("Your Free plan includes 1 agent seat: 1 in use, 0 left.");
    await expectNoViolations(page);
    await page.getByRole("button", { name: "Add" }).click();
    await expect(toastText(page, "Missing email")).toBeVisible();
    const teammate = uniqueEmail("teammate");
    const lead = uniqueEmail("lead");
    await page.getByLabel("Email address").fill(` ${teammate.toUpperCase()} `);
    await page.getByRole("button", { name: "Add" }).click();
    await page.getByLabel("Email address").fill(teammate);
    await page.getByRole("button", { name: "Add" }).click();
    await expect(toastText(page, "This email has already been added")).toBeVisible();
    await page.getByLabel("Email address").fill(lead);
    await page.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "Organization Admin" }).click();
    await page.getByRole("button", { name: "Add" }).click();
    await page.getByLabel("Email address").fill(uniqueEmail("dropped"));
    await page.getByRole("button", { name: "Add" }).click();
    const list = page.getByRole("list", { name: "Team members to invite" });
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await list.getByRole("button", { name: /^Remove dropped-/ }).click();
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").filter({ hasText: teammate })).toContainText("Agent");
    await expect(list.getByRole("listitem").filter({ hasText: lead })).toContainText("Admin");
    await expect(page.getByText("Invitations beyond your free seats will be refused.")).toBeVisible();

    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.locator('[data-slot="toast"]').getByText(/agent seats are all in use/)).toBeVisible();
    await expect(page.getByText("Step 3 of 4")).toBeVisible();

    // After an upgrade the same list goes out.
    await setPlanOf(founder, "pro");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(toastText(page, "2 invitations sent.")).toBeVisible();
    expect(await linkFromMail(teammate, "/accept-invite")).toContain("token=");

    await expect(page.getByText("Step 4 of 4")).toBeVisible();
    await page.getByRole("button", { name: "Go to Dashboard" }).click();
    await expect(page).toHaveURL("/app");

    const emails = await (await page.request.get("/api/support-emails")).json();
    expect(emails).toEqual([
      expect.objectContaining({ email: supportAddress.toLowerCase(), displayName: "Nova Support", isActive: true }),
    ]);
    await page.goto("/onboarding");
    await page.goto("/app");
    await expect(page).toHaveURL("/app");
  });

  test("skipping at step 1 ends onboarding", async ({ page }) => {
    await newAdminBeforeOnboarding(page);
    await page.goto("/onboarding");
    await page.getByRole("button", { name: "Skip for now" }).click();
    await expect(page).toHaveURL("/app");
    await page.goto("/app");
    await expect(page).toHaveURL("/app");
  });

  test("steps 2 and 3 can be skipped", async ({ page }) => {
    await newAdminBeforeOnboarding(page);
    await page.goto("/onboarding");
    await page.getByRole("button", { name: "Get Started" }).click();
    await expect(page.getByText("Step 2 of 4")).toBeVisible();
    await page.getByRole("button", { name: "Skip", exact: true }).click();
    await expect(page.getByText("Step 3 of 4")).toBeVisible();
    await page.getByRole("button", { name: "Skip", exact: true }).click();
    await expect(page.getByText("Step 4 of 4")).toBeVisible();
    await page.getByRole("button", { name: "Go to Dashboard" }).click();
    await expect(page).toHaveURL("/app");
    expect(await (await page.request.get("/api/support-emails")).json()).toEqual([]);
  });

  test("a failed support email shows the server's reason", async ({ page }) => {
    await newAdminBeforeOnboarding(page);
    await page.goto("/onboarding");
    await page.getByRole("button", { name: "Get Started" }).click();
    await page.getByLabel("Support email address").fill("not-an-address");
    await page.getByLabel("Display name").fill("Typo Support");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(toastText(page, "Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Step 2 of 4")).toBeVisible();
  });
});
