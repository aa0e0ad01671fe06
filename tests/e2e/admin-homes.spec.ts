import type { Locator, Page } from "@playwright/test";
import { createOrgAdmin } from "./db";
import { signInAs, toastText, uniqueEmail } from "./helpers";
import { expect, test } from "./team";

// The admin's screens: each fits a phone, each question (usage, people, team activity,
// settings) has one home the others lead to, seats count the invitations that hold them, and
// nothing offered leads nowhere.

/**
 * Waits for what shows the screen has loaded, then checks nothing on it is wider than the screen:
 * not the page, and not a part that would pan sideways inside its own scrolling box (a table
 * alone may scroll within its card).
 */
async function expectFits(page: Page, shown: Locator) {
  await expect(shown).toBeVisible();
  const overflowing = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const inTable = (el: Element) => el.closest('[data-slot="table-container"]');
    const wide = [...document.querySelectorAll("body *")].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right > width + 0.5 && !inTable(el);
    });
    return [document.documentElement.scrollWidth - width, wide.slice(0, 3).map((el) => el.outerHTML.slice(0, 120))];
  });
  expect(overflowing, `${page.url()} is wider than the screen`).toEqual([0, []]);
}

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });
const tab = (page: Page, name: string) => page.getByRole("tab", { name }).click();

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the dashboard and every admin and settings screen are no wider than the screen", async ({ page, team }) => {
    await signInAs(page, team.admin.email);
    await page.goto("/app#dashboard");
    await expectFits(page, page.getByRole("img", { name: /tickets created and \d+ resolved/ }));

    await page.goto("/admin");
    await expectFits(page, heading(page, "Ticket Status Breakdown"));
    await tab(page, "Agents");
    await expectFits(page, page.getByRole("table", { name: "Agents" }));
    await tab(page, "Activity");
    await expectFits(page, page.getByRole("list", { name: "Activity log" }));

    await page.goto("/users");
    await expectFits(page, page.getByTestId("user-row").first());

    await page.goto("/settings");
    await expectFits(page, heading(page, "Usage & Limits"));
    await tab(page, "Team");
    await expectFits(page, page.getByRole("button", { name: "Send Invitation" }));
    await tab(page, "Organization");
    await expectFits(page, heading(page, "Support Email Addresses"));
    await tab(page, "Macros");
    await expectFits(page, heading(page, "Macros"));
  });

  test("the platform administration's tabs are no wider than the screen", async ({ page, team }) => {
    await signInAs(page, team.platformAdmin.email);
    await page.goto("/platform-admin");
    await expectFits(page, page.getByTestId("plan-total"));
    await tab(page, "Organizations");
    await expectFits(page, page.getByTestId("organization-row").first());
    await tab(page, "System Health");
    await expectFits(page, page.getByText("Reachable", { exact: true }));
  });
});

test("User Management's Invite button invites; the seat figures count the invitation and the server agrees", async ({
  page,
}) => {
  await signInAs(page, await createOrgAdmin({ plan: "starter" })); // 2 seats: the admin holds one
  await page.goto("/users");
  const seats = page.getByTestId("seat-figure");
  await expect(seats).toHaveText("1 used · 2 seats");

  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Invite Team Member" });
  const email = uniqueEmail("invited");
  await dialog.getByLabel("Email address").fill(email);
  await dialog.getByRole("button", { name: "Send Invitation" }).click();
  await expect(toastText(page, "Invitation sent")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("list", { name: "Pending invitations" }).getByText(email)).toBeVisible();
  await expect(seats).toHaveText("1 used · 1 invited · 2 seats");

  // The invitation holds the last seat: the screens say full, and so does the server.
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(
    dialog.getByText(/All agent seats on your plan are in use or held by pending invitations/),
  ).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Send Invitation" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  const refused = await page.request.post("/api/team-invites", {
    data: { email: uniqueEmail("one-too-many"), role: "agent" },
  });
  expect(refused.status()).toBe(409);

  await page.goto("/settings#team");
  await expect(page.getByRole("tabpanel", { name: "Team" }).getByTestId("seat-figure")).toHaveText(
    "1 used · 1 invited · 2 seats",
  );
  await page.goto("/settings#plan");
  await expect(page.getByRole("progressbar", { name: "Agent seats: 1 used · 1 invited · 2 seats" })).toBeVisible();
  await expect(page.getByText("1 used · 1 invited · 2 seats")).toBeVisible();
  // Nothing here is marked "Coming soon" that could be said plainly.
  const plan = page.locator('[data-slot="card"]').filter({ has: page.getByRole("heading", { name: "Current Plan" }) });
  await expect(plan.getByText("Monthly", { exact: true })).toBeVisible();
  await expect(plan.getByText("Coming soon", { exact: true })).toHaveCount(0);
});

test("each question has one home: the dashboard and admin screens lead to it", async ({ page, team }) => {
  await signInAs(page, team.admin.email);
  await page.goto("/app#dashboard");
  await page.getByRole("link", { name: "All limits in Settings → Plan & Billing" }).click();
  await expect(page).toHaveURL(/\/settings#plan$/);
  await expect(page.getByRole("heading", { name: "Usage & Limits" })).toBeVisible();

  await page.goto("/admin");
  await expect(page.getByRole("progressbar", { name: /^Agent seats/ })).toHaveCount(0);
  await page.getByRole("link", { name: "See usage and limits in Settings → Plan & Billing" }).click();
  await expect(page.getByRole("tab", { name: "Plan & Billing" })).toHaveAttribute("aria-selected", "true");

  await page.goto("/settings#team");
  const tab = page.getByRole("tabpanel", { name: "Team" });
  await expect(tab.getByRole("list", { name: "Team members" })).toHaveCount(0);
  await tab.getByRole("link", { name: "Manage people, roles and invitations in User Management" }).click();
  await expect(page).toHaveURL("/users");
  await expect(page.getByRole("button", { name: "Invite", exact: true })).toBeVisible();
});

test.describe("with the system in dark mode", () => {
  test.use({ colorScheme: "dark" });

  test("the app is dark until the user picks a theme, and the pick is remembered", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    await page.goto("/app");
    const html = page.locator("html");
    await expect(html).toHaveClass(/\bdark\b/);
    await page.getByRole("button", { name: "Toggle theme" }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    await page.reload();
    await expect(page.getByRole("button", { name: "Toggle theme" })).toBeVisible();
    await expect(html).not.toHaveClass(/\bdark\b/);
  });
});

test("a signed-in user on an unknown page is offered the way back to the app, not Login or Sign up", async ({
  page,
  team,
}) => {
  await signInAs(page, team.agent.email);
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Open the app" })).toHaveAttribute("href", "/app");
  await expect(header.getByRole("link", { name: "Sign up" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
});
