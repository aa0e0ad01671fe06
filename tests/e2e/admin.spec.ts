import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createInvite } from "./db";
import { signInAs, uniqueEmail } from "./helpers";
import { expect, test } from "./team";

/** Toasts come and go during these flows; the toast component has its own checks. */
async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-slot="toast"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("admin dashboard", () => {
  test("overview cards, breakdown and quick actions", async ({ page, team }) => {
    await signInAs(page, team.admin.email);
    const stats = await (await page.request.get("/api/tickets/stats")).json();
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByTestId("admin-plan")).toHaveText("Pro plan");
    await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    const stat = (name: string) => page.getByRole("group", { name }).getByTestId("stat-value");
    for (const name of ["Total Tickets", "Open Tickets", "Resolved Tickets", "Support Emails"])
      await expect(stat(name)).toHaveText(/^\d+$/);
    expect(Number(await stat("Total Tickets").textContent())).toBeGreaterThanOrEqual(stats.totalTickets);
    await expect(page.getByRole("group", { name: "Total Tickets" })).toContainText("All time");
    await expectNoViolations(page);
    await expect(page.getByRole("heading", { name: "Ticket Status Breakdown" })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: /^Open: \d+ of \d+$/ })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: /^In Progress: \d+ of \d+$/ })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: /^Resolved: \d+ of \d+$/ })).toBeVisible();
    // Usage and limits have one home, Settings > Plan & Billing; the overview leads there.
    await expect(page.getByRole("heading", { name: "Usage & Limits" })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: /^Agent seats/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "See usage and limits in Settings → Plan & Billing" })).toHaveAttribute(
      "href",
      "/settings#plan",
    );
    await expect(page.getByRole("link", { name: "Add Agent" })).toHaveAttribute("href", "/settings#team");
    await expect(page.getByRole("link", { name: "Manage Plan" })).toHaveAttribute("href", "/settings");
    await expect(page.getByRole("link", { name: "View Pricing" })).toHaveAttribute("href", "/pricing");
    await page.getByRole("link", { name: "Email Settings" }).click();
    await expect(page).toHaveURL(/\/settings#organization$/);
    await expect(page.getByRole("tab", { name: "Organization" })).toHaveAttribute("aria-selected", "true");

    await page.goto("/admin");
    // Already on Pro: the upgrade offers Enterprise only, never "Upgrade to Pro".
    await expect(page.getByRole("button", { name: "Upgrade to Pro" })).toHaveCount(0);
    await page.getByRole("button", { name: "Upgrade", exact: true }).first().click();
    const upgrade = page.getByRole("dialog", { name: "Upgrade your plan" });
    await expect(upgrade.getByRole("link", { name: "Contact Sales" })).toBeVisible();
    await expect(upgrade.getByRole("link", { name: "Upgrade to Pro" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.getByRole("main").getByRole("link", { name: "Settings", exact: true }).click();
    await expect(page).toHaveURL("/settings");
  });

  test("Agents lists the team with workloads; Activity shows a role change and a deactivation, newest first", async ({
    page,
    team,
  }) => {
    const email = uniqueEmail("promoted");
    const token = await createInvite(team.organization.slug, email, "agent");
    const accepted = await page.request.post("/api/team-invites/accept", {
      data: { token, fullName: "Pia Promoted", password: "promoted-password" },
    });
    expect(accepted.status()).toBe(201);

    await signInAs(page, team.admin.email);
    const [member] = await (await page.request.get(`/api/users?q=${encodeURIComponent(email)}`)).json();
    expect((await page.request.patch(`/api/users/${member.id}`, { data: { role: "org_admin" } })).ok()).toBe(true);
    expect((await page.request.patch(`/api/users/${member.id}`, { data: { isActive: false } })).ok()).toBe(true);

    await page.goto("/admin#agents");
    const agents = page.getByRole("table", { name: "Agents" });
    const sam = agents.getByRole("row").filter({ hasText: "Sam Agent" });
    await expect(sam).toContainText("Agent");
    await expect(sam).not.toContainText("inactive");
    await expect(sam).not.toContainText("(away)");
    const pia = agents.getByRole("row").filter({ hasText: "Pia Promoted" });
    await expect(pia).toContainText("Admin");
    await expect(pia).toContainText("(inactive)");
    // Who people are and what they may do is User Management's: no emails here, a link there.
    await expect(agents).not.toContainText(team.agent.email);
    await expect(
      page.getByRole("link", { name: "Manage people, roles and invitations in User Management" }),
    ).toHaveAttribute("href", "/users");
    await expectNoViolations(page);

    await page.getByRole("tab", { name: "Activity" }).click();
    await expect(page).toHaveURL(/\/admin#activity$/);
    const log = page.getByRole("list", { name: "Activity log" });
    const deactivated = log.getByRole("listitem").filter({ hasText: `Alex Admin deactivated ${email}` });
    const promoted = log
      .getByRole("listitem")
      .filter({ hasText: `Alex Admin changed the role of ${email} from Agent to Admin` });
    await expect(deactivated).toBeVisible();
    await expect(promoted).toBeVisible();
    await expect(
      log.getByRole("listitem").filter({ hasText: "Pia Promoted accepted an invitation and joined as Agent" }),
    ).toBeVisible();
    await expectNoViolations(page);
    const texts = await log.getByRole("listitem").allTextContents();
    const at = (needle: string) => texts.findIndex((t) => t.includes(needle));
    expect(at(`deactivated ${email}`)).toBeLessThan(at(`changed the role of ${email}`));

    // The seeded organisation has more than one page of history.
    const before = texts.length;
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => log.getByRole("listitem").count()).toBeGreaterThan(before);
  });

  test("is for admins only", async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    await page.goto("/admin");
    await expect(page).toHaveURL("/app");
  });
});
